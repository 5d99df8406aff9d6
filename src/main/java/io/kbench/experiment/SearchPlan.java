package io.kbench.experiment;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.result.findmax.SearchMode;
import io.kbench.statistics.GeometricMean;
import io.kbench.unit.Percent;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How many independent searches find-max runs ({@code --searches N|auto}) and when it stops. One search answers
 * once: two identical S4 searches answered 4,738 and 5,750 records/s, so a single answer says nothing of its spread.
 * Fixed: exactly {@code count} searches. Auto: at least {@value #AUTO_MINIMUM}, then one more until the
 * {@value #CONFIDENCE_PERCENT}% interval of the answers' geometric mean ({@link GeometricMean}: Student's t on the
 * logarithms) lies within +-{@code target} of it, or {@code budget} searches have run. Three at least because the
 * answers are rates on the bisection's grid, so two searches often answer the very same rate and an interval of no
 * width would stop a search that has seen no spread yet; with three, t(0.975, 2) = 4.3 still needs them close.
 *
 * @param mode   fixed or auto
 * @param count  fixed: the searches to run; auto: the budget, the most it may run
 * @param target auto: the interval's half width to stop at, as a fraction of the geometric mean (0.10: +-10%); NaN
 *               for fixed
 */
public record SearchPlan(SearchMode mode, int count, double target) {
    /** The interval's confidence. */
    public static final double CONFIDENCE = 0.95;
    static final int CONFIDENCE_PERCENT = 95;
    /** Auto's fewest searches, and its smallest budget. */
    public static final int AUTO_MINIMUM = 3;
    /** Auto's budget when none is given. */
    public static final int DEFAULT_BUDGET = 5;
    /** Auto's target when none is given: +-10%. */
    public static final double DEFAULT_TARGET = 0.10;
    /** One search: find-max as it always was. */
    public static final SearchPlan ONE = fixed(1);

    public SearchPlan {
        if (mode == null) {
            throw InvalidInputException.field("--searches", "nothing", "must be a count or auto");
        }
        if (mode == SearchMode.FIXED) {
            Checks.atLeast("--searches", count, 1);
            target = Double.NaN;
        } else {
            Checks.atLeast("--budget", count, AUTO_MINIMUM);
            if (!(target > 0 && target < 1)) {
                throw InvalidInputException.field("--answer-precision", Percent.ofFraction(target),
                        "must be between 0% and 100% (exclusive)");
            }
        }
    }

    /** {@code --searches N}. */
    public static SearchPlan fixed(int count) {
        return new SearchPlan(SearchMode.FIXED, count, Double.NaN);
    }

    /** {@code --searches auto --budget N --answer-precision P}. */
    public static SearchPlan auto(int budget, double target) {
        return new SearchPlan(SearchMode.AUTO, budget, target);
    }

    /** {@code --searches} as given ({@code 3}, {@code auto}) with the budget and target that go with auto. */
    public static SearchPlan parse(String searches, int budget, double target) {
        String s = searches == null ? "" : searches.trim();
        if (s.equalsIgnoreCase("auto")) {
            return auto(budget, target);
        }
        try {
            return fixed(Integer.parseInt(s));
        } catch (NumberFormatException e) {
            throw InvalidInputException.field("--searches", "'" + searches + "'", "must be a count (1, 3, ...) or auto");
        }
    }

    /** The most searches this plan may run. */
    public int maximum() {
        return count;
    }

    /**
     * Whether to stop after {@code done} searches that answered {@code answers} (the rates of those that found one):
     * the reason in words, or empty to run another.
     */
    public Optional<String> stop(int done, List<Double> answers) {
        if (mode == SearchMode.FIXED) {
            return done >= count ? Optional.of(count + (count == 1 ? " search" : " searches") + " as asked (--searches "
                    + count + ")") : Optional.empty();
        }
        GeometricMean g = answers.size() < 2 ? null
                : GeometricMean.of(answers.stream().mapToDouble(Double::doubleValue).toArray(), CONFIDENCE);
        if (done >= AUTO_MINIMUM && answers.size() >= AUTO_MINIMUM && g.within(target)) {
            return Optional.of(String.format(Locale.ROOT, "the %d%% interval lies within ±%s after %d searches (--answer-precision %s)",
                    CONFIDENCE_PERCENT, Percent.ofFraction(g.relativeHalfWidth()), done, Percent.ofFraction(target)));
        }
        if (done >= count) {
            String reached = g == null ? "fewer than 2 searches found a rate, so no interval"
                    : "the interval is ±" + Percent.ofFraction(g.relativeHalfWidth());
            return Optional.of("budget of " + count + " searches spent (--budget): " + reached + ", not within ±"
                    + Percent.ofFraction(target));
        }
        return Optional.empty();
    }
}
