package io.kbench.experiment;

import io.kbench.client.ClientProperties;
import io.kbench.client.ClusterProbe;
import io.kbench.cluster.ClusterParams;
import io.kbench.cluster.ClusterSecurity;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.console.RunHeader;
import io.kbench.console.RunSummary;
import io.kbench.diagnosis.DriverCpu;
import io.kbench.diagnosis.LatencyAnatomy;
import io.kbench.distributed.Coordinator;
import io.kbench.distributed.Distribution;
import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.fault.FaultPreflight;
import io.kbench.fault.FaultSession;
import io.kbench.kpi.Threshold;
import io.kbench.load.ConsumePhaseListener;
import io.kbench.load.IntervalTicks;
import io.kbench.load.RunOutcome;
import io.kbench.load.WorkloadRunner;
import io.kbench.measure.DriftRule;
import io.kbench.measure.SendWindows;
import io.kbench.result.Environment;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Schedule;
import io.kbench.result.run.Summary;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.spec.WorkloadSpec;
import io.kbench.telemetry.TelemetrySampler;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import org.apache.kafka.clients.CommonClientConfigs;

/**
 * One workload, start to finish: optional embedded cluster, the run, result.json, the summary (rendered by
 * {@link RunSummary} from the result in memory). Orchestrates only: each step belongs to its own package.
 * The cluster is stopped whatever happens; Ctrl-C ends the load early and still writes the result.
 *
 * @param spec    the frozen workload
 * @param context where the load goes, where results are written and who watches (resolved once by the CLI)
 */
public record SingleRun(WorkloadSpec spec, RunContext context) {
    public SingleRun {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(context, "context");
    }

    private static final DateTimeFormatter DIR_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    public boolean external() {
        return context.external();
    }

    /** Runs and returns the written result; {@code out} receives progress, header and summary. */
    public RunResult execute(PrintStream out) {
        return execute(out, context.observers());
    }

    /**
     * As {@link #execute(PrintStream)}, told to {@code watchers} instead of the context's observers: the CLI's report,
     * catalog and metrics server exist only once --dry-run and the client-JDK re-launch are past, after this run was
     * made and checked.
     */
    public RunResult execute(PrintStream out, RunContext.Observers watchers) {
        return execute(out, null, ConsumePhaseListener.NONE, watchers);
    }

    /** As {@link #execute(PrintStream)}, with {@code consumePhase} observing the backlog consume phase. */
    public RunResult execute(PrintStream out, ConsumePhaseListener consumePhase) {
        return execute(out, null, consumePhase, context.observers());
    }

    /** As {@link #execute(PrintStream)}, writing into {@code exactDir} (null: a new timestamped directory). */
    public RunResult execute(PrintStream out, Path exactDir) {
        return execute(out, exactDir, ConsumePhaseListener.NONE, context.observers());
    }

    /**
     * Every check a run makes before it starts anything (client, topic and broker settings, payload file, replication
     * factor against the embedded cluster's size), without starting anything or contacting a cluster: --dry-run.
     * Returns the target as the run header would name it, with the effective broker settings.
     */
    public String check() {
        ClusterParams params = prepare(null);
        String where = where(params);
        return params == null || params.brokerConfig().isEmpty() ? where
                : where + " with broker settings " + params.brokerConfig();
    }

    /** The target as the run header names it. */
    private String where(ClusterParams params) {
        if (context.target() instanceof ClusterTarget.External x) {
            return "cluster " + x.bootstrapServers();
        }
        int brokers = context.target() instanceof ClusterTarget.Shared s ? s.cluster().brokerCount() : params.brokers();
        ClusterSecurity security = context.target() instanceof ClusterTarget.Shared s ? s.cluster().security() : params.security();
        return "embedded cluster of " + brokers + " broker(s)" + (security.secured() ? ", " + security.describe() : "");
    }

    /** The checks of {@link #check()}; returns the embedded cluster's parameters, or null when none is to be started. */
    private ClusterParams prepare(Path logDir) {
        Preflight.workload(spec, context.connection());
        Preflight.embeddedOnly(spec, context.target());
        if (context.distribution() != null) {
            Preflight.distributable(spec, context.distribution());
        }
        EmbeddedCluster shared = context.target() instanceof ClusterTarget.Shared s ? s.cluster() : null;
        ClusterParams params = context.target() instanceof ClusterTarget.Embedded e ? e.params().create(spec.cluster(), spec.faults(), logDir) : null;
        FaultPreflight.check(spec.faults(), external() ? null : shared != null ? shared.brokerCount() : params.brokers());
        if (params != null) {
            FaultPreflight.checkNetwork(spec.faults(), params.security());
            FaultPreflight.checkStorage(spec.faults(), params.storage() != null);
        }
        if (!external()) {
            int brokers = shared != null ? shared.brokerCount() : params.brokers();
            if (spec.topic().replicationFactor() > brokers) {
                throw InvalidInputException.field("topic.replicationFactor", spec.topic().replicationFactor(),
                        "must be <= the number of embedded brokers (" + brokers + ")");
            }
        }
        return params;
    }

    private RunResult execute(PrintStream out, Path exactDir, ConsumePhaseListener consumePhase,
                              RunContext.Observers watchers) {
        Map<String, String> connection = context.connection();
        ResultListener listener = watchers.listener();
        Distribution distribution = context.distribution();
        Map<String, String> tags = context.output().tags();
        List<Threshold> thresholds = context.output().thresholds();
        Instant start = Instant.now();
        Path dir = exactDir != null ? exactDir
                : context.output().resultsDir().resolve(DIR_TIME.format(start) + "-" + spec.name());
        // The probe of an external cluster runs while the run's own checks do; nothing is printed before both pass.
        ClusterProbe.Pending probe = Preflight.startProbe(context.target(), connection);
        ClusterParams params = prepare(dir.resolve("broker-logs"));
        Preflight.drivers(spec, out);
        EmbeddedCluster shared = context.target() instanceof ClusterTarget.Shared s ? s.cluster() : null;
        probe.await();
        String where = where(params);
        if (context.output().verbose()) {
            RunHeader.printFull(spec, connection, where, out);
        } else {
            RunHeader.print(spec, where, out);
        }
        // Network faults act on kbench's proxies in front of the listeners; without them the brokers are reached directly.
        boolean proxies = spec.faults().stream().anyMatch(f -> f.action().isNetwork());
        EmbeddedCluster embedded = shared != null ? shared : params == null ? null
                : EmbeddedCluster.start(params, true, out, EmbeddedCluster.DEFAULT_READY_TIMEOUT, proxies);
        TelemetrySampler sampler = null;
        Runnable unfollow = () -> { };
        try {
            // A secured embedded cluster's client settings hold generated secrets: used here, never recorded.
            Map<String, String> conn = new HashMap<>(embedded != null ? embedded.clientProperties() : Map.of());
            conn.putAll(connection);
            if (embedded != null) {
                conn.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, embedded.bootstrapServers());
            }
            sampler = RunTelemetry.open(watchers.telemetry(), spec, embedded,
                    conn.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG), out);
            if (sampler != null) {
                sampler.addListener(listener.live()::sampled);
            }
            unfollow = RunTelemetry.followAddedBrokers(sampler, embedded);
            String group = spec.consumers().group() != null ? spec.consumers().group() : "kbench-" + DIR_TIME.format(start);
            IntervalTicks ticks = RunTelemetry.ticks(sampler,
                    RunTelemetry.cores(spec, embedded != null, Runtime.getRuntime().availableProcessors()));
            WorkloadRunner runner = new WorkloadRunner(spec, new ClientProperties(conn), group,
                    createDir(dir), out, consumePhase, listener.live(), ticks);
            // A distributed run's load comes from the workers; the coordinator merges what they measure.
            Coordinator coordinator = distribution == null ? null
                    : new Coordinator(spec, conn, distribution, dir, out, listener.live(), ticks);
            RunResult result;
            Path file;
            // Ctrl-C stops the load and the result is still written; the cluster is stopped after that, below.
            try (InterruptGuard guard = InterruptGuard.install(out,
                    coordinator != null ? coordinator::requestStop : runner::requestStop)) {
                SendWindows windows = new SendWindows();
                runner.recordFaultWindows(windows);
                RunOutcome outcome;
                List<FaultResult> faults = null;
                if (coordinator != null) {
                    outcome = coordinator.run();
                } else if (spec.faults().isEmpty()) {
                    outcome = runner.run();
                } else {
                    // Closed before the result is written and before the cluster stops: paused brokers resume first.
                    try (FaultSession session = FaultSession.start(spec, embedded, new ClientProperties(conn).admin(),
                            dir, runner::runStartNanos, runner::measuredStartNanos, windows, out,
                            RunTelemetry.brokerReports(embedded))) {
                        outcome = runner.run();
                        session.close();
                        faults = session.results(outcome.intervals());
                    }
                }
                Environment environment = Environment.capture();
                Summary summary = outcome.summary();
                Schedule schedule = Schedule.of(spec, summary);
                Telemetry telemetry = RunTelemetry.evidence(sampler, outcome.intervals(), faults,
                        RunTelemetry.cores(spec, embedded != null, environment.cores()), schedule == null ? null : schedule.met(),
                        loadGeneratorDrivers(outcome, summary));
                // A signal after the load ended but before the result is written still stops a sweep or find-max.
                RunStatus status = outcome.status() == RunStatus.COMPLETED && guard.interrupted()
                        ? RunStatus.INTERRUPTED : outcome.status();
                List<ThresholdVerdict> verdicts = thresholds.isEmpty() ? null
                        : thresholds.stream().map(t -> t.evaluate(summary)).toList();
                result = outcome.sections().into(RunResult.builder().name(spec.name()).status(status)
                        .failure(outcome.failure()).tags(tags).startTime(start).endTime(Instant.now())
                        .environment(environment).cluster(ClusterRecord.of(embedded, conn, RunTelemetry.versionTargets(
                                watchers.telemetry(), spec, embedded, conn.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG)))).workload(spec)
                        .clientProperties(connection).summary(summary).intervals(outcome.intervals())
                        .thresholds(verdicts)).telemetry(telemetry).faults(faults)
                        .distributed(coordinator == null ? null : coordinator.distributedRun()).schedule(schedule)
                        .anatomy(LatencyAnatomy.of(outcome.intervals(), telemetry, summary.publishLatencyMicros() == null
                                ? Double.NaN : summary.publishLatencyMicros().p99()))
                        .storage(StorageRecord.of(embedded))
                        // A staged run's rate and latency move by design: no drift verdict; each stage has its own.
                        .drift(spec.producers().staged() ? null : DriftRule.of(summary, outcome.intervals(),
                                schedule == null ? OptionalDouble.empty() : OptionalDouble.of(schedule.offeredRecordsPerSec())))
                        .build();
                file = ResultWriter.write(result, dir);
            }
            RunSummary.print(result, out);
            out.println("results: " + file);
            listener.written(dir, out);
            return result;
        } finally {
            unfollow.run();
            if (sampler != null) {
                sampler.close();
            }
            if (embedded != null && embedded != shared) {
                embedded.close();
            }
        }
    }

    private static Path createDir(Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new RunFailedException("cannot create results directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The driver processes whose CPU is this machine's load generator's: every driver of a local run, or of workers on
     * this machine (--local-workers); none for workers on other hosts, whose CPU is not this machine's cores'.
     */
    private List<DriverCpu> loadGeneratorDrivers(RunOutcome outcome, Summary summary) {
        Distribution distribution = context.distribution();
        return distribution != null && !distribution.local() ? List.of()
                : DriverCpu.of(outcome.sections().loadCpu(), summary);
    }
}
