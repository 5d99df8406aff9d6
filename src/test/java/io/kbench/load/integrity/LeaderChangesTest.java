package io.kbench.load.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class LeaderChangesTest {
    private static final TopicPartition P0 = new TopicPartition("t", 0);
    private static final TopicPartition P1 = new TopicPartition("t", 1);
    private static final TopicPartition P2 = new TopicPartition("t", 2);

    private static ListOffsetsResultInfo epoch(Integer epoch) {
        return new ListOffsetsResultInfo(100, -1, Optional.ofNullable(epoch));
    }

    @Test
    void aPartitionWhoseLeaderEpochMovedDuringTheRunIsAFailure() {
        assertThat(TopicVerifier.leaderChanges(Map.of(P0, 3, P1, 0, P2, 5),
                Map.of(P2, epoch(7), P0, epoch(3), P1, epoch(1))))
                .containsExactly("leader of partition 1 changed (epoch 0 -> 1)", "leader of partition 2 changed (epoch 5 -> 7)");
    }

    @Test
    void anUnknownEpochOnEitherSideIsNoEvidence() {
        assertThat(TopicVerifier.leaderChanges(Map.of(P0, 3), Map.of(P0, epoch(null), P1, epoch(2)))).isEmpty();
    }
}
