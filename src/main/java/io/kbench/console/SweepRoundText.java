package io.kbench.console;

import io.kbench.result.sweep.SweepRepetitions;
import io.kbench.unit.DurationText;
import java.time.Duration;
import java.util.Locale;

/**
 * The line a sweep with {@code repeat: auto} prints after each look: {@code round 4: 2 of 3 findings decided; budget 8
 * of 24 runs; look at 99.62%}, so a person watching sees what it still waits for and what it may still spend.
 */
public final class SweepRoundText {
    private SweepRoundText() {
    }

    /**
     * @param look        the look just taken
     * @param findings    whether the sweep waits for findings (else: comparisons of each point with the first)
     * @param budgetRuns  a count budget; null for a time budget
     * @param elapsed     the time so far (shown against a time budget)
     * @param budgetTime  a time budget; null for a count budget
     */
    public static String line(SweepRepetitions.Look look, boolean findings, Integer budgetRuns, Duration elapsed,
                              Duration budgetTime) {
        String budget = budget(look.runs(), budgetRuns, elapsed, budgetTime);
        String rule = look.confidence() == null ? "too early to spend any alpha"
                : String.format(Locale.ROOT, "look at %s%% (%.4f of alpha spent)", confidence(look.confidence()), look.spent());
        return "round " + look.round() + ": " + look.decided() + " of " + look.of() + " "
                + (findings ? "findings" : "comparisons with the first point") + " decided; budget " + budget + "; " + rule;
    }

    /**
     * The line of a round before the first look: {@code round 1: no look before 3 repetitions of every point; budget 2
     * of 24 runs}.
     */
    public static String waiting(int round, int runs, int minimum, Integer budgetRuns, Duration elapsed, Duration budgetTime) {
        return "round " + round + ": no look before " + minimum + " repetitions of every point; budget "
                + budget(runs, budgetRuns, elapsed, budgetTime);
    }

    private static String budget(int runs, Integer budgetRuns, Duration elapsed, Duration budgetTime) {
        return budgetRuns != null ? runs + " of " + budgetRuns + " runs"
                : DurationText.format(elapsed.withNanos(0)) + " of " + DurationText.format(budgetTime) + " (" + runs + " runs)";
    }

    /** 99.62, 99.9966: enough digits to tell the looks apart. */
    static String confidence(double c) {
        double percent = c * 100;
        int digits = Math.max(2, Math.min(6, (int) Math.ceil(-Math.log10(100 - percent)) + 2));
        return String.format(Locale.ROOT, "%." + digits + "f", percent);
    }
}
