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

    @Test
    void aLiveRunShowsBothSidesWithTheirLatencies() {
        assertThat(ProgressLine.format(point(20_000, 19_990, L), new ProgressLine.Columns(true, true)))
                .isEqualTo("   12.0s          prod    20,000 rec/s   19.53 MiB/s pub p50 1.00 ms p99 3.00 ms max 5.00 ms"
                        + " | cons    19,990 rec/s   19.52 MiB/s e2e p50 1.00 ms p99 3.00 ms max 5.00 ms");
    }

    @Test
    void aStalledConsumerShowsZeroInsteadOfDisappearing() {
        assertThat(ProgressLine.format(point(20_000, 0, LatencyStats.EMPTY), new ProgressLine.Columns(true, true)))
                .endsWith("| cons         0 rec/s    0.00 MiB/s e2e -");
    }

    @Test
    void aConsumeOnlyRunShowsNoProducerColumns() {
        assertThat(ProgressLine.format(point(0, 400_000, LatencyStats.EMPTY), new ProgressLine.Columns(false, true)))
                .isEqualTo("   12.0s          cons   400,000 rec/s  390.63 MiB/s");
    }

    @Test
    void aProduceOnlyRunShowsNoConsumerColumns() {
        assertThat(ProgressLine.format(point(20_000, 0, LatencyStats.EMPTY), new ProgressLine.Columns(true, false)))
                .doesNotContain("cons");
    }

    @Test
    void theLimitFieldHasOneWidthWhateverItSays() {
        String none = ProgressLine.format(point(20_000, 0, L), new ProgressLine.Columns(true, false, () -> null));
        String found = ProgressLine.format(point(20_000, 0, L),
                new ProgressLine.Columns(true, false, () -> LimitingResource.NONE_FOUND));
        assertThat(none).endsWith(" | limit -           ").isEqualTo(found);
        for (LimitingResource r : LimitingResource.values()) {
            String line = ProgressLine.format(point(20_000, 0, L), new ProgressLine.Columns(true, false, () -> r));
            assertThat(line).hasSameSizeAs(none);
        }
        assertThat(ProgressLine.format(point(20_000, 0, L),
                new ProgressLine.Columns(true, false, () -> LimitingResource.REQUEST_HANDLER_THREADS)))
                .endsWith(" | limit req handlers");
        assertThat(ProgressLine.format(point(20_000, 0, L),
                new ProgressLine.Columns(true, false, () -> LimitingResource.DISK))).endsWith(" | limit disk        ");
    }

    @Test
    void withoutTelemetryThereIsNoLimitField() {
        assertThat(ProgressLine.format(point(20_000, 0, L), new ProgressLine.Columns(true, false))).doesNotContain("limit");
    }
}
