package io.kbench.cli;

import io.kbench.compare.Comparison;
import io.kbench.compare.ComparisonReport;
import io.kbench.compare.RunSet;
import io.kbench.error.ExitCode;
import io.kbench.error.RunFailedException;
import io.kbench.spec.SpecMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code kbench compare A B [C...]}: every KPI of each side against A, and whether it beats run-to-run noise. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare results against the first: each a result.json, a run directory, or a sweep point",
            "directory with rep-N/result.json. With >= 2 repetitions on both sides, a change is 'significant' only",
            "when the min..max ranges do not overlap. See docs/sweeps.md."})
public final class CompareCommand implements Callable<Integer> {
    /** Results to compare; the first is the baseline. */
    @Parameters(arity = "2..*", paramLabel = "RESULT", description = "Results to compare; the first (A) is the baseline.")
    List<Path> results;

    /** Also write the comparison as JSON. */
    @Option(names = "--json", paramLabel = "FILE", description = "Also write the comparison as JSON to FILE.")
    Path jsonFile;

    @Override
    public Integer call() {
        Comparison comparison = Comparison.of(results.stream().map(RunSet::load).toList());
        ComparisonReport.print(comparison, System.out);
        if (jsonFile != null) {
            try {
                SpecMapper.json().writeValue(jsonFile.toFile(), ComparisonReport.toJson(comparison));
            } catch (IOException e) {
                throw new RunFailedException("cannot write " + jsonFile + ": " + e.getMessage(), e);
            }
            System.out.println("json: " + jsonFile);
        }
        return ExitCode.OK.code();
    }
}
