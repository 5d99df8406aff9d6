package io.kbench.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.SearchMethod;
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
}
