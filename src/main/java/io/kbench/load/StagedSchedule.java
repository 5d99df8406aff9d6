package io.kbench.load;

import io.kbench.spec.RateStage;
import java.time.Duration;
import java.util.List;

/**
 * One producer thread's send times through {@code producers.stages}: a warm-up at the first stage's starting rate,
 * then each stage, constant or a straight ramp; after the last one the schedule ends. The rate r(t) is piecewise
 * linear, so the records due by time t, N(t), is its integral, and record i is due when N(t) = i + phase: within a
 * constant stage t = Δ / a, within a ramp of slope b the root of b t²/2 + a t = Δ, computed as 2Δ / (a + sqrt(a² +
 * 2bΔ)), the form without cancellation for either sign of b (Press et al., Numerical Recipes, 3rd ed., §5.6).
 *
 * <p>Each thread holds its own instance and asks with rising indexes, so the current stage is a cursor: a record
 * costs a few multiplications and no allocation.
 */
final class StagedSchedule implements SendSchedule {
    private final long startNanos;
    private final double phase;
    /** Per segment (the warm-up, if any, then the stages): start time (ns after startNanos) and records before it. */
    private final double[] startAt;
    private final double[] recordsBefore;
    /** Per segment: its rate at its start (records/ns) and the rate's slope (records/ns²), this thread's share. */
    private final double[] rateAtStart;
    private final double[] slope;
    private final double totalRecords;
    private int cursor;

    /**
     * {@code stages} in records/s over all threads, of which this thread sends {@code share} (1 / threads); the warm-up
     * of {@code warmup} begins at {@code startNanos}; {@code phase} in [0, 1) offsets this thread's records.
     */
    StagedSchedule(List<RateStage> stages, double share, long startNanos, Duration warmup, double phase) {
        if (stages.isEmpty() || !(share > 0 && share <= 1) || !(phase >= 0 && phase < 1)) {
            throw new IllegalArgumentException("stages " + stages.size() + ", share " + share + ", phase " + phase);
        }
        this.startNanos = startNanos;
        this.phase = phase;
        int segments = stages.size() + (warmup.isZero() ? 0 : 1);
        startAt = new double[segments];
        recordsBefore = new double[segments];
        rateAtStart = new double[segments];
        slope = new double[segments];
        double t = 0;
        double records = 0;
        int k = 0;
        if (!warmup.isZero()) {
            double rate = stages.get(0).startRate() * share / 1e9;
            rateAtStart[0] = rate;
            t = warmup.toNanos();
            records = rate * t;
            k = 1;
        }
        for (RateStage stage : stages) {
            double length = stage.duration().toNanos();
            startAt[k] = t;
            recordsBefore[k] = records;
            rateAtStart[k] = stage.startRate() * share / 1e9;
            slope[k] = (stage.endRate() - stage.startRate()) * share / 1e9 / length;
            t += length;
            records += rateAtStart[k] * length + slope[k] * length * length / 2;
            k++;
        }
        totalRecords = records;
    }

    @Override
    public long intendedSendNanos(long index) {
        double n = index + phase;
        if (n >= totalRecords) {
            return END;
        }
        if (n < recordsBefore[cursor]) {
            cursor = 0; // asked out of order (never by a producer): search from the start
        }
        while (cursor + 1 < startAt.length && n >= recordsBefore[cursor + 1]) {
            cursor++;
        }
        double due = n - recordsBefore[cursor];
        double a = rateAtStart[cursor];
        double b = slope[cursor];
        double after = due <= 0 ? 0 : b == 0 ? due / a : 2 * due / (a + Math.sqrt(Math.max(0, a * a + 2 * b * due)));
        return startNanos + Math.round(startAt[cursor] + after);
    }
}
