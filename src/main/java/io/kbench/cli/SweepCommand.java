package io.kbench.cli;

import io.kbench.distributed.Distribution;
import io.kbench.error.ExitCode;
import io.kbench.error.InvalidInputException;
import io.kbench.experiment.RebalanceTable;
import io.kbench.experiment.Sweep;
import io.kbench.experiment.SweepPlan;
import io.kbench.experiment.SweepPoint;
import io.kbench.experiment.SweepReport;
import io.kbench.live.MetricsServer;
import io.kbench.report.ReportRenderer;
import io.kbench.telemetry.TelemetrySettings;
import io.kbench.verdict.Threshold;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
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

    private static final DateTimeFormatter DIR_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    /** Sweep YAML file. */
    @Parameters(paramLabel = "FILE", description = "Sweep YAML file.")
    Path sweepFile;

    /** Sweep directory to continue; completed repetitions are skipped. */
    @Option(names = "--resume", paramLabel = "DIR",
            description = "Continue the sweep in DIR: repetitions with a completed result.json are skipped.")
    Path resumeDir;

    /** Condition the best point must meet, e.g. 'e2e.p99<200ms'. */
    @Option(names = "--sla", paramLabel = "CONDITION",
            description = "Name the highest-throughput point whose median meets this condition, e.g. 'e2e.p99<200ms'.")
    String sla;

    /** Faults appended to the workload's faults list: every repetition of every point runs them on its own clock. */
    @Option(names = "--fault", paramLabel = "SPEC",
            description = {"Add a fault to every repetition (repeatable), times relative to each repetition's measured",
                "window, e.g. --fault 'at=20s action=kill target=leader duration=10s'. Each faulted repetition gets a",
                "fresh embedded cluster. Pass the same faults again with --resume. See docs/faults.md."})
    List<String> faults = new ArrayList<>();

    @Mixin
    TargetOptions target = new TargetOptions();

    @Mixin
    OutputOptions output = new OutputOptions();

    @Mixin
    MetricsOptions metrics = new MetricsOptions();

    @Mixin
    TelemetryOptions telemetry = new TelemetryOptions();

    @Mixin
    WorkerOptions workers = new WorkerOptions();

    @Override
    public Integer call() {
        SweepPlan plan = SweepPlan.load(sweepFile).withFaults(faults);
        Threshold slaThreshold = sla == null ? null : Threshold.parse(sla);
        Map<String, String> conn = target.connectionProperties();
        Distribution distribution = workers.distribution(conn);
        Optional<Integer> elsewhere = ClientJvm.forWorkload(clientJavaHome(plan), spec.commandLine());
        if (elsewhere.isPresent()) {
            return elsewhere.get();
        }
        TelemetrySettings sampling = telemetry.settings(target.clusterTarget(conn).external());
        Path dir = resumeDir != null ? resumeDir
                : output.resultsDir.resolve(DIR_TIME.format(Instant.now()) + "-" + plan.spec().name());
        PrintStream out = CommandOutput.out(spec);
        target.restrictClientCpus();
        Sweep.SweepOutcome outcome;
        try (MetricsServer live = metrics.start(out)) {
            Sweep sweep = new Sweep(plan, dir, conn, target.clusterTarget(conn), output.parsedThresholds(),
                    ConnectionOptions.parsePairs(output.tags, "--tag"), MetricsOptions.listener(live), output.verbose, sampling,
                    distribution);
            outcome = sweep.execute(out);
        }
        Path json = SweepReport.write(outcome, dir);
        SweepReport.print(outcome, slaThreshold, out);
        RebalanceTable.print(outcome, dir, out);
        out.println("results: " + json);
        ReportRenderer.writeQuietly(dir, new ReportRenderer.Options(null, null, slaThreshold), out);
        if (outcome.interrupted()) {
            out.println("resume with: kbench sweep " + sweepFile + " --resume " + dir);
            return ExitCode.INTERRUPTED.code();
        }
        if (outcome.anyFailed()) {
            return ExitCode.RUN_FAILED.code();
        }
        if (outcome.integrityViolated()) {
            return ExitCode.INTEGRITY_VIOLATION.code();
        }
        return outcome.thresholdsPassed() ? ExitCode.OK.code() : ExitCode.THRESHOLD_FAILED.code();
    }

    /**
     * The one client JDK of all points (null: kbench's own). The load generator of a sweep is one JVM, so points may
     * not differ in it: such a sweep is refused before anything starts.
     */
    private static String clientJavaHome(SweepPlan plan) {
        Set<String> homes = new TreeSet<>();
        boolean unset = false;
        for (SweepPoint point : plan.points()) {
            String home = plan.workload(point, null).clientJavaHome();
            if (home == null) {
                unset = true;
            } else {
                homes.add(home);
            }
        }
        if (homes.size() > 1 || (unset && !homes.isEmpty())) {
            throw InvalidInputException.field("clientJavaHome", unset ? homes + " and unset" : homes,
                    "differs between points, but a sweep's load generator is one JVM: run one sweep per JDK "
                            + "(or --client-java-home) and kbench compare the sweeps");
        }
        return homes.isEmpty() ? null : homes.iterator().next();
    }
}
