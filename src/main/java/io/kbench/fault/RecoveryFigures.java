package io.kbench.fault;

import io.kbench.result.run.FaultRecovery;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * Recovery after a fault, from the per-interval series. The baseline is the median over the measured intervals that
 * ended before the fault started. A figure is the time from the fault start to the start of the first interval that is
 * back in its band after the first one outside it, and stays in the band for {@link #STAY} intervals (or until the run
 * ends). An interval without acknowledgements is outside the p99 band: a stall is not a good latency.
 */
final class RecoveryFigures {
    /** Intervals a recovered series must stay in its band, so one good second in a bad stretch is not recovery. */
    static final int STAY = 3;

    private RecoveryFigures() {
    }

    /**
     * {@code windowEndSec}: the end of the measured window on the run's axis; later intervals (the drain after the
     * producers stopped) are left out, as their rate says nothing about recovery.
     */
    static FaultRecovery of(List<IntervalPoint> intervals, double startSec, double windowEndSec) {
        List<IntervalPoint> measured = withoutEndSliver(intervals.stream()
                .filter(p -> p.phase() == IntervalPhase.MEASURED && p.endSec() <= windowEndSec + 1e-6).toList());
        List<IntervalPoint> before = measured.stream().filter(p -> p.endSec() <= startSec).toList();
        List<IntervalPoint> after = measured.stream().filter(p -> p.endSec() > startSec).toList();
        if (before.isEmpty()) {
            return new FaultRecovery(null, null, null, null, "no measured interval before the fault to compare with");
        }
        double rate = median(before.stream().mapToDouble(IntervalPoint::producedRecordsPerSec).toArray());
        double[] p99s = before.stream().map(IntervalPoint::publishLatencyMicros)
                .filter(l -> l != null && l.count() > 0).mapToDouble(LatencyStats::p99).toArray();
        Double p99 = p99s.length == 0 ? null : median(p99s);
        Double throughputSec = recovery(after, startSec,
                p -> Math.abs(p.producedRecordsPerSec() - rate) <= FaultRecovery.THROUGHPUT_BAND * rate);
        Double p99Sec = p99 == null ? null : recovery(after, startSec, p -> p.publishLatencyMicros() != null
                && p.publishLatencyMicros().count() > 0 && p.publishLatencyMicros().p99() <= FaultRecovery.P99_FACTOR * p99);
        return new FaultRecovery(rate, p99, throughputSec, p99Sec, null);
    }

    /**
     * The measured window's last interval when the window's end cut it to under half the usual length: a sliver of a
     * few ms often holds no acknowledgement at all, so it read as a stall and a run that recovered in its last seconds
     * as "not recovered".
     */
    static List<IntervalPoint> withoutEndSliver(List<IntervalPoint> measured) {
        int n = measured.size();
        if (n < 3) {
            return measured;
        }
        double[] lengths = new double[n - 1];
        for (int i = 1; i < n; i++) {
            lengths[i - 1] = measured.get(i).endSec() - measured.get(i - 1).endSec();
        }
        double last = lengths[n - 2];
        return last < 0.5 * median(lengths) ? measured.subList(0, n - 1) : measured;
    }

    /** Seconds from {@code startSec} to recovery; 0 when never out of band; null when not recovered by the end. */
    static Double recovery(List<IntervalPoint> after, double startSec, Predicate<IntervalPoint> inBand) {
        int out = -1;
        for (int i = 0; i < after.size() && out < 0; i++) {
            if (!inBand.test(after.get(i))) {
                out = i;
            }
        }
        if (out < 0) {
            return 0.0;
        }
        for (int j = out + 1; j < after.size(); j++) {
            if (staysInBand(after, j, inBand)) {
                return Math.max(0, after.get(j - 1).endSec() - startSec);
            }
        }
        return null;
    }

    private static boolean staysInBand(List<IntervalPoint> after, int from, Predicate<IntervalPoint> inBand) {
        for (int k = from; k < Math.min(after.size(), from + STAY); k++) {
            if (!inBand.test(after.get(k))) {
                return false;
            }
        }
        return true;
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
