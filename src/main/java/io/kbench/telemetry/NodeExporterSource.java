package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySourceKind;
import io.kbench.unit.Units;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A remote broker host's figures from its node-exporter (--node-exporter-url). node-exporter cannot say which disk
 * holds the broker data, so disk rates are summed over the devices it reports (by default it leaves out partitions,
 * loop and ram devices) and utilisation is that of the busiest device.
 */
final class NodeExporterSource implements SampledSource {
    private final String id;
    private final URI uri;
    private final HttpText http;
    private Map<String, Double> last;
    private Map<String, Double> lastBusy;
    private long lastNanos;

    NodeExporterSource(String id, URI uri, Duration timeout) {
        this(id, uri, timeout, null);
    }

    /** With {@code auth} (null: none) sent to the endpoint as basic authentication. */
    NodeExporterSource(String id, URI uri, Duration timeout, MetricsAuth auth) {
        this.id = id;
        this.uri = uri;
        this.http = new HttpText(uri, timeout, auth);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public TelemetrySourceKind kind() {
        return TelemetrySourceKind.NODE_EXPORTER;
    }

    @Override
    public String address() {
        return uri.toString();
    }

    @Override
    public void open() throws Exception {
        List<PrometheusText.PromSample> samples = PrometheusText.parse(http.get());
        if (samples.stream().noneMatch(s -> s.name().equals("node_cpu_seconds_total"))) {
            throw new IllegalArgumentException("not a node-exporter endpoint (no node_cpu_seconds_total)");
        }
    }

    @Override
    public void sample(Sample out, long nowNanos) throws Exception {
        List<PrometheusText.PromSample> samples = PrometheusText.parse(http.get());
        Map<String, Double> now = new HashMap<>();
        Map<String, Double> busy = new HashMap<>();
        for (PrometheusText.PromSample s : samples) {
            String key = key(s);
            if (key != null) {
                now.merge(key, s.value(), Double::sum);
            }
            if (s.name().equals("node_disk_io_time_seconds_total")) {
                busy.put(s.labels().getOrDefault("device", ""), s.value());
            }
        }
        out.put(TelemetryMetric.PAGE_CACHE_DIRTY_MIB, mib(now.get("dirty")));
        out.put(TelemetryMetric.PAGE_CACHE_WRITEBACK_MIB, mib(now.get("writeback")));
        out.put(TelemetryMetric.MEMORY_AVAILABLE_MIB, mib(now.get("available")));
        if (last != null) {
            figures(last, now, nowNanos - lastNanos, out);
            out.put(TelemetryMetric.DISK_UTIL_PERCENT, busiest(lastBusy, busy, nowNanos - lastNanos));
        }
        last = now;
        lastBusy = busy;
        lastNanos = nowNanos;
    }

    /** Which figure a sample adds to, or null. CPU modes are grouped as /proc's are (user+nice, system+irq+softirq). */
    static String key(PrometheusText.PromSample s) {
        switch (s.name()) {
            case "node_cpu_seconds_total": {
                String mode = s.labels().getOrDefault("mode", "");
                String group = switch (mode) {
                    case "user", "nice" -> "cpu.user";
                    case "system", "irq", "softirq" -> "cpu.system";
                    case "iowait" -> "cpu.iowait";
                    case "steal" -> "cpu.steal";
                    default -> "cpu.other";
                };
                return group;
            }
            case "node_disk_read_bytes_total":
                return "disk.readBytes";
            case "node_disk_written_bytes_total":
                return "disk.writtenBytes";
            case "node_disk_reads_completed_total":
                return "disk.reads";
            case "node_disk_writes_completed_total":
                return "disk.writes";
            case "node_memory_Dirty_bytes":
                return "dirty";
            case "node_memory_Writeback_bytes":
                return "writeback";
            case "node_memory_MemAvailable_bytes":
                return "available";
            case "node_network_receive_bytes_total":
                return "net.rx";
            case "node_network_transmit_bytes_total":
                return "net.tx";
            default:
                return null;
        }
    }

    static void figures(Map<String, Double> a, Map<String, Double> b, long elapsed, Sample out) {
        double total = 0;
        for (String k : List.of("cpu.user", "cpu.system", "cpu.iowait", "cpu.steal", "cpu.other")) {
            Double d = Deltas.delta(a.get(k), b.get(k));
            total += d == null ? 0 : d;
        }
        if (total > 0) {
            out.put(TelemetryMetric.HOST_CPU_USER_PERCENT, share(a, b, "cpu.user", total));
            out.put(TelemetryMetric.HOST_CPU_SYSTEM_PERCENT, share(a, b, "cpu.system", total));
            out.put(TelemetryMetric.HOST_CPU_IOWAIT_PERCENT, share(a, b, "cpu.iowait", total));
            out.put(TelemetryMetric.HOST_CPU_STEAL_PERCENT, share(a, b, "cpu.steal", total));
        }
        out.put(TelemetryMetric.DISK_READ_MIB_PER_SEC, mib(Deltas.rate(a.get("disk.readBytes"), b.get("disk.readBytes"), elapsed)));
        out.put(TelemetryMetric.DISK_WRITE_MIB_PER_SEC,
                mib(Deltas.rate(a.get("disk.writtenBytes"), b.get("disk.writtenBytes"), elapsed)));
        out.put(TelemetryMetric.DISK_READ_IOPS, Deltas.rate(a.get("disk.reads"), b.get("disk.reads"), elapsed));
        out.put(TelemetryMetric.DISK_WRITE_IOPS, Deltas.rate(a.get("disk.writes"), b.get("disk.writes"), elapsed));
        out.put(TelemetryMetric.NETWORK_RX_MIB_PER_SEC, mib(Deltas.rate(a.get("net.rx"), b.get("net.rx"), elapsed)));
        out.put(TelemetryMetric.NETWORK_TX_MIB_PER_SEC, mib(Deltas.rate(a.get("net.tx"), b.get("net.tx"), elapsed)));
    }

    private static Double share(Map<String, Double> a, Map<String, Double> b, String key, double total) {
        Double d = Deltas.delta(a.get(key), b.get(key));
        return d == null ? null : 100 * d / total;
    }

    /** Utilisation of the busiest device: busy seconds per second, as a percentage. */
    static Double busiest(Map<String, Double> a, Map<String, Double> b, long elapsed) {
        Double max = null;
        for (Map.Entry<String, Double> e : b.entrySet()) {
            Double rate = Deltas.rate(a.get(e.getKey()), e.getValue(), elapsed);
            if (rate != null && (max == null || rate > max)) {
                max = rate;
            }
        }
        return max == null ? null : Math.min(100, 100 * max);
    }

    private static Double mib(Double bytes) {
        return bytes == null ? null : Units.mib(bytes);
    }

    @Override
    public void close() {
        // HttpClient holds nothing that needs closing on Java 17.
    }
}
