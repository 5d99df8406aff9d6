package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterLayoutTest {
    @Test
    void anotherStartAfterALostPortKeepsEverythingButThePorts(@TempDir Path dir) {
        ClusterParams params = new ClusterParams(2, dir.resolve("c"), false, Map.of(), null, ClusterTestSupport.TEST_HEAP,
                java.util.List.of(), null);
        ClusterLayout first = ClusterLayout.prepare(params, true, false);
        ClusterLayout second = first.withNewPorts();

        assertThat(second.dataDir()).isEqualTo(first.dataDir());
        assertThat(second.launcher()).isSameAs(first.launcher());
        assertThat(second.nodes()).extracting(BrokerNode::id).containsExactly(1, 2);
        // Freshly picked at random: the same six ports again is as good as impossible.
        assertThat(ports(second)).doesNotHaveDuplicates().isNotEqualTo(ports(first));
        assertThat(second.bootstrap()).isNotEqualTo(first.bootstrap())
                .isEqualTo(second.nodes().get(0).bootstrapAddress() + "," + second.nodes().get(1).bootstrapAddress());
        assertThat(second.configs().get(0).get("listeners")).contains(":" + second.nodes().get(0).port());
        assertThat(second.configs().get(1).get("controller.quorum.voters"))
                .contains("1@127.0.0.1:" + second.nodes().get(0).controllerPort());
    }

    private static java.util.List<Integer> ports(ClusterLayout layout) {
        return layout.nodes().stream().flatMap(n -> java.util.stream.Stream.of(n.port(), n.controllerPort(), n.jmxPort()))
                .toList();
    }
}
