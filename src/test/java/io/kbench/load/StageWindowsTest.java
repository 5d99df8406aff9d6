package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.measure.SendWindows;
import io.kbench.result.run.StageResult;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.SpecLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The stages' windows: one per stage after the warm-up, read into each stage's figures, cut where a run stopped. */
class StageWindowsTest {
    private static final long S = 1_000_000_000L;
    private static final ProducerSpec P = new SpecLoader().load(null, List.of("producers.warmupDuration=1s",
            "producers.stages=[{duration: 2s, rate: 100}, {duration: 2s, from: 100, to: 300}]")).producers();

    @Test
    void eachStageCountsWhatWasAcknowledgedWhileItLastedAndTheLatencyOfItsOwnRecords() {
        SendWindows windows = new SendWindows();
        StageWindows.open(windows, P, 10 * S);
        StageWindows.open(windows, P, 99 * S); // another slice of the same run: already open
        assertThat(windows.opened()).isEqualTo(2);
        // Intended in stage 1 (11-13 s), acknowledged in stage 2 after 2 s; and one of stage 2's own.
        windows.acknowledged(12 * S + S / 2, 2_000_000);
        windows.acknowledged(13 * S + S / 2, 1_000);
        windows.failed(14 * S);
        List<StageResult> figures = StageWindows.figures(windows, P, 9 * S, false, Long.MAX_VALUE);
        assertThat(figures).hasSize(2);
        StageResult first = figures.get(0);
        assertThat(first.startSec()).isEqualTo(2.0);
        assertThat(first.endSec()).isEqualTo(4.0);
        assertThat(first.publish().count()).isEqualTo(1);
        assertThat(first.achievedRecordsPerSec()).isZero();
        assertThat(first.endToEnd()).isNull();
        StageResult second = figures.get(1);
        assertThat(second.offeredRecordsPerSec()).isEqualTo(200);
        assertThat(second.achievedRecordsPerSec()).isEqualTo(1.0); // both acknowledgements, over 2 s
        assertThat(second.achievedRatio()).isEqualTo(0.005);
        assertThat(second.failed()).isEqualTo(1);
    }

    @Test
    void aStoppedRunReportsTheStagesItReachedTheLastCutShort() {
        SendWindows windows = new SendWindows();
        StageWindows.open(windows, P, 10 * S);
        windows.acknowledged(13 * S + S / 2, 1_000);
        List<StageResult> figures = StageWindows.figures(windows, P, 10 * S, true, 14 * S);
        assertThat(figures).hasSize(2);
        assertThat(figures.get(1).shape()).isEqualTo("100 -> 300 records/s over 2s (cut short by the run's end)");
        assertThat(figures.get(1).endSec()).isEqualTo(4.0);
        assertThat(figures.get(1).achievedRecordsPerSec()).isEqualTo(1.0);
        assertThat(StageWindows.figures(windows, P, 10 * S, true, 12 * S)).hasSize(1);
        assertThat(StageWindows.figures(windows, P, 10 * S, true, Long.MIN_VALUE)).isNull();
    }
}
