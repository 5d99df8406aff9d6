package io.kbench.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
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
}
