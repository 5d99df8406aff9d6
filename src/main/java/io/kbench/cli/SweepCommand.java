package io.kbench.cli;

import io.kbench.experiment.RebalanceTable;
import io.kbench.experiment.Sweep;
import io.kbench.experiment.SweepPlan;
import io.kbench.experiment.SweepReport;
import io.kbench.report.ReportRenderer;
import io.kbench.verdict.Threshold;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench sweep FILE}: one workload at many points, each repeated, summarised as median [min..max]. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Run a workload at every point of a sweep file (axes or explicit points), each repeated,",
            "and write sweep.json, sweep.csv and a ranked table. See docs/sweeps.md."})
public final class SweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Sweep YAML file. */
    @Parameters(paramLabel = "FILE", description = "Sweep YAML file.")
    Path sweepFile;

    /** Sweep directory to continue; completed repetitions are skipped. */
    @Option(names = "--resume", paramLabel = "DIR",
            description = "Continue the sweep in DIR: repetitions with a completed result.json are skipped. Pass the"
                    + " same --set, --verify and --fault again.")
    Path resumeDir;

    /** Condition the best point must meet, e.g. 'e2e.p99<200ms'. */
    @Option(names = "--sla", paramLabel = "CONDITION",
            description = "Name the highest-throughput point whose median meets this condition, e.g. 'e2e.p99<200ms'.")
    String sla;

    @Mixin
    RunContextOptions options = new RunContextOptions();

    @Override
    public Integer call() {
        SweepPlan plan = options.sweep(sweepFile);
        Threshold slaThreshold = sla == null ? null : Threshold.parse(sla);
        return options.launch(spec, plan.clientJavaHome(), context -> new RunContextOptions.Experiment() {
            private final Sweep sweep = new Sweep(plan,
                    resumeDir != null ? resumeDir : context.output().newDir(plan.spec().name()), context);

            @Override
            public void dryRun(PrintStream out) {
                sweep.dryRun(out);
            }

            @Override
            public ExitPolicy run(PrintStream out) {
                Sweep.SweepOutcome outcome = sweep.execute(out);
                Path json = SweepReport.write(outcome, sweep.dir());
                SweepReport.print(outcome, slaThreshold, out);
                RebalanceTable.print(outcome, sweep.dir(), out);
                out.println("results: " + json);
                ReportRenderer.writeQuietly(sweep.dir(), new ReportRenderer.Options(null, null, slaThreshold), out);
                if (outcome.interrupted()) {
                    out.println("resume with: kbench sweep " + sweepFile + " --resume " + sweep.dir());
                }
                return ExitPolicy.of(outcome);
            }
        });
    }
}
