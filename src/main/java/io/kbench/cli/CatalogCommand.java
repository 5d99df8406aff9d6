package io.kbench.cli;

import io.kbench.catalog.Catalog;
import io.kbench.catalog.CatalogImport;
import io.kbench.error.ExitCode;
import io.kbench.error.InvalidInputException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench catalog import PATH...}: adds existing results to the catalog (docs/history.md). */
@Command(name = "catalog", mixinStandardHelpOptions = true,
        description = "The results catalog: 'kbench catalog import PATH...' adds existing results.",
        subcommands = CatalogCommand.Import.class)
public final class CatalogCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new InvalidInputException("catalog: expected a subcommand: import");
    }

    /** {@code kbench catalog import}. */
    @Command(name = "import", mixinStandardHelpOptions = true,
            description = {"Add every kbench result under PATH (directories are searched; files are read) to the catalog.",
                "That is each run, sweep repetition and find-max probe, each find-max answer and each sweep point's"
                    + " median.",
                "Idempotent: a result already in the catalog is counted, not added again."})
    static final class Import implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "PATH", description = "Result directories or files.")
        List<Path> paths;

        @Mixin
        CatalogReadOptions catalog = new CatalogReadOptions();

        @Override
        public Integer call() throws Exception {
            PrintStream out = CommandOutput.out(spec);
            try (Catalog c = catalog.open(CommandOutput.err(spec))) {
                CatalogImport.Report report = CatalogImport.run(c, paths);
                report.failures().forEach(f -> out.println("not imported: " + f));
                out.printf("catalog %s: %d result file(s) read, %d entr%s added, %d already there%n", c.url(),
                        report.files(), report.added(), report.added() == 1 ? "y" : "ies", report.already());
                return report.failures().isEmpty() ? ExitCode.OK.code() : ExitCode.INVALID_INPUT.code();
            }
        }
    }
}
