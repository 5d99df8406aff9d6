package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.LimitingResource;
import org.junit.jupiter.api.Test;

/** The live line shows the sides a run has, and a consumer that stalls shows as 0 rec/s rather than vanishing. */
class ProgressLineTest {
    private static final LatencyStats L = new LatencyStats(10, 1_000, 2_000, 3_000, 4_000, 5_000, 1_500.0);

    private static IntervalPoint point(double produced, double consumed, LatencyStats e2e) {
        return new IntervalPoint(12.0, IntervalPhase.MEASURED, produced, produced / 1024, consumed, consumed / 1024, 0,
                L, e2e, LatencyStats.EMPTY);
    }

    private static IntervalPoint behind(double produced, double consumed, long delayMaxMicros) {
        return new IntervalPoint(123.5, IntervalPhase.MEASURED, produced, produced / 1024, consumed, consumed / 1024, 0,
                new LatencyStats(10, 1_839_000, 2_000_000, 2_146_000, 2_150_000, 2_161_000, 1_500_000.0),
                new LatencyStats(10, 62_700, 200_000, 295_900, 300_000, 317_200, 80_000.0),
                new LatencyStats(10, 100, 200, 300, 400, delayMaxMicros, 150.0));
    }

    @Test
    void aLiveRunShowsBothSidesWithTheirLatencies() {
        assertThat(ProgressLine.format(point(20_000, 19_990, L), new ProgressLine.Columns(true, true)))
                .isEqualTo("  12.0s prod 20,000 rec/s pub p50 1.00 p99 3.00 ms | cons 19,990 rec/s e2e p50 1.00 p99 3.00 ms");
    }

    @Test
    void aLineFits120ColumnsWithoutTrailingSpacesWhenOnSchedule() {
        for (LimitingResource r : LimitingResource.values()) {
            String line = ProgressLine.format(behind(99_999, 99_999, 900),
                    new ProgressLine.Columns(true, true, phase -> r));
            assertThat(line).hasSizeLessThanOrEqualTo(ProgressLine.TYPICAL_MAX_WIDTH).doesNotEndWith(" ");
            String one = ProgressLine.format(behind(1_234_567, 0, 9_980), new ProgressLine.Columns(true, false, phase -> r));
            assertThat(one).hasSizeLessThanOrEqualTo(ProgressLine.TYPICAL_MAX_WIDTH).doesNotEndWith(" ");
        }
    }

    @Test
    void aStalledConsumerShowsZeroInsteadOfDisappearing() {
        assertThat(ProgressLine.format(point(20_000, 0, LatencyStats.EMPTY), new ProgressLine.Columns(true, true)))
                .endsWith("| cons      0 rec/s e2e -");
    }

    @Test
    void aConsumeOnlyRunShowsNoProducerColumns() {
        assertThat(ProgressLine.format(point(0, 400_000, LatencyStats.EMPTY), new ProgressLine.Columns(false, true)))
                .isEqualTo("  12.0s cons 400,000 rec/s  390.63 MiB/s");
    }

    @Test
    void aProduceOnlyRunShowsNoConsumerColumnsAndItsMaximum() {
        assertThat(ProgressLine.format(point(20_000, 0, LatencyStats.EMPTY), new ProgressLine.Columns(true, false)))
                .isEqualTo("  12.0s prod 20,000 rec/s   19.53 MiB/s pub p50 1.00 p99 3.00 max 5.00 ms");
    }

    @Test
    void theLimitEndsTheLineAfterBehind() {
        assertThat(ProgressLine.format(behind(20_000, 0, 9_980),
                new ProgressLine.Columns(true, false, phase -> LimitingResource.REQUEST_HANDLER_THREADS)))
                .endsWith(" | behind 9.98 ms | limit req handlers");
        assertThat(ProgressLine.format(point(20_000, 0, L), new ProgressLine.Columns(true, false, phase -> null)))
                .endsWith(" | limit -").isEqualTo(ProgressLine.format(point(20_000, 0, L),
                        new ProgressLine.Columns(true, false, phase -> LimitingResource.NONE_FOUND)));
    }

    @Test
    void withoutTelemetryThereIsNoLimitField() {
        assertThat(ProgressLine.format(point(20_000, 0, L), new ProgressLine.Columns(true, false))).doesNotContain("limit");
    }
}
