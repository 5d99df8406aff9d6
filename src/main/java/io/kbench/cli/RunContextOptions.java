package io.kbench.cli;

import io.kbench.error.ExitCode;
import io.kbench.experiment.RunContext;
import io.kbench.experiment.SweepDesign;
import io.kbench.measure.live.MetricsServer;
import io.kbench.release.KafkaRelease;
import io.kbench.release.ReleaseVersion;
import io.kbench.report.ReportRenderer;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.UncheckedProperties;
import io.kbench.spec.WorkloadSpec;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options of every command that runs a workload (run, sweep, find-max) and the start-up sequence they share: the
 * workload with --set, --verify and --fault applied; every flag checked and resolved once into a {@link RunContext};
 * --dry-run; the client JDK; --client-cpus; the metrics server; and the exit code by {@link ExitPolicy}.
 */
public final class RunContextOptions {
    /** Overrides of workload fields, applied after the file. */
    @Option(names = "--set", paramLabel = "PATH=VALUE",
            description = {"Override a workload field (repeatable), e.g. --set producers.rate=5000 --set "
                    + "producers.properties.acks=1.", "sweep: applied to the base workload, before each point's values;"
                    + " find-max: rate, records, duration and warm-up are replaced per probe."})
    List<String> overrides = new ArrayList<>();

    /** Read the topic back after the load and check every record (same as {@code verify: true}). */
    @Option(names = "--verify", description = "After the load, read the topic back and check every record: lost, "
            + "duplicated, reordered, unexpected (same as --set verify=true; find-max: a probe with a violation is not "
            + "sustainable). See docs/integrity.md.")
    boolean verify;

    /** Faults on the run's clock, appended to the workload's faults list. */
    @Option(names = "--fault", paramLabel = "SPEC",
            description = {"Add a fault (repeatable), e.g. --fault 'at=20s action=kill target=leader duration=10s'.",
                "Keys: at, action (kill, terminate, pause, restart, exec, delay, drop, isolate), target (broker id,"
                    + " leader, follower, controller, random), duration, partition, seed, delay and jitter (delay),"
                    + " scope (clients, peers, all), command (exec; the rest of the text). See docs/faults.md.",
                "sweep: every repetition runs it on its own clock and a fresh embedded cluster; pass the same faults"
                    + " again with --resume. find-max does not run faults."})
    List<String> faults = new ArrayList<>();

    /** The Kafka release of the producers' and consumers' client, applied as {@code clients.kafkaVersion}. */
    @Option(names = "--client-kafka-version", paramLabel = "VERSION",
            description = {"Kafka release of the Java client the producers and consumers run, 3.7.0 or later, e.g. 3.9.1"
                    + " (same as --set clients.kafkaVersion=VERSION; default: kbench's own). kbench re-launches itself on"
                    + " that release's kafka-clients jars, fetched into the release cache on first use; the brokers keep"
                    + " theirs. See docs/versions.md."})
    String clientKafkaVersion;

    /** Check everything and print the resolved workload without running. */
    @Option(names = "--dry-run", description = "Validate and print the resolved workload (sweep: every point's), then exit.")
    boolean dryRun;

    @Mixin
    TargetOptions target = new TargetOptions();

    @Mixin
    OutputOptions output = new OutputOptions();

    @Mixin
    MetricsOptions metrics = new MetricsOptions();

    @Mixin
    CatalogOptions catalog = new CatalogOptions();

    @Mixin
    TelemetryOptions telemetry = new TelemetryOptions();

    @Mixin
    WorkerOptions workers = new WorkerOptions();

    /**
     * The workload file (null: the bundled quick-start) with --set, --verify and --fault applied, and the names of
     * --unchecked-property added to its uncheckedProperties.
     */
    WorkloadSpec workload(Path file) {
        WorkloadSpec spec = new SpecLoader().load(file, overridesWithVerify(), faults);
        List<String> flagged = target.connection.unchecked().names();
        return flagged.isEmpty() ? spec
                : spec.with(UncheckedProperties.FIELD, new UncheckedProperties(spec.uncheckedProperties(),
                        UncheckedProperties.FIELD).plus(flagged));
    }

    /**
     * The sweep file with --set and --verify applied to its base workload, --fault appended to its faults and the names
     * of --unchecked-property added to its uncheckedProperties.
     */
    SweepDesign sweep(Path file) {
        SweepDesign design = SweepDesign.load(file).withOverrides(overridesWithVerify()).withFaults(faults);
        List<String> flagged = target.connection.unchecked().names();
        if (flagged.isEmpty()) {
            return design;
        }
        // The base's list as every point has it (a sweep that varied the list is refused by withOverrides).
        List<String> listed = design.workload(design.points().get(0)).uncheckedProperties();
        List<String> all = new UncheckedProperties(listed, UncheckedProperties.FIELD).plus(flagged);
        return design.withOverrides(List.of(UncheckedProperties.FIELD + "=["
                + String.join(", ", all.stream().map(n -> "'" + n + "'").toList()) + "]"));
    }

    /** {@code --verify} and {@code --client-kafka-version} as the overrides they stand for, applied last. */
    private List<String> overridesWithVerify() {
        List<String> all = new ArrayList<>(overrides);
        if (verify) {
            all.add("verify=true");
        }
        if (clientKafkaVersion != null) {
            // Checked under the flag's name first: a typo is then reported as the user wrote it.
            all.add(ClientClassPath.FIELD + "=" + ReleaseVersion.parse("--client-kafka-version", clientKafkaVersion));
        }
        return all;
    }

    /** Every flag checked and resolved, before anything starts: a typo costs no run. */
    RunContext context() {
        RunContext.Cluster cluster = target.cluster();
        return new RunContext(cluster, output.output(),
                new RunContext.Observers(ReportRenderer::writeQuietly, telemetry.settings(cluster.external())),
                workers.distribution(cluster.connection(), target.connection.unchecked()));
    }

    /**
     * The shared start-up sequence: resolve the context and make the experiment from it, once (so every check is made
     * before anything starts), have the client release (fetched when the cache lacks it), re-launch on the workload's
     * client release (--dry-run too: its client properties are the release's to check) or client JDK (not for a
     * --dry-run) if it names another, stop at --dry-run, hold the load generator to --client-cpus,
     * serve --metrics-port while the experiment runs, and return its exit code.
     */
    int launch(CommandSpec command, ClientRuntime clients, Function<RunContext, WorkloadCommand.Experiment> experiment) {
        RunContext context = context();
        WorkloadCommand.Experiment checked = experiment.apply(context);
        PrintStream out = CommandOutput.out(command);
        KafkaRelease clientRelease = ClientClassPath.release(clients.kafkaVersion());
        if (clientRelease != null) {
            // The checks --dry-run makes, its text discarded: those of broker and topic settings need the broker's
            // classes, which a JVM on another release's client jars does not hold, so they are made here, in one line
            // and before any broker starts, as the re-launched run would have made them. The producer and consumer
            // properties are the release's to judge (a name it lacks, a value it refuses): a --dry-run re-launches as
            // the run does, and the re-launched kbench checks them with the release's own definitions and prints.
            checked.dryRun().accept(new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8));
        }
        // A --dry-run on kbench's own client needs no other JDK: nothing runs.
        Optional<Integer> elsewhere = dryRun && clientRelease == null ? Optional.empty()
                : ClientJvm.forWorkload(clients.javaHome(), clientRelease, command.commandLine());
        if (elsewhere.isPresent()) {
            return elsewhere.get();
        }
        if (dryRun) {
            checked.dryRun().accept(out);
            return ExitCode.OK.code();
        }
        target.restrictClientCpus();
        try (MetricsServer live = metrics.start(out)) {
            RunContext.Observers watchers = new RunContext.Observers(catalog.listener(MetricsOptions.listener(live),
                    output.resultsDir, workloadFile(command), CommandOutput.err(command)), context.observers().telemetry());
            return output.exit(command, checked.run().apply(watchers, out));
        }
    }

    /** The workload (or sweep) file given as the command's first parameter, for its git revision; null for none. */
    private static Path workloadFile(CommandSpec command) {
        return command.positionalParameters().stream().map(p -> p.getValue()).filter(v -> v instanceof Path)
                .map(v -> (Path) v).findFirst().orElse(null);
    }
}
