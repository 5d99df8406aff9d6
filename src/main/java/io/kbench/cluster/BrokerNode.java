package io.kbench.cluster;

import java.util.ArrayList;
import java.util.List;

/** One node of the cluster: its id, its two loopback ports and whether it is also a KRaft controller. */
record BrokerNode(int id, int port, int controllerPort, boolean controller) {

    /** Nodes 1..n; the first min(n, 3) are combined broker+controller nodes. Needs 2 ports per node. */
    static List<BrokerNode> layout(int brokers, List<Integer> ports) {
        if (ports.size() < 2 * brokers) {
            throw new IllegalArgumentException("need " + 2 * brokers + " ports, got " + ports.size());
        }
        int controllers = Math.min(brokers, 3);
        List<BrokerNode> nodes = new ArrayList<>(brokers);
        for (int i = 0; i < brokers; i++) {
            nodes.add(new BrokerNode(i + 1, ports.get(2 * i), ports.get(2 * i + 1), i < controllers));
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
}
