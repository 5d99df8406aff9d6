package io.kbench.study;

import io.kbench.result.sweep.FindingVerdict;
import java.util.Objects;

/**
 * A group's verdict, how many comparisons it judged with an interval (0: none; each can contradict the claim), the
 * values compared (a ratio finding's two sides, for pooling; null otherwise) and what contradicted it, if anything.
 */
record GroupJudgement(FindingVerdict.Group group, int comparisons, double[] to, double[] of,
                      Contradiction contradiction) {
    /** What contradicted a group: nothing, an effect outside the claim, or two found the same where a direction was claimed. */
    enum Contradiction { NONE, OUTSIDE_CLAIM, EQUIVALENT }

    GroupJudgement {
        Objects.requireNonNull(contradiction, "contradiction");
    }

    static GroupJudgement none(FindingVerdict.Group group) {
        return new GroupJudgement(group, 0, null, null, Contradiction.NONE);
    }
}
