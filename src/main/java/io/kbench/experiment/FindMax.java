package io.kbench.experiment;

import io.kbench.cluster.ClusterParams;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.distributed.Distribution;
import io.kbench.error.InterruptedRunException;
import io.kbench.error.InvalidInputException;
import io.kbench.result.ClusterInfo;
import io.kbench.result.Environment;
import io.kbench.result.FindMaxResult;
import io.kbench.result.ProbeOutcome;
import io.kbench.result.ResultWriter;
import io.kbench.result.RunResult;
import io.kbench.result.RunStatus;
import io.kbench.result.Summary;
import io.kbench.result.ThresholdVerdict;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.TopicSpec;
import io.kbench.spec.WorkloadSpec;
import io.kbench.telemetry.TelemetrySettings;
import io.kbench.unit.DurationText;
import io.kbench.verdict.Threshold;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The find-max experiment: one cluster (embedded, started once, or external), a probe per offered rate run through
 * {@link SingleRun} into {@code dir/probes/NN-<rate>/}, the {@link RateSearch}, and {@code dir/result.json}.
 *
 * @param spec       the workload; each probe replaces its rate, records/duration, warm-up and topic name
 * @param connection client connection properties
 * @param target     where the cluster is; an embedded one is started once and shared by every probe
 * @param settings   the search settings
 * @param dir        the find-max result directory
 * @param tags       labels for result.json
 * @param thresholds pass/fail conditions judged on the run at the answer (the confirmation probe)
 * @param listener   told when each probe's and the answer's result.json is written (the CLI writes HTML reports)
 * @param verbose    each probe prints its whole resolved workload instead of the few-line header
 * @param telemetry  what every probe samples beside its load (the run command's telemetry flags), or off
 * @param distribution every probe's load spread over workers (--workers, --local-workers), or null
 */
public record FindMax(WorkloadSpec spec, Map<String, String> connection, ClusterTarget target,
                      FindMaxSettings settings, Path dir, Map<String, String> tags, List<Threshold> thresholds,
                      ResultListener listener, boolean verbose, TelemetrySettings telemetry, Distribution distribution) {

    /** A search whose load runs in this process. */
    public FindMax(WorkloadSpec spec, Map<String, String> connection, ClusterTarget target, FindMaxSettings settings,
                   Path dir, Map<String, String> tags, List<Threshold> thresholds, ResultListener listener,
                   boolean verbose, TelemetrySettings telemetry) {
        this(spec, connection, target, settings, dir, tags, thresholds, listener, verbose, telemetry, null);
    }

    public FindMax {
        thresholds = List.copyOf(thresholds);
        Objects.requireNonNull(telemetry, "telemetry");
        validate(spec, settings, thresholds);
        if (distribution != null) {
            Preflight.distributable(spec);
        }
    }

    /** A search with the default telemetry (embedded brokers, this host, the load generator). */
    public FindMax(WorkloadSpec spec, Map<String, String> connection, ClusterTarget target, FindMaxSettings settings,
                   Path dir, Map<String, String> tags, List<Threshold> thresholds, ResultListener listener,
                   boolean verbose) {
        this(spec, connection, target, settings, dir, tags, thresholds, listener, verbose, TelemetrySettings.DEFAULT);
    }

    /** A search whose probes print the few-line header. */
    public FindMax(WorkloadSpec spec, Map<String, String> connection, ClusterTarget target, FindMaxSettings settings,
                   Path dir, Map<String, String> tags, List<Threshold> thresholds, ResultListener listener) {
        this(spec, connection, target, settings, dir, tags, thresholds, listener, false);
    }

    static void validate(WorkloadSpec spec, FindMaxSettings settings, List<Threshold> thresholds) {
        if (spec.producers().count() == 0) {
            throw InvalidInputException.field("producers.count", 0, "find-max needs producers");
        }
        if (!spec.faults().isEmpty()) {
            throw InvalidInputException.field("faults", spec.faults().size() + " fault(s)",
                    "are run by kbench run and sweep, not by find-max (sweep producers.rate with --fault instead)");
        }
        if (settings.sla() != null) {
            needsWhatItMeasures(spec, "the SLA", settings.sla());
        }
        thresholds.forEach(t -> needsWhatItMeasures(spec, "--threshold", t));
        if (spec.consumers().mode() == ConsumerMode.BACKLOG) {
            throw InvalidInputException.field("consumers.mode", "backlog", "find-max probes a live rate; use live or none");
        }
        if (!spec.topic().create()) {
            throw InvalidInputException.field("topic.create", false,
                    "find-max creates a fresh topic per probe so backlogs do not carry over; set topic.create: true");
        }
    }

    /** e2e.* needs live consumers and consumed.* needs consumers: refused before any probe rather than failed after. */
    private static void needsWhatItMeasures(WorkloadSpec spec, String what, Threshold condition) {
        String group = condition.metric().group();
        if (group.equals("e2e") && spec.consumers().mode() != ConsumerMode.LIVE) {
            throw InvalidInputException.field("consumers.mode", spec.consumers().mode().toString().toLowerCase(Locale.ROOT),
                    what + " " + condition.text() + " needs live consumers (consumers.mode: live)");
        }
        if (group.equals("consumed") && !spec.consumers().enabled()) {
            throw InvalidInputException.field("consumers.mode", "none", what + " " + condition.text() + " needs consumers");
        }
    }


    /** Runs the search and writes result.json; {@code out} receives every probe's output, the table and the answer. */
    public FindMaxResult execute(PrintStream out) {
        Preflight.workload(spec, connection);
        Preflight.reachable(target, connection);
        Instant start = Instant.now();
        EmbeddedCluster shared = target instanceof ClusterTarget.Shared s ? s.cluster() : null;
        ClusterParams params = target instanceof ClusterTarget.Embedded e
                ? e.params().create(spec.cluster(), dir.resolve("broker-logs")) : null;
        if (params != null && spec.topic().replicationFactor() > params.brokers()) {
            throw InvalidInputException.field("topic.replicationFactor", spec.topic().replicationFactor(),
                    "must be <= the number of embedded brokers (" + params.brokers() + ")");
        }
        EmbeddedCluster embedded = shared != null ? shared : params == null ? null : EmbeddedCluster.start(params, true, out);
        try {
            ProbeRunner runner = new ProbeRunner(embedded, out, Long.toString(start.getEpochSecond(), 36));
            SearchResult search = settings.search().run(runner::probe);
            FindMaxResult result = new FindMaxResult(RunResult.SCHEMA_VERSION, FindMaxResult.KIND, spec.name(), tags,
                    start, Instant.now(), Environment.capture(), runner.clusterInfo, spec, connection,
                    FindMaxFigures.of(spec, settings, search), search.probes(), verdicts(search, runner.summaries));
            Path file = ResultWriter.write(result, dir);
            out.println();
            FindMaxTable.print(result, out);
            if (result.thresholds() != null) {
                result.thresholds().forEach(v -> out.println(v.line()));
            }
            out.println("results: " + file);
            listener.written(dir, out);
            return result;
        } finally {
            if (embedded != null && embedded != shared) {
                embedded.close();
            }
        }
    }

    /**
     * Thresholds judged on the last passing probe at the answer rate, so {@code produced.recordsPerSec>=N} gates on the
     * sustainable rate and latency thresholds on the latency there. Without an answer every threshold fails.
     */
    List<ThresholdVerdict> verdicts(SearchResult search, List<Summary> summaries) {
        if (thresholds.isEmpty()) {
            return null;
        }
        Summary atAnswer = null;
        List<ProbeOutcome> probes = search.probes();
        for (int i = probes.size() - 1; i >= 0 && search.maxRecordsPerSec() != null; i--) {
            ProbeOutcome p = probes.get(i);
            if (p.passed() && p.rateRecordsPerSec() == search.maxRecordsPerSec() && i < summaries.size()) {
                atAnswer = summaries.get(i);
                break;
            }
        }
        Summary answer = atAnswer;
        return thresholds.stream().map(t -> answer == null
                ? new ThresholdVerdict(t.condition(), false, Double.NaN, "no run at a sustainable rate") : t.evaluate(answer)).toList();
    }

    /** The workload of probe {@code number}: the given rate for the probe duration, on its own topic. */
    WorkloadSpec probeSpec(int number, double rate, String runId) {
        ProducerSpec p = spec.producers();
        ProducerSpec probe = new ProducerSpec(p.count(), rate, null, settings.probeDuration(), null,
                settings.probeWarmup(), p.recordSize(), p.keys(), p.payload(), p.properties(), p.payloadEncryption(),
                p.transactions());
        TopicSpec t = spec.topic();
        String name = t.name() + "-fm" + runId + "-" + String.format(Locale.ROOT, "%02d", number);
        TopicSpec topic = new TopicSpec(name.length() > 249 ? name.substring(name.length() - 249) : name,
                t.partitions(), t.replicationFactor(), true, true, t.configs());
        return new WorkloadSpec(spec.name(), spec.description(), topic, probe, spec.consumers(), spec.cluster(),
                spec.reportInterval(), spec.verify(), null, spec.clientJavaHome());
    }

    /** Runs probes on the one cluster and remembers the cluster for the result. */
    private final class ProbeRunner {
        private final EmbeddedCluster embedded;
        private final PrintStream out;
        private final String runId;
        private int count;
        ClusterInfo clusterInfo;
        /** Each probe's summary in probe order (the search's probe list has the same order). */
        final List<Summary> summaries = new ArrayList<>();

        ProbeRunner(EmbeddedCluster embedded, PrintStream out, String runId) {
            this.embedded = embedded;
            this.out = out;
            this.runId = runId;
        }

        ProbeOutcome probe(double rate) {
            count++;
            if (count > 1 && !settings.probeCooldown().isZero()) {
                out.printf(Locale.ROOT, "find-max: cooling down for %s%n", DurationText.format(settings.probeCooldown()));
                try {
                    Thread.sleep(settings.probeCooldown().toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedRunException("find-max interrupted between probes; the probes so far are in "
                            + dir.resolve("probes"));
                }
            }
            String label = String.format(Locale.ROOT, "%02d-%.0f", count, rate);
            out.printf(Locale.ROOT, "%nfind-max: probe %d at %,.0f records/s%n", count, rate);
            Path probeDir = dir.resolve("probes").resolve(label);
            ClusterTarget probeTarget = embedded != null ? new ClusterTarget.Shared(embedded) : target;
            SingleRun run = new SingleRun(probeSpec(count, rate, runId), connection, probeTarget, dir, tags,
                    settings.sla() == null ? List.of() : List.of(settings.sla()), listener, verbose, telemetry)
                    .withDistribution(distribution);
            RunResult result = run.execute(out, probeDir);
            if (result.status() == RunStatus.INTERRUPTED) {
                throw new InterruptedRunException("find-max interrupted during probe " + count + "; the probes so far are in "
                        + dir.resolve("probes"));
            }
            if (clusterInfo == null) {
                clusterInfo = result.cluster();
            }
            summaries.add(result.summary());
            ProbeOutcome o = settings.keepUpCheck().judge(rate, result, spec.consumers().mode() == ConsumerMode.LIVE,
                    dir.relativize(probeDir).toString());
            out.printf(Locale.ROOT, "find-max: probe %d at %,.0f records/s: %s (%s)%n", count, rate,
                    o.passed() ? "PASS" : "FAIL", o.reason());
            return o;
        }
    }
}
