package io.kbench.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kbench.result.ClusterInfo;
import io.kbench.result.Environment;
import io.kbench.result.KbenchResult;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.io.Redactor;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.Clients;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.LoadClients;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.sweep.PointSummary;
import io.kbench.result.sweep.SweepResult;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetrySeries;
import io.kbench.spec.WorkloadSpec;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Turns a result as read back from its file (secrets already redacted there) into the entries the catalog records. */
final class EntryReader {
    /** The telemetry summary is bounded: a catalog row stays small whatever a run sampled. */
    static final int TELEMETRY_CHARS = 8192;
    private static final ObjectMapper SORTED = ResultWriter.mapper().copy()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
            .configure(SerializationFeature.INDENT_OUTPUT, false);

    private EntryReader() {
    }

    /**
     * The entries of one result file: one for a run or a find-max answer, one per point of a sweep; none for plan and
     * cost documents.
     *
     * @param fileBytes   the file as written (its hash keys the entries)
     * @param dir         the directory that holds the file's report
     * @param host        host name when recorded live, else null
     * @param gitRevision the workload file's commit, or null
     */
    static List<CatalogEntry> entries(KbenchResult result, byte[] fileBytes, Path dir, String host, String gitRevision) {
        String key = Hashes.sha256(fileBytes);
        String where = dir.toAbsolutePath().normalize().toString();
        if (result instanceof RunResult run) {
            return List.of(new CatalogEntry(key, EntryKind.RUN, Objects.requireNonNullElse(run.name(), "unnamed"),
                    hash(run.workload()), started(run.startTime()), run.status().toString(),
                    environment(run.environment(), loadClients(run.environment(), run.clients(), run.workload()),
                            shape(run.cluster()), run.cluster(), host), gitRevision,
                    tags(run.tags()), kpis(run.summary()), errors(run.summary()),
                    diagnosis(run.sections().telemetry()), where, setup(run.workload(), run.cluster(), false)));
        }
        if (result instanceof FindMaxResult fm) {
            Map<CatalogKpi, Double> kpis = new EnumMap<>(CatalogKpi.class);
            if (fm.findMax().maxRecordsPerSec() != null) {
                kpis.put(CatalogKpi.PRODUCED_RECORDS_PER_SEC, fm.findMax().maxRecordsPerSec());
            }
            if (fm.findMax().maxMebibytesPerSec() != null) {
                kpis.put(CatalogKpi.PRODUCED_MIB_PER_SEC, fm.findMax().maxMebibytesPerSec());
            }
            return List.of(new CatalogEntry(key, EntryKind.FIND_MAX, fm.name(), hash(fm.workload()),
                    started(fm.startTime()), fm.findMax().outcome().toString(),
                    environment(fm.environment(), loadClients(fm.environment(), fm.clients(), fm.workload()),
                            shape(fm.cluster()), fm.cluster(), host), gitRevision, tags(fm.tags()),
                    kpis, 0, null, where, setup(fm.workload(), fm.cluster(), true)));
        }
        if (result instanceof SweepResult sweep) {
            List<CatalogEntry> points = new ArrayList<>();
            for (SweepResult.Point p : sweep.points()) {
                if (p.summary() == null) {
                    continue;
                }
                String shape = p.cluster() == null ? "unknown" : "?/" + p.cluster().brokers() + " broker(s)";
                points.add(new CatalogEntry(Hashes.sha256(key + "/" + p.name()), EntryKind.SWEEP_POINT,
                        sweep.name() + "/" + p.name(), hash(p.overrides()), started(sweep.startTime()),
                        sweep.status().toString(), environment(sweep.environment(),
                        sweep.environment() == null ? null : sweep.environment().kafkaClientVersion(), shape, null, host),
                        gitRevision,
                        Map.of(), kpis(PointSummary.medianOf(p.summary())), 0, null, where,
                        RunSetup.ofPoint(p.overrides() == null ? Map.of() : p.overrides())));
            }
            return points;
        }
        return List.of();
    }

    /** A result without its workload (none kbench writes today) has no setup to group it by. */
    private static RunSetup setup(WorkloadSpec workload, ClusterInfo cluster, boolean rateIsMeasured) {
        return workload == null ? RunSetup.unknown() : RunSetup.of(workload, cluster, rateIsMeasured);
    }

    private static Instant started(Instant start) {
        return start != null ? start : Instant.EPOCH;
    }

    private static Map<String, String> tags(Map<String, String> tags) {
        return tags == null ? Map.of() : tags;
    }

    /**
     * SHA-256 of {@code value} as JSON with sorted keys and secrets redacted, so key order cannot matter. The topic's
     * name is left out: a sweep gives every repetition a topic of its own, and a name changes nothing measured, so two
     * repetitions of one point would otherwise read as a changed workload in history's "what changed".
     */
    static String hash(Object value) {
        try {
            JsonNode tree = Redactor.redactTree(SORTED.valueToTree(value));
            if (tree.path("topic") instanceof com.fasterxml.jackson.databind.node.ObjectNode topic) {
                topic.remove("name");
            }
            Object canonical = SORTED.treeToValue(tree, Object.class);
            return Hashes.sha256(SORTED.writeValueAsString(canonical));
        } catch (Exception e) {
            return Hashes.sha256("unreadable workload");
        }
    }

    private static String shape(ClusterInfo cluster) {
        return cluster == null ? "unknown" : cluster.mode() + "/" + cluster.brokers() + " broker(s)";
    }

    /**
     * The client that sent and read, as {@link LoadClients} says it: the Java client's version alone when no driver ran
     * (as every catalog recorded before drivers holds it), so a franz-go run is another environment than a Java one.
     */
    private static String loadClients(Environment env, Clients clients, WorkloadSpec workload) {
        return LoadClients.describe(clients, env == null ? null : env.kafkaClientVersion(), workload);
    }

    private static RunEnvironment environment(Environment env, String clients, String shape, ClusterInfo cluster,
                                              String host) {
        return new RunEnvironment(shape, env == null ? null : env.kbenchVersion(),
                clients, cluster == null ? null : cluster.kafkaBrokerVersion(),
                env == null ? null : env.clientJdk(), cluster == null ? null : cluster.brokerJdk(),
                env == null ? null : env.os(), env == null ? null : env.cpuModel(), env == null ? 0 : env.cores(), host);
    }

    private static Map<CatalogKpi, Double> kpis(Summary summary) {
        Map<CatalogKpi, Double> kpis = new EnumMap<>(CatalogKpi.class);
        if (summary == null) {
            return kpis;
        }
        Totals produced = summary.produced();
        if (produced != null && produced.records() > 0) {
            kpis.put(CatalogKpi.PRODUCED_RECORDS_PER_SEC, produced.recordsPerSec());
            kpis.put(CatalogKpi.PRODUCED_MIB_PER_SEC, produced.mebibytesPerSec());
        }
        if (summary.consumed() != null && summary.consumed().records() > 0) {
            kpis.put(CatalogKpi.CONSUMED_RECORDS_PER_SEC, summary.consumed().recordsPerSec());
        }
        putLatency(kpis, summary.publishLatencyMicros(), CatalogKpi.PUBLISH_P50_MS, CatalogKpi.PUBLISH_P99_MS);
        putLatency(kpis, summary.endToEndLatencyMicros(), CatalogKpi.E2E_P50_MS, CatalogKpi.E2E_P99_MS);
        kpis.values().removeIf(v -> !Double.isFinite(v) || v < 0);
        return kpis;
    }

    /** Latency in result.json is in microseconds; the catalog keeps milliseconds. */
    private static void putLatency(Map<CatalogKpi, Double> kpis, LatencyStats stats, CatalogKpi p50, CatalogKpi p99) {
        if (stats != null && stats.count() > 0) {
            kpis.put(p50, stats.p50() / 1000.0);
            kpis.put(p99, stats.p99() / 1000.0);
        }
    }

    private static long errors(Summary summary) {
        return summary == null || summary.produced() == null ? 0 : summary.produced().errors();
    }

    private static CatalogEntry.Diagnosis diagnosis(Telemetry telemetry) {
        if (telemetry == null) {
            return null;
        }
        Map<String, Double> means = new LinkedHashMap<>();
        for (TelemetrySeries s : telemetry.series()) {
            means.put(s.metric().json() + "@" + s.source(), s.values().stream().filter(Objects::nonNull)
                    .filter(Double::isFinite).mapToDouble(Double::doubleValue).average().orElse(Double.NaN));
        }
        means.values().removeIf(v -> !Double.isFinite(v));
        var d = telemetry.diagnosis();
        return new CatalogEntry.Diagnosis(d == null ? "not judged" : d.limitedBy().json(),
                d == null ? null : d.evidence(), bounded(means));
    }

    private static String bounded(Map<String, Double> means) {
        Map<String, Double> kept = new LinkedHashMap<>(means);
        try {
            String json = SORTED.writeValueAsString(kept);
            while (json.length() > TELEMETRY_CHARS && !kept.isEmpty()) {
                kept.remove(kept.keySet().iterator().next());
                json = SORTED.writeValueAsString(kept);
            }
            return json;
        } catch (Exception e) {
            return "{}";
        }
    }
}
