package io.kbench.diagnosis;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import io.kbench.result.telemetry.TelemetrySource;
import io.kbench.result.telemetry.TelemetrySourceKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A synthetic run for the diagnosis tests: 2 warm-up and 20 measured one-second intervals at about 50 MiB/s, end-to-end
 * p99 around 8 ms, and whichever series a test adds (realistic magnitudes, 100 % = one core for process CPU).
 */
final class SyntheticRun {
    static final int WARMUP = 2;
    static final int MEASURED = 20;
    static final int N = WARMUP + MEASURED;

    private final double[] p99Ms = new double[N];
    private final double[] sendDelayP99Ms = new double[N];
    private final List<TelemetrySeries> series = new ArrayList<>();
    private final List<TelemetryEvent> events = new ArrayList<>();

    SyntheticRun() {
        for (int i = 0; i < N; i++) {
            p99Ms[i] = 8 + (i % 3);
            sendDelayP99Ms[i] = 0.4;
        }
    }

    /** End-to-end p99 of interval i (0-based, warm-up included). */
    SyntheticRun p99(int i, double ms) {
        p99Ms[i] = ms;
        return this;
    }

    SyntheticRun sendDelay(IntFunction<Double> ms) {
        for (int i = 0; i < N; i++) {
            sendDelayP99Ms[i] = ms.apply(i);
        }
        return this;
    }

    /** A series whose value at interval i is {@code f(i)} (null: not sampled). */
    SyntheticRun series(TelemetryMetric metric, String source, IntFunction<Double> f) {
        Double[] values = new Double[N];
        for (int i = 0; i < N; i++) {
            values[i] = f.apply(i);
        }
        series.add(new TelemetrySeries(metric, source, Arrays.asList(values)));
        return this;
    }

    SyntheticRun constant(TelemetryMetric metric, String source, double value) {
        return series(metric, source, i -> value * (i % 2 == 0 ? 0.99 : 1.01));
    }

    SyntheticRun event(TelemetryEvent e) {
        events.add(e);
        return this;
    }

    /** A healthy broker: CPU 40 % of a core, pools 80 % idle, disk quiet, Produce time mostly local. */
    SyntheticRun healthyBroker(String source) {
        return constant(TelemetryMetric.BROKER_CPU_PERCENT, source, 40)
                .constant(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, source, 80)
                .constant(TelemetryMetric.NETWORK_PROCESSOR_IDLE_PERCENT, source, 85)
                .constant(TelemetryMetric.LOG_FLUSH_TIME_MS, source, 3)
                .constant(TelemetryMetric.PRODUCE_TOTAL_TIME_MS, source, 4)
                .constant(TelemetryMetric.PRODUCE_REMOTE_TIME_MS, source, 0.2);
    }

    SyntheticRun healthyHost() {
        return constant(TelemetryMetric.HOST_CPU_USER_PERCENT, "host", 30)
                .constant(TelemetryMetric.HOST_CPU_SYSTEM_PERCENT, "host", 10)
                .constant(TelemetryMetric.HOST_CPU_IOWAIT_PERCENT, "host", 2)
                .constant(TelemetryMetric.DISK_UTIL_PERCENT, "host", 12)
                .constant(TelemetryMetric.DISK_WRITE_MIB_PER_SEC, "host", 50);
    }

    SyntheticRun healthyClient() {
        return constant(TelemetryMetric.CLIENT_CPU_PERCENT, "client", 60);
    }

    SyntheticRun healthy() {
        return healthyBroker("broker-1").healthyHost().healthyClient();
    }

    /** Replaces every series of this metric and source. */
    SyntheticRun replace(TelemetryMetric metric, String source, IntFunction<Double> f) {
        series.removeIf(s -> s.metric() == metric && s.source().equals(source));
        return series(metric, source, f);
    }

    List<IntervalPoint> intervals() {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            long p99 = Math.round(p99Ms[i] * 1000);
            LatencyStats latency = new LatencyStats(50_000, p99 / 4, p99 / 2, p99, p99 + 500, p99 + 1000, p99 / 3.0);
            long delay = Math.round(sendDelayP99Ms[i] * 1000);
            LatencyStats sendDelay = new LatencyStats(50_000, delay / 4, delay / 2, delay, delay, delay, delay / 3.0);
            points.add(new IntervalPoint(i + 1.0, i < WARMUP ? IntervalPhase.WARMUP : IntervalPhase.MEASURED, 51_200, 50,
                    51_200, 50, 0, latency, latency, sendDelay));
        }
        return points;
    }

    Telemetry telemetry() {
        List<TelemetrySource> sources = series.stream().map(TelemetrySeries::source).distinct()
                .map(id -> new TelemetrySource(id, id.startsWith("broker") ? TelemetrySourceKind.EMBEDDED_JMX
                        : id.equals("host") ? TelemetrySourceKind.PROC : TelemetrySourceKind.JVM, null, true, null))
                .toList();
        return new Telemetry(sources, List.copyOf(series), List.copyOf(events), null);
    }

    io.kbench.result.telemetry.Diagnosis diagnose(Cores cores) {
        return Diagnoser.diagnose(intervals(), telemetry(), cores);
    }

    io.kbench.result.telemetry.Diagnosis diagnose() {
        return diagnose(Cores.embedded(4));
    }
}
