package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetrySourceKind;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.management.ObjectName;

/**
 * A broker read from a Prometheus text endpoint (--broker-metrics-url), typically the JMX exporter. The exporter's
 * names depend on its rules, so each Kafka MBean attribute kbench uses is recognised under the two namings most
 * deployments produce, compared lowercase and without underscores:
 * <ul>
 *   <li>the exporter's default: {@code <domain>_<type>_<attribute>{name="<name>", request="..."}}, e.g.
 *       {@code kafka_server_BrokerTopicMetrics_Count{name="BytesInPerSec"}};</li>
 *   <li>the name folded in: {@code <domain>_<type>_<name>_<attribute>}, e.g.
 *       {@code kafka_server_brokertopicmetrics_bytesinpersec_count}, and for counters also
 *       {@code kafka_server_brokertopicmetrics_bytesin_total} and for gauges the name alone,
 *       {@code kafka_server_replicamanager_underreplicatedpartitions} (Strimzi's rules; they leave RequestMetrics out,
 *       so the Produce and Fetch request times are absent there).</li>
 * </ul>
 * Per-topic samples (a {@code topic} label) are never summed in. JVM figures come from the exporter's standard
 * {@code process_*} and {@code jvm_*} samples. The same per-interval arithmetic as for JMX applies.
 */
final class PrometheusBrokerSource implements SampledSource {
    private record Wanted(String key, Map<String, String> labels) {
    }

    /**
     * kafka.server:type=socket-server-metrics io-wait-time-ns-total under the exporter's default naming, normalised:
     * the JMX exporter 1.0 writes it without its "total" (kafka_server_socket_server_metrics_io_wait_time_ns, a
     * counter of nanoseconds since start), older ones with it.
     */
    private static final Set<String> IO_WAIT = Set.of("kafkaserversocketservermetricsiowaittimenstotal",
            "kafkaserversocketservermetricsiowaittimens");

    /**
     * How long the first scrape may take: within the sampler's open timeout (10 s), with room to spare. 4 s was not
     * enough for the JMX exporter's first walk of a broker's MBeans beside the parallel integration tests (CI
     * 2026-11-30: JmxExporterIT's source absent, "request timed out").
     */
    static final Duration FIRST_SCRAPE = Duration.ofSeconds(8);

    private final String id;
    private final URI uri;
    private final HttpText http;
    private final Map<String, List<Wanted>> byName = new HashMap<>();
    private final BrokerFigures figures = new BrokerFigures();

    PrometheusBrokerSource(String id, URI uri, Duration timeout) {
        this(id, uri, timeout, null);
    }

    /** With {@code auth} (null: none) sent to the endpoint as basic authentication. */
    PrometheusBrokerSource(String id, URI uri, Duration timeout, MetricsAuth auth) {
        this.id = id;
        this.uri = uri;
        this.http = new HttpText(uri, timeout, auth);
        for (BrokerMBeans.Probe p : new BrokerMBeans(null).probes()) {
            if (p.name().getDomain().equals("java.lang")) {
                continue;
            }
            for (String attribute : p.attributes()) {
                index(p.key() + "." + attribute, p.name(), attribute);
            }
        }
    }

    private void index(String key, ObjectName name, String attribute) {
        String prefix = norm(name.getDomain()) + norm(name.getKeyProperty("type"));
        String mbeanName = name.getKeyProperty("name");
        Map<String, String> others = new LinkedHashMap<>(name.getKeyPropertyList());
        others.remove("type");
        others.remove("name");
        Map<String, String> withName = new LinkedHashMap<>(others);
        withName.put("name", mbeanName);
        add(prefix + norm(attribute), new Wanted(key, withName));
        add(prefix + norm(mbeanName) + norm(attribute), new Wanted(key, others));
        if (attribute.equals("Value")) {
            // Strimzi's rules name a gauge without its attribute: kafka_server_replicamanager_underreplicatedpartitions,
            // kafka_network_socketserver_networkprocessoravgidle_percent (its "Percent" suffix split off, the same
            // letters once underscores are dropped).
            add(prefix + norm(mbeanName), new Wanted(key, others));
        }
        if (attribute.equals("Count")) {
            add(prefix + norm(mbeanName.replace("PerSec", "")) + "total", new Wanted(key, others));
        }
    }

    private void add(String normalizedName, Wanted wanted) {
        byName.computeIfAbsent(normalizedName, k -> new ArrayList<>()).add(wanted);
    }

    static String norm(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public TelemetrySourceKind kind() {
        return TelemetrySourceKind.PROMETHEUS;
    }

    @Override
    public String address() {
        return uri.toString();
    }

    @Override
    public void open() throws Exception {
        // The JMX exporter's first scrape walks every MBean of the broker (seconds on a busy host), later ones are
        // quicker: the first gets most of the open time, not one sample's.
        if (read(PrometheusText.parse(http.get(FIRST_SCRAPE))).keySet().stream().noneMatch(k -> k.contains("."))) {
            throw new IllegalArgumentException("no Kafka broker metrics recognised (see docs/telemetry.md for the names)");
        }
    }

    @Override
    public void sample(Sample out, long nowNanos) throws Exception {
        Map<String, Double> values = read(PrometheusText.parse(http.get()));
        figures.update(values, nowNanos, out);
    }

    /** The reading in the keys {@link BrokerFigures} uses; segment counts and log starts go to the figures directly. */
    Map<String, Double> read(List<PrometheusText.PromSample> samples) {
        Map<String, Double> values = new HashMap<>();
        Map<String, Double> segments = new TreeMap<>();
        Map<String, Double> logStarts = new TreeMap<>();
        double gcCount = 0;
        double gcSeconds = 0;
        for (PrometheusText.PromSample s : samples) {
            String n = norm(s.name());
            String gc = s.labels().get("gc");
            switch (n) {
                case "processcpusecondstotal" -> values.put("os.ProcessCpuTime", s.value() * 1e9);
                case "processstarttimeseconds" -> {
                    values.put("runtime.StartTime", s.value() * 1000);
                    // JMX's Uptime, which the network idle gauge needs (it is trusted only after Kafka's window).
                    values.put("runtime.Uptime", System.currentTimeMillis() - s.value() * 1000);
                }
                case "jvmmemorybytesused", "jvmmemoryusedbytes" -> {
                    if ("heap".equals(s.labels().get("area"))) {
                        values.put(BrokerFigures.HEAP_USED, s.value());
                    }
                }
                case "jvmgccollectionsecondscount" -> gcCount += gc != null && GcPauses.isPauseCollector(gc) ? s.value() : 0;
                case "jvmgccollectionsecondssum" -> gcSeconds += gc != null && GcPauses.isPauseCollector(gc) ? s.value() : 0;
                default -> {
                    if (isPartitionGauge(n, s, "NumLogSegments")) {
                        segments.put(s.labels().get("topic") + "-" + s.labels().get("partition"), s.value());
                    } else if (IO_WAIT.contains(n) && s.labels().containsKey("listener")
                            && s.labels().containsKey("networkProcessor")) {
                        // Each network processor's io wait, as JMX's socket-server-metrics io-wait-time-ns-total: the
                        // exporter's default naming (Strimzi's rules keep only connection-count of these).
                        values.put(BrokerMBeans.IO_WAIT_PREFIX + s.labels().get("listener") + "/"
                                + s.labels().get("networkProcessor"), s.value());
                    } else if (isPartitionGauge(n, s, "LogStartOffset")) {
                        logStarts.put(s.labels().get("topic") + "-" + s.labels().get("partition"), s.value());
                    } else {
                        match(n, s, values);
                    }
                }
            }
        }
        values.put(BrokerFigures.GC_COUNT, gcCount);
        values.put(BrokerFigures.GC_MILLIS, gcSeconds * 1000);
        figures.partitions(segments, logStarts);
        return values;
    }

    /** A per-partition {@code kafka.log:type=Log,name=<gauge>} value, as JMX exporters name it. */
    private static boolean isPartitionGauge(String n, PrometheusText.PromSample s, String gauge) {
        String lower = gauge.toLowerCase(java.util.Locale.ROOT);
        boolean named = n.equals("kafkaloglog" + lower + "value") || n.equals("kafkaloglog" + lower)
                || (n.equals("kafkaloglogvalue") && gauge.equals(s.labels().get("name")));
        return named && s.labels().containsKey("topic") && s.labels().containsKey("partition");
    }

    private void match(String n, PrometheusText.PromSample s, Map<String, Double> values) {
        List<Wanted> candidates = byName.get(n);
        if (candidates == null && n.endsWith("total")) {
            // The JMX exporter 1.x writes a counter the OpenMetrics way, with _total added to the name its rule gave
            // (..._requesthandleravgidlepercent_count_total).
            candidates = byName.get(n.substring(0, n.length() - "total".length()));
        }
        if (candidates == null || s.labels().containsKey("topic")) {
            return;
        }
        for (Wanted w : candidates) {
            if (w.labels().entrySet().stream().allMatch(e -> e.getValue().equals(s.labels().get(e.getKey())))) {
                values.put(w.key(), s.value());
                return;
            }
        }
    }

    @Override
    public void close() {
        // Nothing held open between samples.
    }
}
