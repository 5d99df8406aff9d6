package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OverridePathsTest {
    @Test
    void propertiesAreNamedByTheirKeyOtherPathsByTheirLastSegment() {
        assertThat(OverridePaths.shortName("producers.properties.batch.size")).isEqualTo("batch.size");
        // The last segment alone would call both broker settings "threads" (S3's thread pairs in a finding's verdict).
        assertThat(OverridePaths.shortName("cluster.brokerConfig.num.io.threads")).isEqualTo("num.io.threads");
        assertThat(OverridePaths.shortName("cluster.brokerConfig.num.network.threads")).isEqualTo("num.network.threads");
        assertThat(OverridePaths.shortName("topic.configs.min.insync.replicas")).isEqualTo("min.insync.replicas");
        assertThat(OverridePaths.shortName("topic.partitions")).isEqualTo("partitions");
    }
}
