package io.kbench.experiment;

import io.kbench.result.findmax.AnswerSpread;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.SearchAnswer;
import io.kbench.result.findmax.SearchMode;
import io.kbench.spec.WorkloadSpec;
import io.kbench.statistics.GeometricMean;
import io.kbench.unit.DurationText;
import io.kbench.unit.Units;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds the {@code findMax} object of a find-max result from its searches and the settings they ran with. One
 * search gives its answer as it always did; several give the median of their answers (robust to one search that
 * failed early or ran high) with the geometric mean's interval beside it.
 */
public final class FindMaxFigures {
    private FindMaxFigures() {
    }

    /** The answer over {@code searches} (one at least), which stopped for {@code stopped}. */
    public static FindMaxResult.Figures of(WorkloadSpec spec, FindMaxSettings settings, List<SearchResult> searches,
                                           String stopped) {
        List<Double> answers = answers(searches);
        AnswerSpread spread = spread(settings.searches(), searches.size(), answers, stopped);
        SearchResult only = searches.size() == 1 ? searches.get(0) : null;
        FindMaxOutcome outcome = only != null ? only.outcome() : outcome(searches);
        Double max = only != null ? only.maxRecordsPerSec() : outcome.hasRate() ? spread.medianRecordsPerSec() : null;
        Double firstFail = only != null ? only.firstFailRecordsPerSec() : outcome == FindMaxOutcome.LOWER_BOUND ? null
                : median(searches.stream().map(SearchResult::firstFailRecordsPerSec).filter(f -> f != null).toList());
        Double achieved = only != null ? only.achievedPrecision() : outcome != FindMaxOutcome.FOUND ? null
                : searches.stream().map(SearchResult::achievedPrecision).filter(a -> a != null).max(Double::compare).orElse(null);
        String message = only != null ? only.message() : message(searches, answers.size());
        double meanBytes = spec.producers().recordSize().meanBytes();
        Number size = spec.producers().recordSize().isFixed() ? (Number) spec.producers().recordSize().bytes() : meanBytes;
        // A ladder's precision is its step, not a percentage: it records the step and no precisionPercent.
        FindMaxSettings.Ladder ladder = settings.ladder();
        return new FindMaxResult.Figures(settings.slaText(), outcome, max,
                max == null ? null : Units.mib(max * meanBytes), size, ladder == null ? settings.precision() * 100 : null,
                achieved == null ? null : achieved * 100, firstFail, settings.keepUpTolerance() * 100,
                settings.startRecordsPerSec(), DurationText.format(settings.probeDuration()),
                DurationText.format(settings.probeWarmup()), DurationText.format(settings.probeCooldown()),
                DurationText.format(settings.clusterWarmup()), settings.maxProbes(), message, spread, settings.method(),
                ladder == null ? null : ladder.stepRecordsPerSec(), ladder == null ? null : ladder.maxRateRecordsPerSec(),
                settings.minRecordsPerSec());
    }

    /** Each search's own answer for the result's {@code searches}, numbered from 1. */
    public static List<SearchAnswer> answersOf(List<SearchResult> searches) {
        List<SearchAnswer> list = new ArrayList<>();
        for (int i = 0; i < searches.size(); i++) {
            SearchResult s = searches.get(i);
            list.add(new SearchAnswer(i + 1, s.outcome(), s.outcome().hasRate() ? s.maxRecordsPerSec() : null,
                    s.firstFailRecordsPerSec(), s.achievedPrecision() == null ? null : s.achievedPrecision() * 100,
                    s.probes().size(), s.message()));
        }
        return list;
    }

    /** The rates of the searches that found one (FOUND or LOWER_BOUND), in search order. */
    static List<Double> answers(List<SearchResult> searches) {
        return searches.stream().filter(s -> s.outcome().hasRate() && s.maxRecordsPerSec() != null)
                .map(SearchResult::maxRecordsPerSec).toList();
    }

    static AnswerSpread spread(SearchPlan plan, int searches, List<Double> answers, String stopped) {
        boolean auto = plan.mode() == SearchMode.AUTO;
        Double median = median(answers);
        GeometricMean g = answers.isEmpty() ? null
                : GeometricMean.of(answers.stream().mapToDouble(Double::doubleValue).toArray(), SearchPlan.CONFIDENCE);
        boolean interval = g != null && g.hasInterval();
        return new AnswerSpread(plan.mode(), searches, auto ? plan.count() : null, auto ? plan.target() * 100 : null,
                SearchPlan.CONFIDENCE * 100, answers, median, g == null ? null : g.value(), interval ? g.low() : null,
                interval ? g.high() : null, interval ? g.relativeHalfWidth() * 100 : null, stopped);
    }

    /**
     * Several searches: FOUND when every one that found a rate bracketed it; LOWER_BOUND when one never failed (the
     * median is then no more than a bound); else the first search's outcome, when none found a rate.
     */
    private static FindMaxOutcome outcome(List<SearchResult> searches) {
        List<FindMaxOutcome> rated = searches.stream().map(SearchResult::outcome).filter(FindMaxOutcome::hasRate).toList();
        if (rated.isEmpty()) {
            return searches.get(0).outcome();
        }
        return rated.contains(FindMaxOutcome.LOWER_BOUND) ? FindMaxOutcome.LOWER_BOUND : FindMaxOutcome.FOUND;
    }

    private static String message(List<SearchResult> searches, int answered) {
        String base = answered + " of " + searches.size() + " searches found a rate";
        List<String> others = new ArrayList<>();
        for (int i = 0; i < searches.size(); i++) {
            if (!searches.get(i).outcome().hasRate()) {
                others.add("search " + (i + 1) + " ended " + searches.get(i).outcome());
            }
        }
        return others.isEmpty() ? base : base + "; " + String.join(", ", others);
    }

    /** The median; the mean of the two middle values of an even count; null for none. */
    static Double median(List<Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
