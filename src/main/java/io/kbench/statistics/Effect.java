package io.kbench.statistics;

import java.util.Locale;
import java.util.Objects;

/**
 * What a comparison of B against A concluded: B's figure as a ratio of A's with its confidence interval, and one of
 * four outcomes. Made by {@link EffectRule#decide}; the text is the effect's own words, printed by the terminal, the
 * report and the claims pages alike.
 *
 * @param outcome     higher, lower, equivalent within the margin, or undecided
 * @param ratio       B / A, the ratio of the geometric means
 * @param low         the interval's lower end, as a ratio (NaN when these repetitions cannot reach the confidence)
 * @param high        the interval's upper end, as a ratio (NaN likewise)
 * @param confidence  the interval's confidence, e.g. 0.95 (0.90 for an equivalence: the two one-sided tests at 5%)
 * @param margin      the equivalence margin as a fraction (0.05: within ±5%); 0 when none was stated
 * @param detectable  for an undecided effect, the minimum detectable effect as a fraction: what these repetitions
 *                    would have found with 80% power; NaN otherwise
 * @param runsA       A's repetitions
 * @param runsB       B's repetitions
 */
public record Effect(Outcome outcome, double ratio, double low, double high, double confidence, double margin,
                     double detectable, int runsA, int runsB) {
    /** The four outcomes of a comparison. */
    public enum Outcome {
        /** B is higher: the interval lies wholly above 1. */
        HIGHER,
        /** B is lower: the interval lies wholly below 1. */
        LOWER,
        /** B equals A within the margin: two one-sided tests (the 1 - 2 alpha interval inside the margin). */
        EQUIVALENT,
        /** None of the three: the interval spans 1 and reaches past the margin, or one repetition has no spread. */
        UNDECIDED
    }

    public Effect {
        Objects.requireNonNull(outcome, "outcome");
        if (runsA < 1 || runsB < 1) {
            throw new IllegalArgumentException("runs: each side needs one (got " + runsA + " and " + runsB + ")");
        }
    }

    /** Whether the comparison reached a conclusion. */
    public boolean decided() {
        return outcome != Outcome.UNDECIDED;
    }

    /** Whether the repetitions were enough for an interval at all. */
    public boolean hasInterval() {
        return !Double.isNaN(low);
    }

    /** The effect in one line: "higher by 12.3% [+4.1%, +20.2%]", "equivalent within ±5% ...", "undecided: ...". */
    public String text() {
        String interval = hasInterval() ? String.format(Locale.ROOT, " [%s, %s]", signed(low), signed(high)) : "";
        return switch (outcome) {
            case HIGHER -> "higher by " + percent(ratio - 1) + interval;
            case LOWER -> "lower by " + percent(1 - ratio) + interval;
            case EQUIVALENT -> "equivalent within ±" + percent(margin) + " (" + signed(ratio) + interval + " at "
                    + percent(confidence) + ")";
            case UNDECIDED -> hasInterval()
                    ? "undecided: " + signed(ratio) + interval + "; these repetitions could detect " + percent(detectable)
                            + " or more"
                    : "undecided: " + runsA + " and " + runsB + " repetitions, no spread to judge by (2 per side at least)";
        };
    }

    /**
     * The interval's confidence as a percentage with as few decimals as show it truly: "95" at 0.95, "99.6" at 0.9962
     * (a sequential look's spent alpha), "over 99.9999" beyond; never "100" for a confidence below 1.
     */
    public String confidencePercent() {
        return confidencePercent(confidence);
    }

    /** {@code confidence} as {@link #confidencePercent()} shows it. */
    public static String confidencePercent(double confidence) {
        double percent = confidence * 100;
        for (int decimals = 0; decimals <= 4; decimals++) {
            String shown = String.format(Locale.ROOT, "%." + decimals + "f", percent);
            double back = Double.parseDouble(shown);
            if (back < 100 && Math.abs(back - percent) <= (100 - percent) / 10) {
                return shown;
            }
        }
        return "over 99.9999";
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }

    private static String signed(double ratio) {
        return String.format(Locale.ROOT, "%+.1f%%", (ratio - 1) * 100);
    }
}
