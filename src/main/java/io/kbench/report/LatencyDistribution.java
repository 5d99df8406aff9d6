package io.kbench.report;

import io.kbench.measure.IntervalLog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A latency percentile distribution for plotting on a log axis of 1/(1-q), as HdrHistogram's own plots do.
 *
 * @param points (percentile, value in microseconds) pairs, percentile ascending, below 100
 * @param count  recorded values
 * @param source "hlog" when read from the interval log, {@link #CUT_HLOG} from the complete intervals of a log cut
 *               off mid-interval, "summary" when built from the summary's percentiles
 */
public record LatencyDistribution(List<Point> points, long count, String source) {
    /** The source of a distribution read from a cut-off log (its last, incomplete interval left out). */
    public static final String CUT_HLOG = "hlog, cut";

    /**
     * One point of the distribution.
     *
     * @param percentile 0..100 (exclusive)
     * @param micros     the value at that percentile
     */
    public record Point(double percentile, double micros) {
        /** The x position on the plot: 1 / (1 - q). */
        public double inverseTail() {
            return 1.0 / (1.0 - percentile / 100.0);
        }
    }

    /**
     * The distribution of an .hlog file, empty when it is missing or holds no values; a log cut off mid-interval gives
     * the distribution of its complete intervals, its source {@link #CUT_HLOG}.
     */
    public static Optional<LatencyDistribution> fromHlog(Path hlog) {
        return IntervalLog.readContents(hlog).flatMap(c -> {
            Histogram total = IntervalLog.total(c.intervals());
            if (total.getTotalCount() == 0) {
                return Optional.empty();
            }
            LatencyDistribution d = of(total);
            return Optional.of(c.cut() ? new LatencyDistribution(d.points(), d.count(), CUT_HLOG) : d);
        });
    }

    /** How the report names where this came from, e.g. {@code " from e2e-latency.hlog"}. */
    String sourceNote(String logFileName) {
        if (!fromLog()) {
            return " from the summary percentiles (no .hlog)";
        }
        return " from " + logFileName + (source.equals(CUT_HLOG)
                ? " (cut off mid-interval when the run was stopped: its complete intervals)" : "");
    }

    /** Whether this was read from an interval log (complete or cut). */
    public boolean fromLog() {
        return !source.equals("summary");
    }

    /**
     * Percentile distribution with 5 steps per halving of the remaining tail (HdrHistogram's default output); the maximum
     * is placed at 1 - 1/count, where a sample of {@code count} values puts it.
     */
    public static LatencyDistribution of(Histogram h) {
        List<Point> points = new ArrayList<>();
        double lastPercentile = -1;
        for (HistogramIterationValue v : h.percentiles(5)) {
            double p = v.getPercentileLevelIteratedTo();
            if (p >= 100.0) {
                break;
            }
            if (p > lastPercentile) {
                points.add(new Point(p, h.highestEquivalentValue(v.getValueIteratedTo())));
                lastPercentile = p;
            }
        }
        long count = h.getTotalCount();
        double maxPercentile = count > 1 ? 100.0 * (1.0 - 1.0 / count) : 0.0;
        if (maxPercentile > lastPercentile) {
            points.add(new Point(maxPercentile, h.getMaxValue()));
        } else if (!points.isEmpty()) {
            Point last = points.remove(points.size() - 1);
            points.add(new Point(last.percentile(), Math.max(last.micros(), h.getMaxValue())));
        }
        return new LatencyDistribution(List.copyOf(points), count, "hlog");
    }

    /** Fallback when no .hlog exists: the summary's p50/p95/p99/p99.9 and the max. */
    public static LatencyDistribution fromSummary(long count, double p50, double p95, double p99, double p999, double max) {
        double maxPercentile = count > 1000 ? 100.0 * (1.0 - 1.0 / count) : 99.99;
        List<Point> points = List.of(new Point(50, p50), new Point(95, p95), new Point(99, p99), new Point(99.9, p999),
                new Point(maxPercentile, max));
        return new LatencyDistribution(points, count, "summary");
    }
}
