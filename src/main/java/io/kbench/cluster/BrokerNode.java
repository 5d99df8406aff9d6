package io.kbench.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * One node of the cluster: its id, its loopback ports (Kafka, controller, JMX) and whether it is also a KRaft
 * controller.
 */
record BrokerNode(int id, int port, int controllerPort, boolean controller, int jmxPort) {
    /** Loopback ports each node needs: Kafka listener, controller listener, JMX (registry and RMI share it). */
    static final int PORTS_PER_NODE = 3;

    /** Nodes 1..n; the first min(n, 3) are combined broker+controller nodes. Needs 3 ports per node. */
    static List<BrokerNode> layout(int brokers, List<Integer> ports) {
        if (ports.size() < PORTS_PER_NODE * brokers) {
            throw new IllegalArgumentException("need " + PORTS_PER_NODE * brokers + " ports, got " + ports.size());
        }
        int controllers = Math.min(brokers, 3);
        List<BrokerNode> nodes = new ArrayList<>(brokers);
        for (int i = 0; i < brokers; i++) {
            int base = PORTS_PER_NODE * i;
            nodes.add(new BrokerNode(i + 1, ports.get(base), ports.get(base + 1), i < controllers, ports.get(base + 2)));
        }
        return List.copyOf(nodes);
    }

    String processRoles() {
        return controller ? "broker,controller" : "broker";
    }

    /** The {@code host:port} clients connect to. */
    String bootstrapAddress() {
        return BrokerConfigs.HOST + ":" + port;
    }

    /** The {@code host:port} of the node's JMX connector (loopback, no authentication). */
    String jmxAddress() {
        return BrokerConfigs.HOST + ":" + jmxPort;
    }
}
