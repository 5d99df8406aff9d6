package io.kbench.diagnosis;

import io.kbench.result.Figure;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The disk: limited when host iowait is at least {@link Thresholds#IOWAIT_HIGH_PERCENT}, the data device at least
 * {@link Thresholds#DISK_UTIL_HIGH_PERCENT} busy, or a broker's mean log flush time, over the run or at the p99
 * spikes, at least {@link Thresholds#FLUSH_TIME_HIGH_MS}; slow flushes alone on a saturated host whose device was
 * measured quiet are CPU, not the disk.
 */
final class DiskRule implements Rule {
    private static final LimitingResource R = LimitingResource.DISK;

    @Override
    public Judgement judge(RunEvidence e) {
        List<Figure> figures = new ArrayList<>();
        // Each judged metric's text, in the order judged: the rule's decisions read the metrics, never the words.
        Map<TelemetryMetric, String> high = new LinkedHashMap<>();
        Map<TelemetryMetric, String> normal = new LinkedHashMap<>();
        check(e, TelemetryMetric.DISK_UTIL_PERCENT, "disk util", Thresholds.DISK_UTIL_HIGH_PERCENT, figures, high, normal);
        check(e, TelemetryMetric.HOST_CPU_IOWAIT_PERCENT, "iowait", Thresholds.IOWAIT_HIGH_PERCENT, figures, high, normal);
        check(e, TelemetryMetric.LOG_FLUSH_TIME_MS, "flush time", Thresholds.FLUSH_TIME_HIGH_MS, figures, high, normal);
        flushAtSpikes(e, figures, high);
        if (figures.isEmpty()) {
            return Judgement.notJudged(R, "no iowait, disk util or flush time series");
        }
        if (high.isEmpty()) {
            return Judgement.clear(R, normal.values().iterator().next(), figures);
        }
        if (flushesWaitedForCpu(e, high, normal)) {
            return Judgement.clear(R, String.join(", ", high.values()) + " while " + String.join(", ", normal.values())
                    + " on a saturated host (CPU " + Text.percent(HostCpu.busyPercent(e).getAsDouble())
                    + " busy): the flushes waited for CPU, not the device", figures);
        }
        return Judgement.limited(R, String.join(", ", high.values()), figures);
    }

    /**
     * Slow flushes alone do not make the disk the limit when the device itself was measured quiet (util and iowait
     * both under their thresholds) and the host CPU was saturated: an fsync also needs CPU (the page cache writeback,
     * a loop device's worker), and on a host at 100% it waits for it. Seen on loop-mounted brokers at 1% device
     * utilisation, where 500 ms flushes named the disk while three brokers held both cores.
     */
    private static boolean flushesWaitedForCpu(RunEvidence e, Map<TelemetryMetric, String> high,
                                               Map<TelemetryMetric, String> normal) {
        boolean onlyFlushes = high.keySet().equals(Set.of(TelemetryMetric.LOG_FLUSH_TIME_MS));
        boolean deviceQuiet = normal.containsKey(TelemetryMetric.DISK_UTIL_PERCENT)
                && normal.containsKey(TelemetryMetric.HOST_CPU_IOWAIT_PERCENT);
        OptionalDouble busy = HostCpu.busyPercent(e);
        return onlyFlushes && deviceQuiet && busy.isPresent() && busy.getAsDouble() >= Thresholds.HOST_BUSY_PERCENT;
    }

    private static void check(RunEvidence e, TelemetryMetric metric, String label, double threshold, List<Figure> figures,
                              Map<TelemetryMetric, String> high, Map<TelemetryMetric, String> normal) {
        Optional<RunEvidence.SourceMean> worst = e.extreme(metric, true);
        if (worst.isEmpty()) {
            return;
        }
        double v = worst.get().mean();
        figures.add(Figures.mean(metric, worst.get(), e.series(metric).size() > 1 ? "the highest source" : ""));
        String text = label + " " + ("ms".equals(metric.unit()) ? Text.ms(v) : Text.percent(v));
        (v >= threshold ? high : normal).put(metric, text);
    }

    /** S4's finding: latency spikes that line up with slow flushes, even when the run's mean flush time is low. */
    private static void flushAtSpikes(RunEvidence e, List<Figure> figures, Map<TelemetryMetric, String> high) {
        int[] spikes = e.worstIntervals(Thresholds.SPIKES);
        double worst = Double.NaN;
        for (TelemetrySeries s : e.series(TelemetryMetric.LOG_FLUSH_TIME_MS)) {
            OptionalDouble m = RunEvidence.meanAt(s, spikes);
            if (m.isPresent() && !(m.getAsDouble() <= worst)) {
                worst = m.getAsDouble();
            }
        }
        if (Double.isNaN(worst)) {
            return;
        }
        figures.add(Figures.of("log_flush_time_ms_at_spikes", "log flush time at the p99 spikes", worst, "ms",
                "highest over brokers of the mean log_flush_time_ms in the " + spikes.length
                        + " measured intervals with the highest p99"));
        if (worst >= Thresholds.FLUSH_TIME_HIGH_MS) {
            high.putIfAbsent(TelemetryMetric.LOG_FLUSH_TIME_MS, "flush time " + Text.ms(worst) + " at the p99 spikes");
        }
    }
}
