package io.kbench.measure;

import io.kbench.result.run.Drift;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.SteadyState;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.statistics.TheilSen;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The one rule for steady state and drift (docs/results.md#drift), applied once at the end of a run to its interval
 * series, never per record. Over the whole report intervals of the measured window (the drain after the producers
 * stopped and a last interval cut short by the run's end left out), it takes the Theil-Sen slope of throughput
 * (produced records/s; consumed for a run without producers) and of p99 (publish; end-to-end without producers) with
 * Sen's 95% interval ({@link TheilSen}), each as %/min of the series' median, and the median rate of the last third
 * against the peak, the highest median of 3 consecutive intervals. A fixed-rate run's produced rate counts up to its
 * offered rate (a catch-up above the schedule is not a level). The run is:
 * <ul>
 *   <li><b>too_short</b> under {@link #MIN_INTERVALS} intervals: Sen's interval rests on a normal approximation that
 *       needs about ten points, and fewer cannot tell a trend from a slow interval or two;</li>
 *   <li><b>drifting</b> when the throughput slope is beyond ±{@link #RECORDS_PCT_PER_MIN}%/min and its interval
 *       excludes 0 (a trend the window shows, not an estimate noise put off zero), or when the last third's median
 *       is below {@link #LEVEL_RATIO} of the peak. The second catches a step down that the slope misses: the
 *       Theil-Sen slope is the median of the pairwise slopes, so when most of a window sits flat at the lower level
 *       (a fast first minute, then ten slow ones) the median pair is a flat one;</li>
 *   <li><b>steady</b> otherwise.</li>
 * </ul>
 * The p99 trend is reported, not judged: interval p99s on a shared machine swing several-fold from one second to the
 * next, so its interval is wide and, with neighbouring intervals dependent, not wide enough (a quick-start run that
 * met its schedule throughout measured +349%/min [-17, +1018]). The peak is a median of three so that a fixed-rate
 * run's catch-up interval after a slow one does not count as a level it held.
 */
public final class DriftRule {
    /** Fewest whole measured intervals for a trend. */
    public static final int MIN_INTERVALS = 10;
    /** Throughput slope limit, %/min of the window's median rate. */
    public static final double RECORDS_PCT_PER_MIN = 10;
    /** The last third's median below this share of the peak: drifting. */
    public static final double LEVEL_RATIO = 0.8;
    /** Consecutive intervals whose median is a level the run held (the peak is the highest). */
    static final int PEAK_SPAN = 3;
    /** The confidence of Sen's interval on each slope. */
    public static final double CONFIDENCE = 0.95;
    static final Drift.Limits LIMITS = new Drift.Limits(MIN_INTERVALS, RECORDS_PCT_PER_MIN, LEVEL_RATIO, CONFIDENCE);

    private DriftRule() {
    }

    /**
     * The drift of a run with this summary and these intervals; null when it measured no records at all. {@code offered}:
     * the records/s a fixed-rate run's producers were held to (empty for an unlimited rate); each interval's produced
     * rate counts up to it, since a rate above the schedule is the producers catching up on a debt, not a level the run
     * held: without the cap, a window that opened while they caught up read as a fall to the schedule.
     */
    public static Drift of(Summary summary, List<IntervalPoint> intervals, OptionalDouble offered) {
        boolean producers = summary != null && summary.produced() != null && summary.produced().records() > 0;
        Totals totals = summary == null ? null : producers ? summary.produced() : summary.consumed();
        if (totals == null || totals.records() == 0 || intervals == null) {
            return null;
        }
        List<IntervalPoint> window = window(intervals, totals.windowSec());
        if (window.size() < MIN_INTERVALS) {
            return new Drift(SteadyState.TOO_SHORT, window.size(), null, null, null, LIMITS);
        }
        double[] x = window.stream().mapToDouble(IntervalPoint::endSec).toArray();
        double cap = producers && offered.isPresent() ? offered.getAsDouble() : Double.POSITIVE_INFINITY;
        double[] rates = window.stream().mapToDouble(p -> producers ? Math.min(cap, p.producedRecordsPerSec())
                : p.consumedRecordsPerSec()).toArray();
        Drift.Slope rate = slope(producers ? "produced records/s" : "consumed records/s", x, rates);
        Drift.Slope p99 = p99(window, producers ? IntervalPoint::publishLatencyMicros
                : IntervalPoint::endToEndLatencyMicros, producers ? "publish p99" : "end-to-end p99");
        Drift.Level level = level(rates);
        boolean drifting = rate.beyond(RECORDS_PCT_PER_MIN) || level.ratio() < LEVEL_RATIO;
        return new Drift(drifting ? SteadyState.DRIFTING : SteadyState.STEADY, window.size(), rate, p99, level, LIMITS);
    }

    /**
     * The whole intervals of the measured window: measured, ending no later than half an interval after the window's
     * end (the drain after it says nothing of the run's pace), and without a last interval the run's end cut to under
     * nine tenths of the usual length (its rate over a sliver reads as a plunge).
     */
    static List<IntervalPoint> window(List<IntervalPoint> intervals, double windowSec) {
        int first = -1;
        for (int i = 0; i < intervals.size() && first < 0; i++) {
            if (intervals.get(i).phase() == IntervalPhase.MEASURED) {
                first = i;
            }
        }
        if (first < 0) {
            return List.of();
        }
        double usual = usualLength(intervals);
        double start = first > 0 ? intervals.get(first - 1).endSec() : intervals.get(first).endSec() - usual;
        double end = start + windowSec + usual / 2;
        List<IntervalPoint> out = new ArrayList<>();
        double previous = start;
        for (int i = first; i < intervals.size(); i++) {
            IntervalPoint p = intervals.get(i);
            if (p.phase() != IntervalPhase.MEASURED || p.endSec() > end) {
                break;
            }
            if (p.endSec() - previous >= 0.9 * usual) {
                out.add(p);
            }
            previous = p.endSec();
        }
        return out;
    }

    /** The median length of the report intervals (the first one from the run's start is as long as the others). */
    private static double usualLength(List<IntervalPoint> intervals) {
        double[] lengths = new double[intervals.size()];
        double previous = 0;
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = intervals.get(i).endSec() - previous;
            previous = intervals.get(i).endSec();
        }
        return median(lengths);
    }

    private static Drift.Slope p99(List<IntervalPoint> window, Function<IntervalPoint, LatencyStats> latency,
                                   String series) {
        List<double[]> points = new ArrayList<>();
        for (IntervalPoint p : window) {
            LatencyStats l = latency.apply(p);
            if (l != null && l.count() > 0) {
                points.add(new double[] {p.endSec(), l.p99()});
            }
        }
        if (points.size() < MIN_INTERVALS) {
            return null;
        }
        return slope(series, points.stream().mapToDouble(p -> p[0]).toArray(),
                points.stream().mapToDouble(p -> p[1]).toArray());
    }

    /** The slope as %/min of the median; a series whose median is 0 (nothing flowed) has no trend to speak of. */
    private static Drift.Slope slope(String series, double[] x, double[] y) {
        TheilSen t = TheilSen.of(x, y, CONFIDENCE);
        double median = median(y);
        double scale = median > 0 ? 100 * 60 / median : 0;
        return new Drift.Slope(series, median, t.slope() * scale, t.low() * scale, t.high() * scale);
    }

    /** The median rate of the last third of the window against the highest median of {@link #PEAK_SPAN} in a row. */
    static Drift.Level level(double[] rates) {
        double peak = 0;
        for (int i = 0; i + PEAK_SPAN <= rates.length; i++) {
            peak = Math.max(peak, median(Arrays.copyOfRange(rates, i, i + PEAK_SPAN)));
        }
        double steady = median(Arrays.copyOfRange(rates, rates.length - Math.max(1, rates.length / 3), rates.length));
        return new Drift.Level(steady, peak, peak > 0 ? steady / peak : 1);
    }

    private static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n == 0 ? 0 : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
