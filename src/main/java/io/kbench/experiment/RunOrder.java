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
            List<Slot> round = new ArrayList<>(points);
            for (int p = 0; p < points; p++) {
                round.add(new Slot(p, rep));
            }
            if (order == SweepOrder.RANDOM) {
                Collections.shuffle(round, random);
            }
            slots.addAll(round);
        }
        return slots;
    }
}
