package io.kbench.kpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ThresholdTest {
    private static final Summary SUMMARY = new Summary("intendedSendTime",
            new Totals(1000, 1_048_576_000L, 500, 100.5, 2, 0, Map.of(), 0, null, null), null,
            new LatencyStats(1000, 1_000, 2_000, 40_000, 50_000, 60_000, 3_000.0), null, null, null);

    @Test
    void latencyLimitsConvertUnitsToMicros() {
        assertThat(Threshold.parse("publish.p99<50ms").limit()).isEqualTo(50_000);
        assertThat(Threshold.parse("publish.p99 <= 1.5s").limit()).isEqualTo(1_500_000);
        assertThat(Threshold.parse("e2e.max<900us").limit()).isEqualTo(900);
    }

    @Test
    void evaluatesAgainstTheSummary() {
        assertThat(Threshold.parse("publish.p99<50ms").evaluate(SUMMARY).passed()).isTrue();
        assertThat(Threshold.parse("publish.p99<40ms").evaluate(SUMMARY).passed()).isFalse();
        assertThat(Threshold.parse("publish.p99<=40ms").evaluate(SUMMARY).passed()).isTrue();
        assertThat(Threshold.parse("produced.mebibytesPerSec>100").evaluate(SUMMARY).passed()).isTrue();
        assertThat(Threshold.parse("produced.errors<=0").evaluate(SUMMARY).passed()).isTrue();
    }

    @Test
    void aVerdictSaysItsFigureAsTheSummaryTableDoes() {
        // issue 42: "measured 426.751 ms" and "measured 5000.000" beside the table's 426.8 ms and 5,000
        assertThat(Threshold.parse("publish.p99<50ms").evaluate(SUMMARY).line())
                .isEqualTo("PASS publish.p99<50ms (measured 40.0 ms)");
        assertThat(Threshold.parse("produced.records>=500").evaluate(SUMMARY).line())
                .isEqualTo("PASS produced.records>=500 (measured 1,000)");
        // A near miss the rule would round onto the limit (40.0 ms against 40.0 ms) is shown exactly.
        assertThat(Threshold.parse("publish.p99>=40.01ms").evaluate(SUMMARY).line())
                .isEqualTo("FAIL publish.p99>=40.01ms (measured 40 ms)");
    }

    @Test
    void anUnmeasuredMetricFailsRatherThanPasses() {
        ThresholdVerdict v = Threshold.parse("e2e.p99<50ms").evaluate(SUMMARY);
        assertThat(v.passed()).isFalse();
        assertThat(v.line()).startsWith("FAIL e2e.p99<50ms").contains("not measured");
    }

    @Test
    void badConditionsAreInputErrorsNamingThem() {
        assertThatThrownBy(() -> Threshold.parse("e2e.p98<50ms")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("e2e.p98");
        assertThatThrownBy(() -> Threshold.parse("latency<50ms")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("latency<50ms");
        assertThatThrownBy(() -> Threshold.parse("e2e.p99<50")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("needs a unit");
        assertThatThrownBy(() -> Threshold.parse("produced.recordsPerSec>5ms")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("not a latency");
    }
}
