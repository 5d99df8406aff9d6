package io.kbench.result.findmax;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.util.List;
import java.util.Objects;

/**
 * find-max's answer over its independent searches ({@code --searches}): the median of their answers, and the geometric
 * mean's confidence interval (Student's t on the logarithms), with how the number of searches was chosen. Only
 * searches that found a rate count; the interval is absent below two of them.
 *
 * @param mode                   fixed ({@code --searches N}) or auto ({@code --searches auto})
 * @param searches               searches run
 * @param budget                 auto only: the most searches it could run ({@code --budget})
 * @param targetPercent          auto only: stop once the interval lies within +-this percent of the geometric mean
 *                               ({@code --answer-precision})
 * @param confidencePercent      the interval's confidence, e.g. 95
 * @param answers                each search's rate, in search order; searches without one are left out
 * @param medianRecordsPerSec    the median of {@code answers}; absent when there are none
 * @param geometricMeanRecordsPerSec the geometric mean of {@code answers}, the centre of the interval
 * @param lowRecordsPerSec       the interval's lower end; absent below two answers
 * @param highRecordsPerSec      the interval's upper end; absent below two answers
 * @param halfWidthPercent       (high / geometric mean - 1) x 100, the interval's half width; absent below two answers
 * @param stopped                why no further search ran, in words
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AnswerSpread(SearchMode mode, int searches, Integer budget, Double targetPercent, double confidencePercent,
                           List<Double> answers, Double medianRecordsPerSec, Double geometricMeanRecordsPerSec,
                           Double lowRecordsPerSec, Double highRecordsPerSec, Double halfWidthPercent, String stopped) {
    public AnswerSpread {
        Objects.requireNonNull(mode, "findMax.spread.mode");
        Checks.atLeast("findMax.spread.searches", searches, 1);
        if (!(confidencePercent > 0 && confidencePercent < 100)) {
            throw InvalidInputException.field("findMax.spread.confidencePercent", confidencePercent, "must be in (0, 100)");
        }
        answers = answers == null ? List.of() : List.copyOf(answers);
        if (answers.size() > searches) {
            throw InvalidInputException.field("findMax.spread.answers", answers.size() + " answers",
                    "cannot outnumber the searches (" + searches + ")");
        }
    }

    /** Whether there were answers enough (two) for an interval. */
    public boolean hasInterval() {
        return lowRecordsPerSec != null && highRecordsPerSec != null;
    }
}
