package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.measure.PartitionGaps;
import io.kbench.result.run.RebalanceStats;
import io.kbench.spec.ConsumerChange;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsumerScheduleTest {
    @Test
    void appliesEachChangeOnTheMeasuredClockAndClosesAWindowAtEach() throws Exception {
        List<String> applied = new ArrayList<>();
        ConsumerSchedule.Group group = new ConsumerSchedule.Group() {
            @Override
            public void add() {
                applied.add("add");
            }

            @Override
            public void removeLatest() {
                applied.add("remove");
            }
        };
        PartitionGaps gaps = new PartitionGaps(2);
        long zero = System.nanoTime();
        ConsumerSchedule schedule = new ConsumerSchedule(List.of(new ConsumerChange(Duration.ofMillis(20), 2, null),
                new ConsumerChange(Duration.ofMillis(40), null, 1)), 1, gaps, group, NanoClock.SYSTEM, () -> zero,
                "consumer");
        gaps.polled(0, zero, 100);
        Thread t = new Thread(schedule);
        t.start();
        t.join(5_000);
        assertThat(applied).containsExactly("add", "add", "remove");
        gaps.polled(0, zero + 50_000_000L, 200);
        RebalanceStats stats = schedule.finish(zero + 60_000_000L);
        assertThat(stats.groupProtocol()).isEqualTo("consumer");
        assertThat(stats.baseline().partitions()).hasSize(1);
        assertThat(stats.changes()).extracting(w -> w.delta()).containsExactly(2, -1);
        assertThat(stats.changes()).extracting(w -> w.consumersAfter()).containsExactly(3, 2);
        assertThat(stats.changes().get(0).atSec()).isEqualTo(0.02);
        assertThat(stats.changes().get(1).endSec()).isEqualTo(0.06);
        assertThat(stats.changes().get(1).partitions()).singleElement()
                .satisfies(p -> assertThat(p.gapMicros()).isEqualTo(50_000));
        assertThat(schedule.failure()).isNull();
    }

    @Test
    void aChangeDueAfterTheEndIsNotApplied() {
        List<String> applied = new ArrayList<>();
        ConsumerSchedule schedule = new ConsumerSchedule(List.of(new ConsumerChange(Duration.ofHours(1), 1, null)), 1,
                new PartitionGaps(1), new ConsumerSchedule.Group() {
                    @Override
                    public void add() {
                        applied.add("add");
                    }

                    @Override
                    public void removeLatest() {
                        applied.add("remove");
                    }
                }, NanoClock.SYSTEM, () -> Long.MAX_VALUE, "classic");
        RebalanceStats stats = schedule.finish(System.nanoTime());
        schedule.run();
        assertThat(applied).isEmpty();
        assertThat(stats.changes()).isEmpty();
    }
}
