package io.kbench.result.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * How a sweep chose its number of repetitions (sweep.json {@code repetitions}; docs/sweeps.md, "repeat: auto"). For
 * {@code repeat: N} only the mode; for {@code repeat: auto} the budget, every look taken after a round with the
 * confidence it judged at (Lan &amp; DeMets alpha spending, io.kbench.statistics.SequentialLooks), how many
 * repetitions each decision took, and what was still undecided when the sweep stopped.
 *
 * @param mode            fixed or auto
 * @param budgetRuns      auto with a count budget: the most runs the sweep may make (every point's repetitions added)
 * @param budgetSeconds   auto with a time budget: the most seconds its rounds may take
 * @param minimum         auto: the repetitions of every point before the first look
 * @param looks           auto: one per look, in order
 * @param finalConfidence auto: the confidence of the last look's rule (1 - its share of alpha)
 * @param decisions       auto: one per finding, or per point and figure against the first point without findings
 * @param undecided       auto: what was still undecided at the last look (empty when everything was decided)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SweepRepetitions(RepetitionMode mode, Integer budgetRuns, Double budgetSeconds, Integer minimum,
                               List<Look> looks, Double finalConfidence, List<Decision> decisions,
                               List<String> undecided) {
    public SweepRepetitions {
        Objects.requireNonNull(mode, "mode");
        if (mode == RepetitionMode.AUTO && (budgetRuns == null) == (budgetSeconds == null)) {
            throw new IllegalArgumentException("budgetRuns/budgetSeconds: auto needs exactly one (got " + budgetRuns
                    + ", " + budgetSeconds + ")");
        }
        looks = looks == null ? null : List.copyOf(looks);
        decisions = decisions == null ? null : List.copyOf(decisions);
        undecided = undecided == null ? null : List.copyOf(undecided);
    }

    /** The section of a sweep with {@code repeat: N}. */
    public static SweepRepetitions fixed() {
        return new SweepRepetitions(RepetitionMode.FIXED, null, null, null, null, null, null, null);
    }

    /**
     * One look, after a complete round.
     *
     * @param round      the rounds completed (every point's repetitions so far)
     * @param runs       the runs made so far, every point's added
     * @param t          the information fraction: runs (or seconds) so far over the budget; 1 at the last round
     * @param spent      the alpha spent by this look, all earlier looks' included
     * @param confidence this look's rule: 1 - its own share of alpha; absent when the look was too early to spend any
     * @param decided    decisions taken by this look or an earlier one
     * @param of         decisions in all
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Look(int round, int runs, double t, double spent, Double confidence, int decided, int of) {
        public Look {
            if (round < 1 || runs < 1 || decided < 0 || decided > of) {
                throw new IllegalArgumentException("look: need round and runs >= 1 and 0 <= decided <= of (got " + round
                        + ", " + runs + ", " + decided + " of " + of + ")");
            }
        }
    }

    /**
     * One decision the sweep waited for.
     *
     * @param name        the finding's claim, or "point vs first-point on figure"
     * @param outcome     the finding's outcome (held, contradicted, inconclusive) or the effect's (higher, lower,
     *                    equivalent, undecided)
     * @param repetitions repetitions of each point when it was decided (the last look's when undecided)
     * @param look        the look (1-based) that decided it; absent when undecided
     * @param text        the effect or verdict in words at that look
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Decision(String name, String outcome, int repetitions, Integer look, String text) {
        public Decision {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(outcome, "outcome");
        }
    }
}
