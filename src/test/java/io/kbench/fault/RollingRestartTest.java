package io.kbench.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.cluster.BrokerChange;
import io.kbench.error.InvalidInputException;
import io.kbench.measure.SendWindows;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RollFigures;
import io.kbench.result.run.RollStep;
import io.kbench.spec.RollOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The roll's plan and its step figures, without brokers (RollingConfigIT runs one on real brokers). */
class RollingRestartTest {
    private static final long S = 1_000_000_000L;

    @Test
    void theActiveControllerGoesLastTheOthersById() {
        assertThat(RollingRestart.order(List.of(3, 1, 2), 2, RollOrder.ACTIVE_CONTROLLER_LAST)).containsExactly(1, 3, 2);
        assertThat(RollingRestart.order(List.of(1, 2, 3, 4), 1, RollOrder.ACTIVE_CONTROLLER_LAST))
                .containsExactly(2, 3, 4, 1);
        assertThat(RollingRestart.order(List.of(1, 2, 3), 3, RollOrder.ACTIVE_CONTROLLER_LAST)).containsExactly(1, 2, 3);
    }

    @Test
    void byIdsOrWithoutAKnownControllerTheOrderIsTheIds() {
        assertThat(RollingRestart.order(List.of(3, 1, 2), 2, RollOrder.IDS)).containsExactly(1, 2, 3);
        assertThat(RollingRestart.order(List.of(3, 1, 2), null, RollOrder.ACTIVE_CONTROLLER_LAST)).containsExactly(1, 2, 3);
        // A controller that is not one of the brokers (a separate controller node) changes nothing.
        assertThat(RollingRestart.order(List.of(2, 1), 9, RollOrder.ACTIVE_CONTROLLER_LAST)).containsExactly(1, 2);
    }

    @Test
    void aStepIsInSyncOnlyOnceTheBrokerServesAndNoPartitionIsShort() {
        RollStepProgress step = new RollStepProgress(2, 10 * S, -1);
        assertThat(step.polled(10 * S + S / 5, 0)).as("before the shutdown took effect").isFalse();
        assertThat(step.polled(11 * S, 3)).isFalse();
        assertThat(step.polled(12 * S, 3)).isFalse();
        assertThat(step.underReplicatedSec()).as("not in sync yet").isNull();
        // Full again but the broker does not serve yet (stale metadata): not in sync.
        assertThat(step.polled(13 * S, 0)).isFalse();
        step.rejoinedNanos = 15 * S;
        assertThat(step.polled(15 * S + S / 5, 1)).isFalse();
        assertThat(step.polled(17 * S, 0)).isTrue();
        assertThat(step.underReplicatedSec()).as("from the first short poll, 11 s, to 17 s").isEqualTo(6.0);
        assertThat(step.polled(18 * S, 2)).as("the first in-sync poll counts").isTrue();
        assertThat(step.inSyncNanos).isEqualTo(17 * S);
    }

    @Test
    void aStepsFiguresComeFromItsWindow() {
        SendWindows windows = new SendWindows();
        long zero = 2 * S;
        RollStepProgress step = new RollStepProgress(3, 12 * S, windows.open(12 * S));
        // 10 records sent during the step, acknowledged within it; one failed; two consumed.
        for (int i = 0; i < 10; i++) {
            windows.acknowledged(12 * S + i * (S / 10), 2_000 + i);
        }
        windows.failed(13 * S);
        windows.endToEnd(12 * S, 5_000);
        windows.endToEnd(12 * S + S / 2, 7_000);
        step.exitedNanos = 13 * S;
        step.rejoinedNanos = 16 * S;
        step.polled(12 * S + S / 2, 4);
        step.polled(17 * S, 0);
        step.endNanos = 17 * S;
        step.closedNanos = 17 * S;
        step.configRead = Map.of("num.io.threads", "16");
        windows.close(step.window, step.closedNanos);
        RollStep r = step.result(zero, windows);
        assertThat(r.broker()).isEqualTo(3);
        assertThat(r.startSec()).isEqualTo(10.0);
        assertThat(r.endSec()).isEqualTo(15.0);
        assertThat(r.exitedSec()).isEqualTo(1.0);
        assertThat(r.rejoinedSec()).isEqualTo(4.0);
        assertThat(r.inSyncSec()).isEqualTo(5.0);
        assertThat(r.underReplicatedSec()).isEqualTo(4.5);
        assertThat(r.recordsPerSec()).as("10 acknowledgements in 5 s").isEqualTo(2.0);
        assertThat(r.publishLatencyMicros().count()).isEqualTo(10);
        assertThat(r.endToEndLatencyMicros().count()).isEqualTo(2);
        assertThat(r.failedRecords()).isEqualTo(1);
        assertThat(r.brokerConfigRead()).containsEntry("num.io.threads", "16");
        assertThat(r.error()).isNull();
        assertThat(r.line(1_000.0, null)).startsWith("broker 3 at 10.0s-15.0s: away 4.0 s, under-replicated 4.5 s, 2 records/s")
                .contains("publish p99 2.01 ms (before 1.00 ms)").contains("e2e p99 7.00 ms").contains("1 failed")
                .contains("reports num.io.threads=16");
    }

    @Test
    void aFailedStepHasNoEndAndSaysWhy() {
        SendWindows windows = new SendWindows();
        RollStepProgress step = new RollStepProgress(1, 5 * S, windows.open(5 * S));
        step.exitedNanos = 6 * S;
        step.closedNanos = 95 * S;
        step.error = "not back in sync within 90 s (broker 1 does not serve requests)";
        windows.close(step.window, step.closedNanos);
        RollStep r = step.result(0, windows);
        assertThat(r.endSec()).isNull();
        assertThat(r.rejoinedSec()).isNull();
        assertThat(r.underReplicatedSec()).isNull();
        assertThat(r.endToEndLatencyMicros()).as("no consumer read anything").isNull();
        assertThat(r.line(null, null)).contains(": not back").endsWith("(" + step.error + ")");
    }

    @Test
    void theBaselineIsTheMeasuredIntervalsBeforeTheRollWithinItsLength() {
        List<IntervalPoint> intervals = new ArrayList<>();
        for (int end = 1; end <= 40; end++) {
            LatencyStats p = new LatencyStats(100, 1_000, 1_500, end <= 20 ? 2_000 : 9_000, 9_000, 9_000, 1_100.0);
            intervals.add(new IntervalPoint(end, end <= 3 ? IntervalPhase.WARMUP : IntervalPhase.MEASURED,
                    end <= 20 ? 1_000 : 400, 1, 1_000, 1, 0, p, end == 19 ? p : null, null));
        }
        List<IntervalPoint> before = RollingRestart.baseline(intervals, 20.0, Duration.ofSeconds(10));
        assertThat(before).extracting(IntervalPoint::endSec).containsExactly(11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0,
                18.0, 19.0, 20.0);
        assertThat(RollingRestart.baseline(intervals, 6.0, Duration.ofSeconds(30))).as("warm-up left out")
                .extracting(IntervalPoint::endSec).containsExactly(4.0, 5.0, 6.0);
    }

    @Test
    void rollFiguresListTheBrokersNotReached() {
        RollStep done = new RollStep(1, 10, 20.0, 1.0, 5.0, 10.0, 9.0, 1_000.0, LatencyStats.EMPTY, null, 0, null, null);
        RollFigures figures = new RollFigures(List.of(1, 3, 2), Map.of(), 0.0, 1_000.0, 2_000.0, null, List.of(done));
        assertThat(figures.brokerConfig()).as("a plain restart records none").isNull();
        assertThat(figures.lines("fault 0: ")).contains("\nfault 0: step: broker 1 at 10.0s-20.0s: away 5.0 s")
                .endsWith("\nfault 0: step: not restarted: broker(s) [3, 2]");
    }

    @Test
    void anUpgradesStepsSayWhatEachBrokerRunsAndTheRollItsMetadataVersion() {
        RollStep done = new RollStep(2, 10, 20.0, 1.0, 5.0, 10.0, 9.0, 1_000.0, LatencyStats.EMPTY, null, 0, null, null,
                "4.4.0");
        RollFigures finalized = new RollFigures(List.of(2), null, 0.0, 1_000.0, 2_000.0, null, List.of(done), "4.4.0",
                "4.3-IV0", "4.4-IV2", 21.25);
        assertThat(finalized.lines("fault 1: ")).isEqualTo("\nfault 1: step: broker 2 at 10.0s-20.0s: away 5.0 s,"
                + " under-replicated 9.0 s, 1,000 records/s, 0 failed, runs Kafka 4.4.0"
                + "\nfault 1: metadata.version 4.3-IV0 -> 4.4-IV2 (finalized at 21.3s)");
        RollFigures kept = new RollFigures(List.of(2), null, 0.0, 1_000.0, 2_000.0, null, List.of(done), "4.4.0",
                "4.3-IV0", "4.3-IV0", null);
        assertThat(kept.lines("fault 1: ")).endsWith("\nfault 1: metadata.version 4.3-IV0 -> 4.3-IV0 (not finalized)");
    }

    @Test
    void aRollCannotChangeWhatKbenchSetsPerNodeOrTheListenerLayout() {
        assertThatThrownBy(() -> BrokerChange.check("faults[0].roll.brokerConfig", Map.of("node.id", "7")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("faults[0].roll.brokerConfig.node.id")
                .hasMessageContaining("set by kbench for each node");
        assertThatThrownBy(() -> BrokerChange.check("f", Map.of("inter.broker.listener.name", "X")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("one broker at a time");
        BrokerChange.check("f", Map.of("num.io.threads", "16"));
    }
}
