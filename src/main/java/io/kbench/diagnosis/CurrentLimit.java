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
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What limits a run right now, for the live progress line: the {@link Diagnoser}'s rules applied to the latest sample
 * of every series, as if it were a one-interval run. The rules that need a trend over the run (send delay growth, the
 * p99 correlation, flush time at the spikes) have nothing to go on and stay silent, so the live answer can be
 * "nothing" where the final diagnosis names the load generator; the final diagnosis is the one that counts.
 * Fed on the sampler's thread and read on the reporter's, once per interval each (never per record).
 */
public final class CurrentLimit {
    private static final IntervalPoint ONE_INTERVAL = new IntervalPoint(1, IntervalPhase.MEASURED, 0, 0, 0, 0, 0,
            LatencyStats.EMPTY, LatencyStats.EMPTY, LatencyStats.EMPTY);

    private final Map<TelemetryMetric, Map<String, Double>> latest = new ConcurrentHashMap<>();
    private final Cores cores;

    /** @param cores the CPU capacity the rules judge against, broker limits included */
    public CurrentLimit(Cores cores) {
        this.cores = Objects.requireNonNull(cores, "cores");
    }

    /** A sampled value (NaN = not sampled); replaces the source's previous value of this metric. */
    public void sampled(TelemetryMetric metric, String source, double value) {
        latest.computeIfAbsent(metric, m -> new ConcurrentHashMap<>()).put(source, value);
    }

    /** The resource the rules name on the latest samples; {@link LimitingResource#NONE_FOUND} when none (or none yet). */
    public LimitingResource current() {
        List<TelemetrySeries> series = new ArrayList<>();
        latest.forEach((metric, bySource) -> bySource.forEach((source, value) ->
                series.add(new TelemetrySeries(metric, source, Collections.singletonList(value)))));
        if (series.isEmpty()) {
            return LimitingResource.NONE_FOUND;
        }
        return Diagnoser.diagnose(List.of(ONE_INTERVAL), new Telemetry(List.of(), series, List.of(), null), cores)
                .limitedBy();
    }
}
