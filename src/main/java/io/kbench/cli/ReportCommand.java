package io.kbench.cli;

import io.kbench.kpi.Threshold;
import io.kbench.report.ReportRenderer;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench report}: a self-contained HTML report of a run, sweep or find-max result. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write a self-contained HTML report (charts inlined, works offline) of a result directory.",
                "The directory holds a run (result.json), a sweep (sweep.json) or a find-max result. See"
                    + " docs/reports.md."})
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "Result directory (or its result.json / sweep.json).")
    Path dir;

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write the HTML (default: DIR/report.html) or Markdown.")
    Path out;

    @Option(names = "--plan", paramLabel = "FILE", description = "Add a capacity plan: the --json output of 'kbench plan'.")
    Path plan;

    @Option(names = "--cost", paramLabel = "FILE", description = "Add cost-performance: the --json output of 'kbench cost'.")
    Path cost;

    @Option(names = "--sla", paramLabel = "COND", description = "Sweeps: mark the fastest point meeting this, e.g. e2e.p99<50ms.")
    String sla;

    @Option(names = "--markdown", description = "Sweeps: write the points table and the findings as Markdown for a study "
            + "page (default file: DIR/sweep.md) instead of HTML.")
    boolean markdown;

    @Override
    public Integer call() {
        if (markdown) {
            spec.commandLine().getOut().println("markdown: " + ReportRenderer.writeMarkdown(dir, out));
            spec.commandLine().getOut().flush();
            return 0;
        }
        Threshold parsed = sla == null ? null : Threshold.parse(sla);
        Path written = ReportRenderer.write(dir, out, new ReportRenderer.Options(plan, cost, parsed));
        spec.commandLine().getOut().println("report: " + written);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
