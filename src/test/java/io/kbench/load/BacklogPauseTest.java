package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.measure.RunMetrics;
import io.kbench.result.run.BacklogPhases;
import io.kbench.result.run.BacklogPhases.Name;
import io.kbench.result.run.BacklogPhases.Resumed;
import io.kbench.spec.ConsumerPause;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * The phases of a backlog on a simulated producer and consumer (the counters and publish windows a real run feeds):
 * a producer acknowledging one 100-byte record per step, a consumer that keeps up, reads nothing while paused, and
 * reads three per step when it catches up. Real brokers: BacklogIT.
 */
class BacklogPauseTest {
    private static final int VALUE_BYTES = 100;
    private static final long DEADLINE_NANOS = 10_000_000_000L;

    private final RunMetrics metrics = new RunMetrics(null, 0);
    private final AtomicBoolean paused = new AtomicBoolean();
    private final long zero = System.nanoTime();

    @Test
    void aBacklogOfAGivenSizeBuildsThenDrainsBackToThePrePauseLag() throws Exception {
        // 200 ms before the pause: the before phase's rate is the reference for the building phase's, so it needs steps
        // even on a machine busy with other builds (at 50 ms one run saw none and a rate of 0).
        BacklogPause backlog = new BacklogPause(new ConsumerPause(Duration.ofMillis(200), "10Ki", null), metrics,
                state -> paused.set(state == FetchState.PAUSED), NanoClock.SYSTEM, () -> zero);
        Thread t = new Thread(backlog);
        t.start();
        boolean wasPaused = false;
        int drainedSteps = 0;
        long deadline = zero + DEADLINE_NANOS;
        while (drainedSteps < 300 && System.nanoTime() < deadline) {
            wasPaused |= paused.get();
            step(paused.get() ? 0 : 3, paused.get() ? 5_000 : 1_000);
            drainedSteps += wasPaused && !paused.get() && lag() == 0 ? 1 : 0;
        }
        backlog.producersEnded(System.nanoTime());
        BacklogPhases r = backlog.finish(System.nanoTime());
        t.join(5_000);

        assertThat(r.phases()).extracting(BacklogPhases.Phase::name)
                .containsExactly(Name.BEFORE, Name.BUILDING, Name.CATCH_UP, Name.AFTER);
        assertThat(r.resumedBy()).isEqualTo(Resumed.CONDITION);
        assertThat(r.condition()).isEqualTo("size 10Ki");
        // 10 KiB of 100-byte values: at least 103 records were waiting.
        assertThat(r.backlogRecords()).isGreaterThanOrEqualTo(103);
        assertThat(r.backlogMiB()).isGreaterThanOrEqualTo(10_240 / 1_048_576.0);
        assertThat(r.drainSec()).isPositive();
        assertThat(r.drainLagRecords()).isLessThanOrEqualTo(1);
        BacklogPhases.Phase building = r.phases().get(1);
        BacklogPhases.Phase catchUp = r.phases().get(2);
        assertThat(building.startSec()).isGreaterThanOrEqualTo(0.2);
        assertThat(r.phases().get(0).consumedRecordsPerSec()).as("the before phase consumed").isPositive();
        // At most the step under way when the pause came (as a real poll under way) reads in the building phase.
        assertThat(building.consumedRecordsPerSec()).isLessThan(r.phases().get(0).consumedRecordsPerSec() * 0.1);
        assertThat(catchUp.endSec() - catchUp.startSec()).isCloseTo(r.drainSec(), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.catchUpRecordsPerSec()).isEqualTo(catchUp.consumedRecordsPerSec()).isPositive();
        // Publish latency by intended send time: 1 ms while consuming, 5 ms while paused.
        assertThat(r.phases().get(0).publish().p99()).isLessThanOrEqualTo(1_001);
        assertThat(building.publish().p50()).isGreaterThanOrEqualTo(5_000);
        assertThat(paused.get()).as("resumed at the end").isFalse();
    }

    @Test
    void producersThatEndDuringThePauseResumeTheConsumersAndLeaveNoAfterPhase() throws Exception {
        BacklogPause backlog = new BacklogPause(new ConsumerPause(Duration.ofMillis(20), null, Duration.ofHours(1)),
                metrics, state -> paused.set(state == FetchState.PAUSED), NanoClock.SYSTEM, () -> zero);
        Thread t = new Thread(backlog);
        t.start();
        long deadline = zero + DEADLINE_NANOS;
        while (!paused.get() && System.nanoTime() < deadline) {
            step(3, 1_000);
        }
        for (int i = 0; i < 50; i++) {
            step(0, 1_000);
        }
        backlog.producersEnded(System.nanoTime());
        while (paused.get() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(1_000_000L);
        }
        long rest = lag();
        metrics.consumedAll.add(rest, rest * VALUE_BYTES);
        t.join(5_000);
        BacklogPhases r = backlog.finish(System.nanoTime());

        assertThat(r.resumedBy()).isEqualTo(Resumed.PRODUCERS_ENDED);
        assertThat(r.backlogRecords()).isGreaterThanOrEqualTo(50);
        assertThat(r.drainSec()).isNotNull();
        assertThat(r.phases()).extracting(BacklogPhases.Phase::name)
                .containsExactly(Name.BEFORE, Name.BUILDING, Name.CATCH_UP);
        assertThat(r.lines().get(0)).contains("the producers ended first");
    }

    /** One record produced and acknowledged after {@code latencyMicros}, up to {@code read} consumed, a short pause. */
    private void step(int read, long latencyMicros) {
        metrics.producedAll.add(1, VALUE_BYTES);
        metrics.faultWindows.acknowledged(System.nanoTime(), latencyMicros);
        long n = Math.min(lag(), read);
        if (n > 0) {
            metrics.consumedAll.add(n, n * VALUE_BYTES);
        }
        LockSupport.parkNanos(200_000L);
    }

    private long lag() {
        return metrics.producedAll.records() - metrics.consumedAll.records();
    }
}
