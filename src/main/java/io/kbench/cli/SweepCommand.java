package io.kbench.cli;

import io.kbench.console.RebalanceTable;
import io.kbench.console.SweepTable;
import io.kbench.error.InvalidInputException;
import io.kbench.experiment.Budget;
import io.kbench.experiment.Repeat;
import io.kbench.experiment.RunContext;
import io.kbench.experiment.Sweep;
import io.kbench.experiment.SweepDesign;
import io.kbench.experiment.SweepFiles;
import io.kbench.kpi.Threshold;
import io.kbench.report.ReportRenderer;
import io.kbench.result.sweep.SweepResult;
import java.io.PrintStream;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code kbench sweep FILE}: one workload at many points, each repeated, summarised as median [min..max]. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Run a workload at every point of a sweep file (axes or explicit points), each repeated.",
            "Writes sweep.json, sweep.csv and a ranked table. See docs/sweeps.md."})
public final class SweepCommand extends WorkloadCommand {
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

    /** auto or a count; overrides the sweep file's repeat. */
    @Option(names = "--repetitions", paramLabel = "auto|N",
            description = "Repetitions of every point: N, or auto (rounds until every finding, or every point against the"
                    + " first, is decided or the budget is spent). Overrides the sweep file's repeat.")
    String repetitions;

    /** What repeat: auto may spend; overrides the sweep file's budget. */
    @Option(names = "--budget", paramLabel = "RUNS|DURATION",
            description = "With auto repetitions: the most runs (24) or time (30m, 2h) to spend; a round the budget"
                    + " cannot finish is not started. Default: 10 runs per point. Overrides the sweep file's budget.")
    String budget;

    private SweepDesign design;
    private Threshold slaThreshold;

    @Override
    ClientRuntime load() {
        design = options.sweep(sweepFile).withRepetitions(
                repetitions == null ? null : Repeat.parse("--repetitions", repetitions),
                budget == null ? null : Budget.parse("--budget", budget));
        slaThreshold = sla == null ? null : Threshold.parse(sla);
        if (design.spec().campaign() && options.target.embedded.anyGiven()) {
            throw InvalidInputException.field("clusters", design.spec().clusters().stream()
                    .map(io.kbench.experiment.CampaignCluster::name).toList(), "a campaign runs on its named external"
                    + " clusters: the embedded-cluster options (--brokers, --data-dir, --keep-data, --broker-*, --security"
                    + " and its options) cannot be given with it");
        }
        return new ClientRuntime(design.clientJavaHome(), design.clientKafkaVersion());
    }

    @Override
    Experiment experiment(RunContext context) {
        Sweep sweep = new Sweep(design, resumeDir != null ? resumeDir : context.output().newDir(design.spec().name()), context);
        // A sweep takes its watchers from its context: it is remade with them, in the directory already chosen.
        return new Experiment(sweep::dryRun, (watchers, out) -> {
            Sweep watched = new Sweep(design, sweep.dir(), context.with(watchers));
            return report(watched, watched.execute(out), out);
        });
    }

    /** sweep.json, sweep.csv, the tables and the HTML report of what ran, even of an interrupted sweep. */
    private ExitPolicy report(Sweep sweep, Sweep.SweepOutcome outcome, PrintStream out) {
        SweepResult result = SweepFiles.toResult(outcome);
        Path json = SweepFiles.write(result, sweep.dir());
        SweepTable.print(result, slaThreshold, out);
        RebalanceTable.print(result, sweep.dir(), out);
        out.println("results: " + json);
        ReportRenderer.writeQuietly(sweep.dir(), new ReportRenderer.Options(null, null, slaThreshold), out);
        if (outcome.interrupted()) {
            out.println("resume with: kbench sweep " + sweepFile + " --resume " + sweep.dir());
        }
        return ExitPolicy.of(outcome);
    }
}
