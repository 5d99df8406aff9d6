package io.kbench.cli;

import io.kbench.console.MergeText;
import io.kbench.console.SummaryTable;
import io.kbench.error.ExitCode;
import io.kbench.merge.RunMerger;
import io.kbench.report.ReportRenderer;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench merge DIR... --out DIR}: one exact result from runs that measured at the same time. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merge runs that measured at the same time against one cluster into one result, exactly.",
            "The runs may have been started on several hosts by your own scheduler: their .hlog interval histograms"
                + " are added (percentiles are never averaged), records and bytes summed over the merged window.",
            "OUT gets result.json (with each input's own figures under 'merge'), the merged .hlog files and"
                + " report.html. See docs/merge.md."})
public final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "2..*", paramLabel = "DIR", description = "Run result directories (each with result.json and its .hlog files).")
    List<Path> dirs;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "New directory for the merged result (must not exist or be empty).")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", description = "Name of the merged run (default: the first input's workload name).")
    String name;

    @Override
    public Integer call() {
        RunMerger.Merged merged = RunMerger.merge(dirs, out, name);
        Path file = merged.writeTo(out);
        RunResult result = merged.result();
        PrintStream stdout = CommandOutput.out(spec);
        MergeText.print(result, dirs.size(), stdout);
        SummaryTable.print(result.summary(), stdout);
        stdout.println("results: " + file);
        ReportRenderer.writeQuietly(out, stdout);
        stdout.flush();
        return result.status() == RunStatus.COMPLETED ? ExitCode.OK.code() : ExitCode.RUN_FAILED.code();
    }
}
