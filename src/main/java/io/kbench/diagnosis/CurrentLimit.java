package io.kbench.diagnosis;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What limits a run so far, for the live progress line: the {@link Diagnoser}'s rules applied to each series' mean over
 * the intervals of the current phase, the same mean the final diagnosis judges over the measured intervals: one rule,
 * one answer. A single busy second no longer shows as a limit the verdict then denies, and the last measured line
 * names what the verdict's rules of means name on all but the final interval's samples (they arrive after the last
 * line). Which interval a sample belongs to is taken from when it arrives: a source slower than the report interval
 * can put a sample in the phase next to its own, so at a phase change the two can differ by that one sample.
 *
 * <p>Warm-up lines judge the warm-up's samples so far; the first measured line still shows them (none of its own have
 * arrived: the sampler samples an interval after its line is printed) and the measured means start afresh after it, as
 * the final diagnosis leaves the warm-up out. The rules that need a trend over the run (send delay growth, the p99
 * correlation, flush time at the spikes) have nothing to go on and stay silent, so the live answer can be "nothing"
 * where the final diagnosis names the load generator; it never names a resource those rules would not.
 *
 * <p>Fed on the sampler's thread and read on the reporter's, once per interval each (never per record), so a monitor
 * costs nothing that matters.
 */
public final class CurrentLimit {
    private static final IntervalPoint ONE_INTERVAL = new IntervalPoint(1, IntervalPhase.MEASURED, 0, 0, 0, 0, 0,
            LatencyStats.EMPTY, LatencyStats.EMPTY, LatencyStats.EMPTY);

    /** Per metric and source: {sum of the sampled values, how many were sampled}; guarded by this. */
    private final Map<TelemetryMetric, Map<String, double[]>> sums = new EnumMap<>(TelemetryMetric.class);
    private final Cores cores;
    /** The phase of the latest line asked about: the samples that arrive after it are of its interval. */
    private IntervalPhase phase;

    /** @param cores the CPU capacity the rules judge against, broker limits included */
    public CurrentLimit(Cores cores) {
        this.cores = Objects.requireNonNull(cores, "cores");
    }

    /** A sampled value (NaN = not sampled: it counts in no mean, as in the final diagnosis). */
    public synchronized void sampled(TelemetryMetric metric, String source, double value) {
        double[] sum = sums.computeIfAbsent(metric, m -> new HashMap<>()).computeIfAbsent(source, s -> new double[2]);
        if (!Double.isNaN(value)) {
            sum[0] += value;
            sum[1]++;
        }
    }

    /**
     * The resource the rules name on the means so far, for a line of {@code linePhase};
     * {@link LimitingResource#NONE_FOUND} when none (or nothing sampled yet). The first line of a new phase is answered
     * from the old phase's samples, which are then set aside.
     */
    public synchronized LimitingResource current(IntervalPhase linePhase) {
        Objects.requireNonNull(linePhase, "linePhase");
        LimitingResource answer = judge();
        if (phase != null && phase != linePhase) {
            sums.clear();
        }
        phase = linePhase;
        return answer;
    }

    private LimitingResource judge() {
        List<TelemetrySeries> series = new ArrayList<>();
        sums.forEach((metric, bySource) -> bySource.forEach((source, sum) -> series.add(new TelemetrySeries(metric,
                source, Collections.singletonList(sum[1] == 0 ? Double.NaN : sum[0] / sum[1])))));
        if (series.isEmpty()) {
            return LimitingResource.NONE_FOUND;
        }
        return Diagnoser.diagnose(List.of(ONE_INTERVAL), new Telemetry(List.of(), series, List.of(), null), cores)
                .limitedBy();
    }
}
