package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;

class FreePortsTest {
    @Test
    void picksDistinctPortsThatCanBeBound() throws Exception {
        List<Integer> ports = FreePorts.pick(18);
        assertThat(ports).hasSize(18).doesNotHaveDuplicates().allMatch(p -> p > 0 && p < 65536);
        for (int port : ports) {
            try (ServerSocket s = new ServerSocket()) {
                s.setReuseAddress(true);
                s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
                assertThat(s.getLocalPort()).isEqualTo(port);
            }
        }
    }

    @Test
    void layoutNeedsThreePortsPerNode() {
        List<BrokerNode> nodes = BrokerNode.layout(2, FreePorts.pick(6));
        assertThat(nodes).extracting(BrokerNode::id).containsExactly(1, 2);
        assertThat(nodes).flatExtracting(BrokerNode::port, BrokerNode::controllerPort, BrokerNode::jmxPort)
                .doesNotHaveDuplicates();
    }
}
