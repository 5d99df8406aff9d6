package io.kbench.experiment;

import io.kbench.error.Checks;
import io.kbench.result.sweep.SweepOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** The order a sweep runs its repetitions in; the same order, points, repeat and seed always give the same list. */
public final class RunOrder {
    private RunOrder() {
    }

    /**
     * One repetition to run.
     *
     * @param point      index into the plan's points
     * @param repetition 1-based repetition number
     */
    public record Slot(int point, int repetition) {
    }

    /** Every (point, repetition) of a sweep of {@code points} points repeated {@code repeat} times, in {@code order}. */
    public static List<Slot> of(int points, int repeat, SweepOrder order, long seed) {
        Checks.positive("points", points);
        Checks.positive("repeat", repeat);
        List<Slot> slots = new ArrayList<>(points * repeat);
        if (order == SweepOrder.SEQUENTIAL) {
            for (int p = 0; p < points; p++) {
                for (int rep = 1; rep <= repeat; rep++) {
                    slots.add(new Slot(p, rep));
                }
            }
            return slots;
        }
        Random random = new Random(seed);
        for (int rep = 1; rep <= repeat; rep++) {
            slots.addAll(round(points, rep, order, random));
        }
        return slots;
    }

    /**
     * Round {@code rep} (1-based): every point once. Interleaved rounds alternate direction, A B then B A (with a
     * second repetition: A B B A A B ...), so a drift of the machine over the sweep falls on every point alike, the
     * counterbalanced ABBA order of crossover designs; random rounds are shuffled by {@code random}, which carries the
     * sweep's seed from round to round.
     */
    public static List<Slot> round(int points, int rep, SweepOrder order, Random random) {
        Checks.positive("points", points);
        Checks.positive("repetition", rep);
        if (order == SweepOrder.SEQUENTIAL) {
            throw new IllegalArgumentException("order: sequential runs no rounds");
        }
        List<Slot> round = new ArrayList<>(points);
        for (int p = 0; p < points; p++) {
            round.add(new Slot(p, rep));
        }
        if (order == SweepOrder.RANDOM) {
            Collections.shuffle(round, random);
        } else if (rep % 2 == 0) {
            Collections.reverse(round);
        }
        return round;
    }
}
