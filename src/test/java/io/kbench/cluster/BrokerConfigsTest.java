package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerConfigsTest {
    private static final Path DATA = Path.of("/tmp/kbench-test");

    private static List<BrokerNode> nodes(int n) {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ports.add(40000 + 2 * i);
            ports.add(40001 + 2 * i);
            ports.add(50000 + i);
        }
        return BrokerNode.layout(n, ports);
    }

    @Test
    void singleBrokerIsItsOwnController() {
        List<BrokerNode> nodes = nodes(1);
        Map<String, String> c = BrokerConfigs.forNode(nodes.get(0), nodes, DATA, Map.of());
        assertThat(c).containsEntry("node.id", "1")
                .containsEntry("process.roles", "broker,controller")
                .containsEntry("controller.quorum.voters", "1@127.0.0.1:40001")
                .containsEntry("listeners", "PLAINTEXT://127.0.0.1:40000,CONTROLLER://127.0.0.1:40001")
                .containsEntry("controller.listener.names", "CONTROLLER")
                .containsEntry("inter.broker.listener.name", "PLAINTEXT")
                .containsEntry("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT")
                .containsEntry("offsets.topic.replication.factor", "1")
                .containsEntry("transaction.state.log.replication.factor", "1")
                .containsEntry("transaction.state.log.min.isr", "1")
                .containsEntry("group.initial.rebalance.delay.ms", "0")
                .containsEntry("num.partitions", "1")
                .containsEntry("log.dirs", "/tmp/kbench-test/broker-1/data");
    }

    @Test
    void threeBrokersAreAllControllers() {
        List<BrokerNode> nodes = nodes(3);
        for (BrokerNode n : nodes) {
            Map<String, String> c = BrokerConfigs.forNode(n, nodes, DATA, Map.of());
            assertThat(c).containsEntry("process.roles", "broker,controller")
                    .containsEntry("controller.quorum.voters", "1@127.0.0.1:40001,2@127.0.0.1:40003,3@127.0.0.1:40005")
                    .containsEntry("offsets.topic.replication.factor", "3")
                    .containsEntry("node.id", Integer.toString(n.id()));
        }
    }

    @Test
    void fourthBrokerIsBrokerOnlyWithoutControllerListener() {
        List<BrokerNode> nodes = nodes(4);
        Map<String, String> c4 = BrokerConfigs.forNode(nodes.get(3), nodes, DATA, Map.of());
        assertThat(c4).containsEntry("process.roles", "broker")
                .containsEntry("listeners", "PLAINTEXT://127.0.0.1:40006")
                .containsEntry("controller.quorum.voters", "1@127.0.0.1:40001,2@127.0.0.1:40003,3@127.0.0.1:40005")
                .containsEntry("offsets.topic.replication.factor", "3")
                .containsEntry("log.dirs", "/tmp/kbench-test/broker-4/data");
    }

    @Test
    void userOverridesWinOverDefaults() {
        List<BrokerNode> nodes = nodes(3);
        Map<String, String> c = BrokerConfigs.forNode(nodes.get(0), nodes, DATA,
                Map.of("num.partitions", "12", "num.io.threads", "4"));
        assertThat(c).containsEntry("num.partitions", "12").containsEntry("num.io.threads", "4");
    }

    @Test
    void effectiveConfigDropsPerNodeKeys() {
        List<BrokerNode> nodes = nodes(3);
        Map<String, String> effective = BrokerConfigs.effective(
                BrokerConfigs.forNode(nodes.get(0), nodes, DATA, Map.of("num.io.threads", "4")));
        assertThat(effective).doesNotContainKeys("node.id", "listeners", "controller.quorum.voters", "log.dirs")
                .containsEntry("num.io.threads", "4")
                .containsEntry("process.roles", "broker,controller");
    }

    @Test
    void behindProxiesTheNodeAdvertisesTheProxiesAndReplicatesOnItsOwnListener() {
        List<BrokerNode> nodes = nodes(3);
        Map<String, String> c = BrokerConfigs.forNode(nodes.get(1), nodes, DATA, Map.of(), ClusterSecurity.plaintext(),
                null, 45000, new BrokerConfigs.ProxyPorts(46000, 47000));
        assertThat(c).containsEntry("listeners",
                        "PLAINTEXT://127.0.0.1:40002,REPLICATION://127.0.0.1:45000,CONTROLLER://127.0.0.1:40003")
                .containsEntry("advertised.listeners", "PLAINTEXT://127.0.0.1:46000,REPLICATION://127.0.0.1:47000")
                .containsEntry("inter.broker.listener.name", "REPLICATION")
                .containsEntry("listener.security.protocol.map",
                        "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,REPLICATION:PLAINTEXT");
        Map<String, String> direct = BrokerConfigs.forNode(nodes.get(1), nodes, DATA, Map.of());
        assertThat(direct).containsEntry("advertised.listeners", "PLAINTEXT://127.0.0.1:40002")
                .containsEntry("inter.broker.listener.name", "PLAINTEXT");
    }
}
