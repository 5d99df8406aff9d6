package io.kbench.cli;

import io.kbench.distributed.Distribution;
import io.kbench.error.ExitCode;
import io.kbench.experiment.ClusterTarget;
import io.kbench.live.MetricsServer;
import io.kbench.result.RunHeader;
import io.kbench.result.RunResult;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import io.kbench.telemetry.TelemetrySettings;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench run [FILE]}: one workload, on an embedded cluster unless --bootstrap-server is given. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a workload and write result.json, .hlog interval logs and broker logs.",
            "Without FILE, runs the bundled quick-start workload on one embedded broker."})
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec command;

    /** Workload YAML file; default the bundled quick-start. */
    @Parameters(arity = "0..1", paramLabel = "FILE", description = "Workload YAML file (default: the bundled quick-start).")
    Path workloadFile;

    /** Overrides of workload fields, applied after the file. */
    @Option(names = "--set", paramLabel = "PATH=VALUE",
            description = "Override a workload field (repeatable), e.g. --set producers.rate=5000 --set producers.properties.acks=1.")
    List<String> overrides = new ArrayList<>();

    /** Read the topic back after the load and check every record (same as {@code verify: true}). */
    @Option(names = "--verify", description = "After the load, read the topic back and check every record: lost, "
            + "duplicated, reordered, unexpected (same as --set verify=true; see docs/integrity.md).")
    boolean verify;

    /** Faults on the run's clock, appended to the workload's faults list. */
    @Option(names = "--fault", paramLabel = "SPEC",
            description = {"Add a fault (repeatable), e.g. --fault 'at=20s action=kill target=leader duration=10s'.",
                "Keys: at, action (kill, terminate, pause, restart, exec, delay, drop, isolate), target (broker id,"
                    + " leader, follower, controller, random), duration, partition, seed, delay and jitter (delay),"
                    + " scope (clients, peers, all), command (exec; the rest of the text). See docs/faults.md."})
    List<String> faults = new ArrayList<>();

    /** Print the resolved workload and exit without running. */
    @Option(names = "--dry-run", description = "Validate and print the resolved workload, then exit.")
    boolean dryRun;

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
        WorkloadSpec spec = new SpecLoader().load(workloadFile, withVerify(overrides, verify), faults);
        output.parsedThresholds();
        Map<String, String> conn = target.connectionProperties();
        Distribution distribution = workers.distribution(conn);
        TelemetrySettings sampling = telemetry.settings(target.clusterTarget(conn).external());
        if (dryRun) {
            RunHeader.printFull(spec, conn, target.singleRun(spec, conn, output).withDistribution(distribution).check(),
                    CommandOutput.out(command));
            return ExitCode.OK.code();
        }
        Optional<Integer> elsewhere = ClientJvm.forWorkload(spec.clientJavaHome(), command.commandLine());
        if (elsewhere.isPresent()) {
            return elsewhere.get();
        }
        target.restrictClientCpus();
        PrintStream out = CommandOutput.out(command);
        try (MetricsServer live = metrics.start(out)) {
            RunResult result = target.singleRun(spec, conn, output, MetricsOptions.listener(live), sampling)
                    .withDistribution(distribution).execute(out);
            return exitCode(result);
        }
    }

    /** {@code --verify} as the override it stands for, applied last. */
    static List<String> withVerify(List<String> overrides, boolean verify) {
        List<String> all = new ArrayList<>(overrides);
        if (verify) {
            all.add("verify=true");
        }
        return all;
    }

    /** An integrity violation outranks a failed threshold; a failed or interrupted run outranks both. */
    static int exitCode(RunResult result) {
        return switch (result.status()) {
            case COMPLETED -> result.integrityViolated() ? ExitCode.INTEGRITY_VIOLATION.code()
                    : result.thresholdsPassed() ? ExitCode.OK.code() : ExitCode.THRESHOLD_FAILED.code();
            case INTERRUPTED -> ExitCode.INTERRUPTED.code();
            default -> ExitCode.RUN_FAILED.code();
        };
    }
}
