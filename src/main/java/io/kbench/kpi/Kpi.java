package io.kbench.kpi;

import io.kbench.result.run.Summary;
import io.kbench.unit.Units;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * A headline figure compared across runs and sweep points: a {@link Metric} plus how people read it.
 *
 * @param metric    the figure, e.g. e2e.p99
 * @param label     the row label in tables
 * @param csvHeader the CSV column, with its unit, e.g. publish_p99_ms
 * @param higherIsBetter throughput: true; latency: false
 */
public record Kpi(Metric metric, String label, String csvHeader, boolean higherIsBetter) {
    /** Every KPI compare shows, in table order. */
    public static final List<Kpi> ALL = List.of(
            total("produced", "recordsPerSec", "produced records/s", "produced_records_per_s"),
            total("produced", "mebibytesPerSec", "produced MiB/s", "produced_MiB_per_s"),
            total("consumed", "recordsPerSec", "consumed records/s", "consumed_records_per_s"),
            total("consumed", "mebibytesPerSec", "consumed MiB/s", "consumed_MiB_per_s"),
            latency("publish", "p50"), latency("publish", "p95"), latency("publish", "p99"),
            latency("publish", "p999"), latency("publish", "max"),
            latency("e2e", "p50"), latency("e2e", "p95"), latency("e2e", "p99"),
            latency("e2e", "p999"), latency("e2e", "max"));

    private static Kpi total(String group, String field, String label, String csv) {
        return new Kpi(new Metric(group, field), label, csv, true);
    }

    private static Kpi latency(String group, String field) {
        String label = (group.equals("e2e") ? "end-to-end" : group) + " " + (field.equals("p999") ? "p99.9" : field) + " ms";
        return new Kpi(new Metric(group, field), label, group + "_" + field + "_ms", false);
    }

    /** The KPI of {@code metric}; a metric that is no headline figure is a programming error. */
    public static Kpi of(Metric metric) {
        return ALL.stream().filter(k -> k.metric.equals(metric)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no KPI for metric " + metric));
    }

    /** The figure in the unit people read (ms for latencies); empty when the run did not measure it. */
    public OptionalDouble valueIn(Summary summary) {
        OptionalDouble raw = metric.valueIn(summary);
        return raw.isPresent() && metric.isLatency() ? OptionalDouble.of(Units.millis(raw.getAsDouble())) : raw;
    }

    /** The unit of {@link #valueIn}: ms, records/s or MiB/s. */
    public String unit() {
        return metric.isLatency() ? "ms" : metric.field().equals("recordsPerSec") ? "records/s" : "MiB/s";
    }

    /** The value formatted for tables and CSV. */
    public static String format(double value) {
        double abs = Math.abs(value);
        return String.format(Locale.ROOT, abs >= 1000 ? "%.0f" : abs >= 10 ? "%.1f" : abs >= 1 ? "%.2f" : "%.3f", value);
    }
}
