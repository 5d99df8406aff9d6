package io.kbench.load.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** What a stalled read-back leaves unread: the rest of each partition it had not finished. */
class TopicVerifierTest {
    @Test
    void unreadCountsFromWhereEachPartitionGotToItsEnd() {
        TopicPartition p0 = new TopicPartition("t", 0);
        TopicPartition p1 = new TopicPartition("t", 1);
        TopicPartition p2 = new TopicPartition("t", 2);
        // p1 was never reached (no leader): all of it from its log start; p2 is not stalled, so not counted.
        assertThat(TopicVerifier.unread(Map.of(p0, 70L, p1, 5L, p2, 100L), Map.of(p0, 100L, p1, 25L))).isEqualTo(50);
    }
}
