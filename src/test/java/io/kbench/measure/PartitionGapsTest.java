package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.PartitionGap;
import io.kbench.result.run.RebalanceWindow;
import org.junit.jupiter.api.Test;

class PartitionGapsTest {
    private static final long MS = 1_000_000L;

    @Test
    void theLongestPauseBetweenPollsOfAPartitionIsItsGapAcrossConsumers() {
        PartitionGaps gaps = new PartitionGaps(3);
        gaps.polled(0, 0, 1_000);
        gaps.polled(0, 10 * MS, 2_000);
        gaps.polled(1, 5 * MS, 500);
        RebalanceWindow baseline = gaps.takeWindow(0, 1, 0, 2);
        assertThat(baseline.partitions()).containsExactly(new PartitionGap(0, 10_000, 2_000), new PartitionGap(1, 0, 500));

        // Partition 0 moves: its old owner's last poll was at 10 ms, the new owner's first at 400 ms.
        gaps.polled(0, 400 * MS, 350_000);
        gaps.polled(0, 410 * MS, 3_000);
        gaps.polled(1, 15 * MS, 700);
        RebalanceWindow change = gaps.takeWindow(1, 2, 1, 3);
        assertThat(change.partitions()).containsExactly(new PartitionGap(0, 390_000, 350_000),
                new PartitionGap(1, 10_000, 700));
        assertThat(change.gapMicros().count()).isEqualTo(2);
        assertThat(change.gapMicros().max()).isBetween(389_000L, 391_000L);
        assertThat(change.latencySpikeMicros().max()).isBetween(349_000L, 351_000L);
        assertThat(change.delta()).isEqualTo(1);
        assertThat(change.consumersAfter()).isEqualTo(3);
    }

    @Test
    void aPartitionNotPolledInAWindowIsLeftOutAndOutOfRangePartitionsAreIgnored() {
        PartitionGaps gaps = new PartitionGaps(2);
        gaps.polled(1, MS, 10);
        gaps.polled(7, MS, 10);
        RebalanceWindow w = gaps.takeWindow(0, 1, 0, 1);
        assertThat(w.partitions()).extracting(PartitionGap::partition).containsExactly(1);
        assertThat(gaps.takeWindow(1, 2, -1, 1).partitions()).isEmpty();
    }
}
