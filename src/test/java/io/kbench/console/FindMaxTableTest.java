package io.kbench.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.findmax.AnswerSpread;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.SearchMethod;
import io.kbench.result.findmax.SearchMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one-line answer of find-max says the precision actually reached and how the answer was confirmed. */
public class FindMaxTableTest {
    private static FindMaxResult.Figures found(Double achievedPercent, String message) {
        return new FindMaxResult.Figures("e2e.p99<200ms", FindMaxOutcome.FOUND, 101_080.0, 96.4, 1000, 5.0,
                achievedPercent, 106_400.0, 5.0, 1000.0, "10s", "3s", "0s", "0s", 20, message, null);
    }

    @Test
    void aPlainConfirmedAnswerShowsTheRequestedPrecision() {
        assertThat(FindMaxTable.answer(found(4.0, "confirmed")))
                .isEqualTo("max sustainable rate: 101,080 records/s (96.4 MiB/s) ±5% under e2e.p99<200ms");
    }

    @Test
    void aStepDownShowsTheWiderBracketAndSaysSo() {
        assertThat(FindMaxTable.answer(found(5.263, "confirmed after 2 step(s) down")))
                .isEqualTo("max sustainable rate: 101,080 records/s (96.4 MiB/s) ±5.26% under e2e.p99<200ms"
                        + " (confirmed after 2 step(s) down)");
    }

    @Test
    void aLadderSaysItsPrecisionIsOneStep() {
        FindMaxResult.Figures steps = new FindMaxResult.Figures("none", FindMaxOutcome.FOUND, 5_500.0, 5.245, 1000, null,
                9.09, 6_000.0, 5.0, 500.0, "2s", "1s", "0s", "0s", 20, "the last step that passed", null,
                SearchMethod.STEPS, 500.0, null);
        assertThat(FindMaxTable.answer(steps)).isEqualTo("max sustainable rate: 5,500 records/s (5.25 MiB/s) to one step"
                + " of 500 records/s (6,000 failed) kept up with (no SLA)");
    }

    @Test
    void aLadderThatWentBelowItsStartSaysSo() {
        FindMaxResult.Figures down = new FindMaxResult.Figures("e2e.p99<200ms", FindMaxOutcome.FOUND, 4_000.0, 3.81, 1000,
                null, 50.0, 6_000.0, 5.0, 8_000.0, "2s", "1s", "0s", "0s", 20, "the first step down that passed", null,
                SearchMethod.STEPS, 2_000.0, null, 125.0);
        assertThat(FindMaxTable.answer(down)).isEqualTo("max sustainable rate: 4,000 records/s (3.81 MiB/s) to one step"
                + " of 2,000 records/s (6,000 failed) under e2e.p99<200ms (below --start-rate 8,000 records/s, which"
                + " failed: the ladder went down)");
    }

    @Test
    void aLadderWithoutAnAnswerSaysWhyWithoutAPrecision() {
        // No precisionPercent in a ladder's figures: the line must not need one (an S4 ladder on a busy machine).
        FindMaxResult.Figures none = new FindMaxResult.Figures("none", FindMaxOutcome.NO_SUSTAINABLE_RATE, null, null, 1000,
                null, null, 500.0, 5.0, 500.0, "10s", "10s", "0s", "30s", 30,
                "no sustainable rate at or above 500 records/s (achieved 468 rec/s < 95% of target)", null,
                SearchMethod.STEPS, 500.0, null);
        assertThat(FindMaxTable.answer(none)).isEqualTo("no answer: no sustainable rate at or above 500 records/s"
                + " (achieved 468 rec/s < 95% of target)");
    }

    @Test
    void severalLaddersGiveTheMedianWithTheirStep() {
        AnswerSpread spread = new AnswerSpread(SearchMode.FIXED, 3, null, null, 95.0, List.of(5_000.0, 5_500.0, 5_000.0),
                5_000.0, 5_161.0, 4_500.0, 5_900.0, 14.3, "3 searches as asked (--searches 3)");
        FindMaxResult.Figures f = new FindMaxResult.Figures("e2e.p99<200ms", FindMaxOutcome.FOUND, 5_000.0, 4.77, 1000, null,
                10.0, 5_500.0, 5.0, 4_000.0, "10s", "10s", "0s", "30s", 20, "3 of 3 searches found a rate", spread,
                SearchMethod.STEPS, 500.0, null);
        assertThat(FindMaxTable.answer(f)).isEqualTo("max sustainable 5,000 records/s [4,500, 5,900] (95%, 3 searches:"
                + " 5,000, 5,500, 5,000; each to one step of 500 records/s) under e2e.p99<200ms");
    }
}
