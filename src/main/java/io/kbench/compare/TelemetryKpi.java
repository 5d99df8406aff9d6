package io.kbench.compare;

import io.kbench.result.run.MeasuredMeans;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.LatencyPart;
import io.kbench.result.telemetry.TelemetryMetric;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Figures compare reads from a run's telemetry, each over the measured intervals (warm-up excluded) and only from
 * values that were sampled (a gap is never a zero). Documented in docs/sweeps.md and docs/diagnosis.md.
 */
public enum TelemetryKpi {
    /** The TLS issue's headline: what a produced MiB/s costs the brokers. */
    BROKER_CPU_PER_MIB("broker CPU per MiB/s", "%/(MiB/s)", false,
            "sum over brokers of mean broker_cpu_percent / produced MiB/s (100% = one core)"),
    BROKER_CPU("broker CPU", "%", false, "sum over brokers of mean broker_cpu_percent"),
    REQUEST_HANDLER_IDLE("request handler idle", "%", true, "mean over brokers of mean request_handler_idle_percent"),
    NETWORK_PROCESSOR_IDLE("network processor idle", "%", true, "mean over brokers of mean network_processor_idle_percent"),
    DISK_WRITE("disk write", "MiB/s", false, "sum over sources of mean disk_write_mib_per_sec"),
    CLIENT_CPU("load generator CPU", "%", false, "mean client_cpu_percent"),
    // Where the publish latency went (the result's anatomy section): which part moved between two results.
    PART_SEND_DELAY("publish part: behind its send time", "ms", false, "anatomy measured meanMs of send_delay"),
    PART_RECORD_QUEUE("publish part: in the producer's record queue", "ms", false,
            "anatomy measured meanMs of record_queue"),
    PART_PRODUCE_REQUEST_QUEUE("publish part: waiting for a request handler", "ms", false,
            "anatomy measured meanMs of produce_request_queue"),
    PART_PRODUCE_LOCAL("publish part: appending on the leader", "ms", false, "anatomy measured meanMs of produce_local"),
    PART_PRODUCE_REMOTE("publish part: waiting for replicas", "ms", false, "anatomy measured meanMs of produce_remote"),
    PART_PRODUCE_RESPONSE("publish part: response queue and send", "ms", false,
            "anatomy measured meanMs of produce_response_queue + produce_response_send"),
    PART_PUBLISH_REST("publish part: network and client I/O", "ms", false, "anatomy measured meanMs of publish_rest");

    private final String label;
    private final String unit;
    private final boolean higherIsBetter;
    private final String formula;

    TelemetryKpi(String label, String unit, boolean higherIsBetter, String formula) {
        this.label = label;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
        this.formula = formula;
    }

    public String label() {
        return label + " " + unit;
    }

    public String unit() {
        return unit;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    public String formula() {
        return formula;
    }

    /** As compare --json names it: {@code broker_cpu_per_mib}. */
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The figure of one run; empty when it has no telemetry or the series were not sampled. */
    public OptionalDouble valueIn(RunResult run) {
        if (name().startsWith("PART_")) {
            return part(run);
        }
        if (run.telemetry() == null || run.intervals() == null) {
            return OptionalDouble.empty();
        }
        return switch (this) {
            case BROKER_CPU_PER_MIB -> perMib(sum(run, TelemetryMetric.BROKER_CPU_PERCENT), run);
            case BROKER_CPU -> sum(run, TelemetryMetric.BROKER_CPU_PERCENT);
            case REQUEST_HANDLER_IDLE -> average(run, TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT);
            case NETWORK_PROCESSOR_IDLE -> average(run, TelemetryMetric.NETWORK_PROCESSOR_IDLE_PERCENT);
            case DISK_WRITE -> sum(run, TelemetryMetric.DISK_WRITE_MIB_PER_SEC);
            case CLIENT_CPU -> average(run, TelemetryMetric.CLIENT_CPU_PERCENT);
            default -> OptionalDouble.empty();
        };
    }

    /** A latency part's mean over the measured window from the result's anatomy; empty without one. */
    private OptionalDouble part(RunResult run) {
        if (run.anatomy() == null) {
            return OptionalDouble.empty();
        }
        List<LatencyPart> parts = switch (this) {
            case PART_SEND_DELAY -> List.of(LatencyPart.SEND_DELAY);
            case PART_RECORD_QUEUE -> List.of(LatencyPart.RECORD_QUEUE);
            case PART_PRODUCE_REQUEST_QUEUE -> List.of(LatencyPart.PRODUCE_REQUEST_QUEUE);
            case PART_PRODUCE_LOCAL -> List.of(LatencyPart.PRODUCE_LOCAL);
            case PART_PRODUCE_REMOTE -> List.of(LatencyPart.PRODUCE_REMOTE);
            case PART_PRODUCE_RESPONSE -> List.of(LatencyPart.PRODUCE_RESPONSE_QUEUE, LatencyPart.PRODUCE_RESPONSE_SEND);
            case PART_PUBLISH_REST -> List.of(LatencyPart.PUBLISH_REST);
            default -> List.of();
        };
        double sum = 0;
        boolean any = false;
        for (LatencyPart p : parts) {
            OptionalDouble v = run.anatomy().measured(p).map(s -> OptionalDouble.of(s.meanMs())).orElse(OptionalDouble.empty());
            if (v.isPresent()) {
                sum += v.getAsDouble();
                any = true;
            }
        }
        return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }

    private static OptionalDouble perMib(OptionalDouble cpu, RunResult run) {
        double mib = run.summary() == null || run.summary().produced() == null ? 0 : run.summary().produced().mebibytesPerSec();
        return cpu.isPresent() && mib > 0 ? OptionalDouble.of(cpu.getAsDouble() / mib) : OptionalDouble.empty();
    }

    private static OptionalDouble sum(RunResult run, TelemetryMetric metric) {
        List<Double> means = means(run, metric);
        return means.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(means.stream().mapToDouble(Double::doubleValue).sum());
    }

    private static OptionalDouble average(RunResult run, TelemetryMetric metric) {
        return means(run, metric).stream().mapToDouble(Double::doubleValue).average();
    }

    /** Each source's mean of the metric over the measured intervals it was sampled in. */
    private static List<Double> means(RunResult run, TelemetryMetric metric) {
        return MeasuredMeans.of(run, metric);
    }
}
