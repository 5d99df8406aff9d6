package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterTargetTest {
    private static final ClusterTarget.ParamsFactory NO_EMBEDDED = (cluster, faults, logDir) -> {
        throw new AssertionError("not embedded");
    };

    @Test
    void bootstrapServersMeanAnExternalCluster() {
        ClusterTarget t = ClusterTarget.of(Map.of("bootstrap.servers", "h:9092", "security.protocol", "SSL"), NO_EMBEDDED);
        assertThat(t).isEqualTo(new ClusterTarget.External("h:9092"));
        assertThat(t.external()).isTrue();
    }

    @Test
    void withoutBootstrapServersKbenchStartsTheCluster() {
        ClusterTarget t = ClusterTarget.of(Map.of("security.protocol", "PLAINTEXT"), NO_EMBEDDED);
        assertThat(t).isInstanceOf(ClusterTarget.Embedded.class);
        assertThat(t.external()).isFalse();
    }
}
