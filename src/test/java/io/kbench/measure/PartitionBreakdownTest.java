package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.ConsumerStats;
import io.kbench.result.run.LoadBreakdown;
import io.kbench.result.run.PartitionLatency;
import io.kbench.result.run.PartitionStats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartitionBreakdownTest {
    @Test
    void countsAndLatencyPerPartitionAddUpAcrossThreads() throws InterruptedException {
        PartitionBreakdown b = new PartitionBreakdown(4, PartitionLatency.END_TO_END, true);
        TransactionMetrics tx = new TransactionMetrics();
        List<ConsumerTally> tallies = List.of(new ConsumerTally(0, b, tx), new ConsumerTally(1, b, tx));
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            ConsumerTally tally = tallies.get(t);
            int consumer = t;
            threads.add(new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    int partition = consumer * 2 + (i % 2);
                    b.produced(partition, 100);
                    tally.record(partition, partition == 3 ? 5_000 : 1_000);
                }
                tally.polled(10_000, 1_000_000, consumer);
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        b.produced(7, 1); // a partition added during the run is left out, not an error
        LoadBreakdown r = b.result(tallies, 2.0);
        assertThat(r.partitionLatency()).isEqualTo(PartitionLatency.END_TO_END);
        assertThat(r.partitions()).extracting(PartitionStats::producedRecords).containsExactly(5000L, 5000L, 5000L, 5000L);
        assertThat(r.partitions()).extracting(PartitionStats::consumedRecords).containsExactly(5000L, 5000L, 5000L, 5000L);
        assertThat(r.partitions().get(3).latencyMicros().p99()).isBetween(4_950L, 5_050L);
        assertThat(r.partitions().get(0).latencyMicros().p99()).isBetween(990L, 1_010L);
        assertThat(r.consumers()).extracting(ConsumerStats::records).containsExactly(10_000L, 10_000L);
        assertThat(r.consumers().get(0).recordsPerSec()).isEqualTo(5_000.0);
        assertThat(r.consumers().get(1).endToEndLatencyMicros().max()).isBetween(4_950L, 5_050L);
        assertThat(tx.abortedConsumed.get()).isEqualTo(1);
    }

    @Test
    void aBacklogConsumerCountsEachPartitionsRunOfRecordsAtOnce() {
        PartitionBreakdown b = new PartitionBreakdown(3, PartitionLatency.PUBLISH, true);
        ConsumerTally tally = new ConsumerTally(0, b, null);
        tally.records(-1, 0); // the empty run before a poll's first record
        tally.records(0, 500);
        tally.records(2, 7);
        tally.records(0, 1);
        tally.records(5, 9); // a partition added during the run is left out, not an error
        tally.polled(508, 50_800, 0);
        LoadBreakdown r = b.result(List.of(tally), 1.0);
        assertThat(r.partitions()).extracting(PartitionStats::consumedRecords).containsExactly(501L, 0L, 7L);
        assertThat(r.partitions()).extracting(PartitionStats::latencyMicros).containsOnlyNulls();
        assertThat(r.consumers().get(0).records()).isEqualTo(508);
        assertThat(tally.countsAborted()).as("no transactional producers: nothing to count as aborted").isFalse();
        assertThat(new ConsumerTally(1, b, new TransactionMetrics()).countsAborted()).isTrue();
    }

    @Test
    void publishLatencyWithoutConsumersAndNoHistogramForIdlePartitions() {
        PartitionBreakdown b = new PartitionBreakdown(3, PartitionLatency.PUBLISH, false);
        b.produced(1, 2_000);
        b.consumed(1, 9_999);
        LoadBreakdown r = b.result(List.of(), 0);
        assertThat(r.partitions().get(0).latencyMicros()).isNull();
        assertThat(r.partitions().get(1).latencyMicros().max()).isBetween(1_980L, 2_020L);
        assertThat(r.partitions().get(1).consumedRecords()).isNull();
        assertThat(r.consumers()).isEmpty();
    }

    @Test
    void aPartitionsHistogramIsSmall() {
        // The memory bound the docs state: about 27 KB per partition with records, so 10,000 partitions stay < 300 MB.
        assertThat(PartitionBreakdown.newHistogram().getEstimatedFootprintInBytes()).isBetween(20_000, 30_000);
    }

    @Test
    void aTopicPatternRunKeepsNoPartitions() {
        PartitionBreakdown b = new PartitionBreakdown(0, PartitionLatency.PUBLISH, true);
        b.produced(0, 1);
        b.consumed(0, 1);
        assertThat(b.result(List.of(), 1).partitions()).isEmpty();
    }
}
