package io.kbench.merge;

import io.kbench.measure.LatencyMetric;
import io.kbench.measure.LatencyRecorder;
import io.kbench.measure.LatencySeries;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Puts the report intervals of several runs on one time axis. The axis starts at the earliest input's first interval
 * and is cut into intervals of the common report interval; each input interval goes, whole, into the merged interval
 * that holds its midpoint. Its histograms are added there and its records counted there, so nothing is split or
 * interpolated: totals stay exact, and an input interval's figures move by at most half an interval in time.
 */
final class RunIntervalMerger {
    private RunIntervalMerger() {
    }

    /**
     * The merged series.
     *
     * @param zeroMillis wall-clock start of the merged axis (epoch milliseconds), the base time of the merged logs
     * @param points     one point per merged interval
     * @param bins       per latency metric, one histogram per merged interval (timestamps set), in order
     */
    record Merged(long zeroMillis, List<IntervalPoint> points, Map<LatencyMetric, List<Histogram>> bins) {
    }

    static Merged merge(List<InputRun> runs, long intervalMillis) {
        long zero = runs.stream().mapToLong(r -> r.logs().get(LatencyMetric.PUBLISH).get(0).getStartTimeStamp()).min()
                .orElseThrow();
        int count = 1 + runs.stream().flatMap(r -> r.logs().get(LatencyMetric.PUBLISH).stream())
                .mapToInt(h -> bin(h, zero, intervalMillis)).max().orElse(0);
        Bins bins = new Bins(count, zero, intervalMillis);
        for (InputRun run : runs) {
            List<IntervalPoint> points = run.result().intervals();
            List<Histogram> publish = run.logs().get(LatencyMetric.PUBLISH);
            double previousEndSec = 0;
            for (int k = 0; k < points.size(); k++) {
                IntervalPoint p = points.get(k);
                int b = bin(publish.get(k), zero, intervalMillis);
                bins.add(b, p, p.endSec() - previousEndSec);
                for (LatencyMetric metric : LatencyMetric.values()) {
                    bins.histogram(metric, b).add(run.logs().get(metric).get(k));
                }
                previousEndSec = p.endSec();
            }
        }
        return bins.result();
    }

    /** The merged interval holding the midpoint of {@code h}'s interval. */
    private static int bin(Histogram h, long zero, long intervalMillis) {
        long mid = h.getStartTimeStamp() + (h.getEndTimeStamp() - h.getStartTimeStamp()) / 2;
        return (int) Math.max(0, Math.floorDiv(mid - zero, intervalMillis));
    }

    /** Accumulates counts (rate x the input interval's length) and histograms per merged interval. */
    private static final class Bins {
        private final long zero;
        private final long intervalMillis;
        private final double[] producedRecords;
        private final double[] producedMib;
        private final double[] consumedRecords;
        private final double[] consumedMib;
        private final long[] errors;
        /** null: no input interval fell here; else whether one of them was measured. */
        private final Boolean[] measured;
        private final Map<LatencyMetric, List<Histogram>> histograms = new EnumMap<>(LatencyMetric.class);

        Bins(int count, long zero, long intervalMillis) {
            this.zero = zero;
            this.intervalMillis = intervalMillis;
            producedRecords = new double[count];
            producedMib = new double[count];
            consumedRecords = new double[count];
            consumedMib = new double[count];
            errors = new long[count];
            measured = new Boolean[count];
            for (LatencyMetric metric : LatencyMetric.values()) {
                List<Histogram> list = new ArrayList<>(count);
                for (int b = 0; b < count; b++) {
                    Histogram h = LatencyRecorder.newHistogram();
                    h.setStartTimeStamp(zero + b * intervalMillis);
                    h.setEndTimeStamp(zero + (b + 1) * intervalMillis);
                    list.add(h);
                }
                histograms.put(metric, list);
            }
        }

        void add(int b, IntervalPoint p, double lengthSec) {
            producedRecords[b] += p.producedRecordsPerSec() * lengthSec;
            producedMib[b] += p.producedMebibytesPerSec() * lengthSec;
            consumedRecords[b] += p.consumedRecordsPerSec() * lengthSec;
            consumedMib[b] += p.consumedMebibytesPerSec() * lengthSec;
            errors[b] += p.produceErrors();
            measured[b] = Boolean.TRUE.equals(measured[b]) || p.phase() == IntervalPhase.MEASURED;
        }

        Histogram histogram(LatencyMetric metric, int b) {
            return histograms.get(metric).get(b);
        }

        Merged result() {
            double sec = intervalMillis / 1000.0;
            List<IntervalPoint> points = new ArrayList<>(measured.length);
            boolean phaseMeasured = false;
            for (int b = 0; b < measured.length; b++) {
                // An interval no input fell into (a gap between runs) keeps the phase before it.
                phaseMeasured = measured[b] == null ? phaseMeasured : measured[b];
                points.add(new IntervalPoint((b + 1) * sec, phaseMeasured ? IntervalPhase.MEASURED : IntervalPhase.WARMUP,
                        producedRecords[b] / sec, producedMib[b] / sec, consumedRecords[b] / sec, consumedMib[b] / sec,
                        errors[b], stats(LatencyMetric.PUBLISH, b), stats(LatencyMetric.END_TO_END, b),
                        stats(LatencyMetric.SEND_DELAY, b)));
            }
            return new Merged(zero, points, Map.copyOf(histograms));
        }

        private LatencyStats stats(LatencyMetric metric, int b) {
            return LatencySeries.stats(histogram(metric, b));
        }
    }
}
