package io.kbench.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The catalog's workload hash: what a run measured, not what it was called. */
class WorkloadHashTest {
    private static Map<String, Object> workload(String topic, int partitions, String password) {
        return Map.of("topic", Map.of("name", topic, "partitions", partitions),
                "producers", Map.of("count", 2, "properties", Map.of("ssl.key.password", password)));
    }

    @Test
    void sweepRepetitionsTopicsDoNotChangeTheHash() {
        assertThat(EntryReader.hash(workload("t-abc-p1-r1", 3, "x")))
                .isEqualTo(EntryReader.hash(workload("t-abc-p1-r2", 3, "x")));
    }

    @Test
    void anythingMeasuredChangesIt() {
        assertThat(EntryReader.hash(workload("t", 3, "x"))).isNotEqualTo(EntryReader.hash(workload("t", 6, "x")));
    }

    @Test
    void secretsAreRedactedBeforeHashing() {
        assertThat(EntryReader.hash(workload("t", 3, "one"))).isEqualTo(EntryReader.hash(workload("t", 3, "two")));
    }
}
