package io.kbench.diagnosis;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.Anatomy;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A run's intervals and telemetry as the rules read them: only measured intervals count, and a value that is null,
 * NaN or infinite (not sampled) is skipped, never read as zero.
 */
final class RunEvidence {
    private final List<IntervalPoint> intervals;
    private final Telemetry telemetry;
    private final Cores cores;
    private final int[] measured;
    private final boolean endToEnd;
    private final Anatomy anatomy;
    private final List<DriverCpu> drivers;

    RunEvidence(List<IntervalPoint> intervals, Telemetry telemetry, Cores cores) {
        this(intervals, telemetry, cores, List.of());
    }

    RunEvidence(List<IntervalPoint> intervals, Telemetry telemetry, Cores cores, List<DriverCpu> drivers) {
        this.drivers = List.copyOf(drivers);
        this.intervals = intervals;
        this.telemetry = telemetry;
        this.cores = cores;
        List<Integer> m = new ArrayList<>();
        for (int i = 0; i < intervals.size(); i++) {
            if (intervals.get(i).phase() == IntervalPhase.MEASURED) {
                m.add(i);
            }
        }
        this.measured = m.stream().mapToInt(Integer::intValue).toArray();
        this.endToEnd = m.stream().anyMatch(i -> count(intervals.get(i).endToEndLatencyMicros()) > 0);
        this.anatomy = LatencyAnatomy.of(intervals, telemetry, Double.NaN);
    }

    /** Where the publish latency went, part by part; null without broker Produce phases. */
    Anatomy anatomy() {
        return anatomy;
    }

    Cores cores() {
        return cores;
    }

    /** The driver processes that ran a side of the run, with their mean CPU; empty for the Java client alone. */
    List<DriverCpu> drivers() {
        return drivers;
    }

    Telemetry telemetry() {
        return telemetry;
    }

    /** Indexes into the intervals of the measured ones, in order. */
    int[] measured() {
        return measured.clone();
    }

    /** "end-to-end" when consumers measured it, else "publish". */
    String latencyName() {
        return endToEnd ? "end-to-end" : "publish";
    }

    /** The interval's p99 of {@link #latencyName()} in microseconds; NaN when nothing completed in it. */
    double p99Micros(int index) {
        return latency(index, p -> endToEnd ? p.endToEndLatencyMicros() : p.publishLatencyMicros(), "p99");
    }

    /** The interval's p99 send delay in microseconds; NaN at an unlimited rate or when nothing was sent. */
    double sendDelayP99Micros(int index) {
        return latency(index, IntervalPoint::sendDelayMicros, "p99");
    }

    double endSec(int index) {
        return intervals.get(index).endSec();
    }

    /** Length of the interval, seconds (the first one starts at 0). */
    double lengthSec(int index) {
        return index == 0 ? intervals.get(0).endSec() : intervals.get(index).endSec() - intervals.get(index - 1).endSec();
    }

    /** The series of this metric, one per source that has one. */
    List<TelemetrySeries> series(TelemetryMetric metric) {
        return telemetry.series().stream().filter(s -> s.metric() == metric).toList();
    }

    /** A series' value at an interval; NaN where it was not sampled. */
    static double value(TelemetrySeries s, int index) {
        if (index >= s.values().size()) {
            return Double.NaN;
        }
        Double v = s.values().get(index);
        return v == null || !Double.isFinite(v) ? Double.NaN : v;
    }

    /** Mean of a series over the measured intervals it was sampled in; empty when it never was. */
    OptionalDouble mean(TelemetrySeries s) {
        return meanAt(s, measured);
    }

    /** Mean of a series over the given intervals it was sampled in. */
    static OptionalDouble meanAt(TelemetrySeries s, int[] indexes) {
        double sum = 0;
        int n = 0;
        for (int i : indexes) {
            double v = value(s, i);
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? OptionalDouble.empty() : OptionalDouble.of(sum / n);
    }

    /** The source whose mean of this metric is highest (or lowest), with that mean; empty when none was sampled. */
    Optional<SourceMean> extreme(TelemetryMetric metric, boolean highest) {
        SourceMean best = null;
        for (TelemetrySeries s : series(metric)) {
            OptionalDouble m = mean(s);
            if (m.isPresent() && (best == null || (highest ? m.getAsDouble() > best.mean() : m.getAsDouble() < best.mean()))) {
                best = new SourceMean(s.source(), m.getAsDouble());
            }
        }
        return Optional.ofNullable(best);
    }

    /** Sum over sources of each source's measured mean (e.g. the CPU of all brokers); empty when none was sampled. */
    OptionalDouble sumOfMeans(TelemetryMetric metric) {
        double sum = 0;
        boolean any = false;
        for (TelemetrySeries s : series(metric)) {
            OptionalDouble m = mean(s);
            if (m.isPresent()) {
                sum += m.getAsDouble();
                any = true;
            }
        }
        return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }

    /** The series' value and the interval p99 at each measured interval with both. */
    private List<double[]> pairsWithP99(TelemetrySeries s) {
        List<double[]> pairs = new ArrayList<>();
        for (int i : measured) {
            double v = value(s, i);
            double p99 = p99Micros(i);
            if (!Double.isNaN(v) && !Double.isNaN(p99)) {
                pairs.add(new double[] {v, p99});
            }
        }
        return pairs;
    }

    /**
     * The correlation of a series with the interval p99 that survives leaving any one interval out: Pearson's r over
     * the measured intervals with both, and the r nearest 0 (or of the other sign) over the n subsets that each leave
     * one interval out, with that r's two-sided p-value from Student's t on n - 3 degrees of freedom. A coincidence at
     * one interval (a blip in a series otherwise still, at the worst p99) makes r near 1 out of nothing; left out, it
     * leaves no correlation: an estimate that rests on one observation is no evidence (the influence diagnostics of D.
     * A. Belsley, E. Kuh and R. E. Welsch 1980, Regression Diagnostics, ch. 2; the leave-one-out idea is Quenouille's
     * jackknife, 1949). Empty if fewer than {@link Thresholds#MOVER_MIN_POINTS} or flat.
     */
    Optional<RobustCorrelation> robustCorrelationWithP99(TelemetrySeries s) {
        List<double[]> pairs = pairsWithP99(s);
        int n = pairs.size();
        if (n < Thresholds.MOVER_MIN_POINTS) {
            return Optional.empty();
        }
        // Sums of the values less their means (r does not change with a shift; centring keeps the sums exact
        // enough), so each leave-one-out r costs O(1) and a long run's thousands of intervals stay cheap.
        double mx = pairs.stream().mapToDouble(q -> q[0]).average().orElse(0);
        double my = pairs.stream().mapToDouble(q -> q[1]).average().orElse(0);
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double syy = 0;
        double sxy = 0;
        for (double[] q : pairs) {
            double x = q[0] - mx;
            double y = q[1] - my;
            sx += x;
            sy += y;
            sxx += x * x;
            syy += y * y;
            sxy += x * y;
        }
        double r = pearson(n, sx, sy, sxx, syy, sxy);
        if (!Double.isFinite(r)) {
            return Optional.empty();
        }
        double least = r;
        for (double[] q : pairs) {
            double x = q[0] - mx;
            double y = q[1] - my;
            double without = pearson(n - 1, sx - x, sy - y, sxx - x * x, syy - y * y, sxy - x * y);
            // Flat or of the other sign without that interval: all of r came from it.
            double judged = Double.isFinite(without) && Math.signum(without) == Math.signum(r) ? without : 0;
            if (Math.abs(judged) < Math.abs(least)) {
                least = judged;
            }
        }
        double p = Math.abs(least) >= 1 ? 0 : 2 * new TDistribution(n - 3).cumulativeProbability(
                -Math.abs(least) * Math.sqrt((n - 3) / (1 - least * least)));
        return Optional.of(new RobustCorrelation(r, least, n, p));
    }

    /** Pearson's r from the sums of n pairs; NaN when either side is flat. */
    private static double pearson(int n, double sx, double sy, double sxx, double syy, double sxy) {
        double vx = n * sxx - sx * sx;
        double vy = n * syy - sy * sy;
        // A variance at rounding level is a flat series.
        if (vx <= 1e-12 * Math.max(1, n * sxx) || vy <= 1e-12 * Math.max(1, n * syy)) {
            return Double.NaN;
        }
        return Math.max(-1, Math.min(1, (n * sxy - sx * sy) / Math.sqrt(vx * vy)));
    }

    /**
     * A correlation over {@code points} intervals ({@code r}), the one nearest 0 with any one interval left out
     * ({@code leaveOneOut}, 0 when that leaves the other sign or a flat series) and its two-sided p-value.
     */
    record RobustCorrelation(double r, double leaveOneOut, int points, double p) {
    }

    /** The measured intervals with the highest p99, worst first, at most {@code n}. */
    int[] worstIntervals(int n) {
        return Arrays.stream(measured).filter(i -> !Double.isNaN(p99Micros(i))).boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> p99Micros(i)).reversed())
                .limit(n).mapToInt(Integer::intValue).toArray();
    }

    private double latency(int index, Function<IntervalPoint, LatencyStats> which, String percentile) {
        LatencyStats l = which.apply(intervals.get(index));
        return count(l) == 0 ? Double.NaN : l.get(percentile);
    }

    private static long count(LatencyStats l) {
        return l == null ? 0 : l.count();
    }

    /** One source's mean of a metric over the measured intervals. */
    record SourceMean(String source, double mean) {
    }
}
