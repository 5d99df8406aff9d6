package io.kbench.cli;

import io.kbench.compare.CompareInputs;
import io.kbench.compare.ComparisonDocument;
import io.kbench.compare.NamedComparison;
import io.kbench.console.ComparisonTable;
import io.kbench.error.ExitCode;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import io.kbench.report.ComparisonPage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench compare A B [C...]}: every KPI of each side against A as an effect with its interval and decision. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare results against the first, each side's effect with its interval and decision.",
            "Each RESULT is a result.json, a run directory, a sweep point directory with rep-N/result.json, or a sweep"
                + " (directory or sweep.json: one side per point). Two or more sweeps alone are compared point by point.",
            "Each side's effect against A is the ratio of geometric means with a --confidence interval: higher or lower"
                + " when the interval excludes no change, equivalent within --margin, else undecided with the smallest"
                + " effect the repetitions could detect; one run on a side or a window under 5 s decides nothing."
                + " See docs/sweeps.md."})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Results to compare; the first is the baseline. */
    @Parameters(arity = "1..*", paramLabel = "RESULT",
            description = "Results to compare; the first (A) is the baseline. A single sweep compares its points.")
    List<Path> results;

    /** Also write the comparison as JSON. */
    @Option(names = "--json", paramLabel = "FILE", description = "Also write the comparison (or the gate's verdicts) as JSON to FILE.")
    Path jsonFile;

    /** Also write the comparison as a self-contained HTML page. */
    @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison as an HTML page with charts to FILE.")
    Path htmlFile;

    @Mixin
    BaselineOptions baseline = new BaselineOptions();

    @Override
    public Integer call() {
        if (baseline.ref != null) {
            return baseline.gate(results, jsonFile, CommandOutput.out(spec), CommandOutput.err(spec));
        }
        baseline.refuseGateOnlyOptions();
        List<NamedComparison> comparisons = CompareInputs.resolve(results, baseline.rule());
        PrintStream out = CommandOutput.out(spec);
        ComparisonTable.print(comparisons, out);
        if (jsonFile != null) {
            try {
                StrictMapper.json().writeValue(jsonFile.toFile(), ComparisonDocument.of(comparisons));
            } catch (IOException e) {
                throw new InvalidInputException("--json " + jsonFile + ": cannot write: " + e.getMessage(), e);
            }
            out.println("json: " + jsonFile);
        }
        if (htmlFile != null) {
            out.println("html: " + ComparisonPage.write(comparisons, htmlFile));
        }
        return ExitCode.OK.code();
    }
}
