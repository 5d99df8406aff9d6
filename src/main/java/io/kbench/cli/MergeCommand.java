package io.kbench.cli;

import io.kbench.console.SummaryTable;
import io.kbench.error.ExitCode;
import io.kbench.merge.RunMerger;
import io.kbench.report.ReportRenderer;
import io.kbench.result.run.MergedInput;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Totals;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench merge DIR... --out DIR}: one exact result from runs that measured at the same time. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merge runs that measured at the same time against one cluster (e.g. started on several hosts by",
            "your own scheduler) into one result, exactly: their .hlog interval histograms are added (percentiles are",
            "never averaged), records and bytes summed over the merged window. OUT gets result.json (with each input's",
            "own figures under 'merge'), the merged .hlog files and report.html. See docs/merge.md."})
public final class MergeCommand implements Callable<Integer> {
    /** Below this share of the merged window spent measuring together, the output says so. */
    private static final double SHORT_OVERLAP = 0.8;

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
        Totals window = result.summary().produced().records() > 0 ? result.summary().produced() : result.summary().consumed();
        double common = result.merge().commonSec();
        stdout.printf(Locale.ROOT, "merged %d runs; all measuring together for %.1f s of the %.1f s merged window%n",
                dirs.size(), common, window.windowSec());
        if (common < SHORT_OVERLAP * window.windowSec()) {
            stdout.printf(Locale.ROOT, "note: that is %.0f%% of it; the merged rates are over the whole window, so runs"
                    + " started further apart read slower than they ran together%n", 100 * common / window.windowSec());
        }
        for (MergedInput in : result.merge().inputs()) {
            stdout.printf(Locale.ROOT, "  %s: %s, %,d records produced, %,d consumed%n", in.dir(), in.status(),
                    in.summary().produced() == null ? 0 : in.summary().produced().records(),
                    in.summary().consumed() == null ? 0 : in.summary().consumed().records());
        }
        SummaryTable.print(result.summary(), stdout);
        stdout.println("results: " + file);
        ReportRenderer.writeQuietly(out, stdout);
        stdout.flush();
        return result.status() == RunStatus.COMPLETED ? ExitCode.OK.code() : ExitCode.RUN_FAILED.code();
    }
}
