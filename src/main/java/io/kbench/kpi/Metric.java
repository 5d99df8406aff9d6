package io.kbench.kpi;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.kbench.error.InvalidInputException;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A named figure of a run summary, as thresholds and SLAs spell it: {@code e2e.p99}, {@code publish.p50},
 * {@code sendDelay.max}, {@code produced.mebibytesPerSec}, {@code consumed.recordsPerSec}, {@code produced.errors}.
 * Latencies are in microseconds internally; thresholds may give them in us, ms or s.
 */
public record Metric(String group, String field) {
    private static final List<String> LATENCY_GROUPS = List.of("publish", "e2e", "sendDelay");
    private static final List<String> PERCENTILES = List.of("p50", "p95", "p99", "p999", "max", "mean");
    private static final List<String> TOTAL_GROUPS = List.of("produced", "consumed");
    private static final List<String> TOTAL_FIELDS = List.of("records", "bytes", "recordsPerSec", "mebibytesPerSec", "errors");

    public Metric {
        boolean latency = LATENCY_GROUPS.contains(group) && PERCENTILES.contains(field);
        boolean total = TOTAL_GROUPS.contains(group) && TOTAL_FIELDS.contains(field);
        if (!latency && !total) {
            throw InvalidInputException.field("metric", group + "." + field, "unknown metric; use "
                    + String.join("|", LATENCY_GROUPS) + "." + String.join("|", PERCENTILES) + " or "
                    + String.join("|", TOTAL_GROUPS) + "." + String.join("|", TOTAL_FIELDS));
        }
    }

    public static Metric parse(String text) {
        int dot = text.indexOf('.');
        if (dot <= 0) {
            throw InvalidInputException.field("metric", text, "must look like e2e.p99 or produced.mebibytesPerSec");
        }
        return new Metric(text.substring(0, dot).trim(), text.substring(dot + 1).trim());
    }

    @JsonIgnore
    public boolean isLatency() {
        return LATENCY_GROUPS.contains(group);
    }

    /**
     * The unit a person reads the metric in: {@code ms} for latencies (held in microseconds, as thresholds' limits
     * are), else {@code records}, {@code bytes}, {@code records/s}, {@code MiB/s} or {@code errors}.
     */
    @JsonIgnore
    public String unit() {
        if (isLatency()) {
            return "ms";
        }
        return switch (field) {
            case "recordsPerSec" -> "records/s";
            case "mebibytesPerSec" -> "MiB/s";
            default -> field;
        };
    }

    /** The metric's value in {@code summary}: latencies in microseconds; empty when the run did not measure it. */
    public OptionalDouble valueIn(Summary summary) {
        if (isLatency()) {
            LatencyStats stats = switch (group) {
                case "publish" -> summary.publishLatencyMicros();
                case "e2e" -> summary.endToEndLatencyMicros();
                default -> summary.sendDelayMicros();
            };
            return stats == null || stats.count() == 0 ? OptionalDouble.empty() : OptionalDouble.of(stats.get(field));
        }
        Totals totals = group.equals("produced") ? summary.produced() : summary.consumed();
        if (totals == null) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(switch (field) {
            case "records" -> totals.records();
            case "bytes" -> totals.bytes();
            case "recordsPerSec" -> totals.recordsPerSec();
            case "mebibytesPerSec" -> totals.mebibytesPerSec();
            default -> totals.errors();
        });
    }

    @Override
    public String toString() {
        return group + "." + field;
    }
}
