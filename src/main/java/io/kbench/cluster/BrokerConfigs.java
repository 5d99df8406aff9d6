package io.kbench.cluster;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Builds the server.properties of each node: kbench defaults, then user overrides, then the per-node keys. */
final class BrokerConfigs {
    /** Brokers listen on loopback only; the cluster is for benchmarks on this machine. */
    static final String HOST = "127.0.0.1";

    /** Keys kbench sets per node; a user override would break the cluster layout. */
    static final Set<String> RESERVED_KEYS = Set.of(
            "node.id", "broker.id", "process.roles", "listeners", "advertised.listeners",
            "controller.quorum.voters", "controller.quorum.bootstrap.servers", "log.dirs", "log.dir");

    /** Keys whose value differs per node; left out of the effective config reported for the cluster. */
    private static final Set<String> PER_NODE_KEYS = Set.of(
            "node.id", "listeners", "advertised.listeners", "controller.quorum.voters", "log.dirs");

    private BrokerConfigs() {
    }

    /** The full server.properties for {@code node} of a plaintext cluster. */
    static Map<String, String> forNode(BrokerNode node, List<BrokerNode> all, Path dataDir,
                                       Map<String, String> overrides) {
        return forNode(node, all, dataDir, overrides, ClusterSecurity.plaintext(), null, 0);
    }

    /**
     * The full server.properties for {@code node}; a secured cluster's listener and TLS/SASL settings win over the
     * overrides, as the other keys kbench owns do. {@code replicationPort} is used only with a separate plaintext
     * inter-broker listener.
     */
    static Map<String, String> forNode(BrokerNode node, List<BrokerNode> all, Path dataDir,
                                       Map<String, String> overrides, ClusterSecurity security,
                                       SecurityMaterial material, int replicationPort) {
        return forNode(node, all, dataDir, overrides, security, material, replicationPort, null);
    }

    /**
     * The ports of kbench's network proxies in front of a node (network faults): the node advertises them instead of
     * its own, and replication gets its own plaintext listener so that it can be proxied apart from the clients.
     */
    record ProxyPorts(int client, int replication) {
    }

    /** Like the one above; with {@code proxies} the node advertises the proxies' ports (see {@link ProxyPorts}). */
    static Map<String, String> forNode(BrokerNode node, List<BrokerNode> all, Path dataDir,
                                       Map<String, String> overrides, ClusterSecurity security,
                                       SecurityMaterial material, int replicationPort, ProxyPorts proxies) {
        Map<String, String> props = new TreeMap<>(defaults(all.size()));
        props.putAll(overrides);
        props.put("node.id", Integer.toString(node.id()));
        props.put("process.roles", node.processRoles());
        String listeners = "PLAINTEXT://" + HOST + ":" + node.port();
        String clientListener = "PLAINTEXT";
        if (security.secured()) {
            props.putAll(SecurityConfigs.broker(security, material));
            listeners = SecurityConfigs.brokerListeners(security, node, replicationPort);
            clientListener = SecurityConfigs.listenerName(security);
        } else if (proxies != null) {
            String replication = SecurityConfigs.REPLICATION_LISTENER;
            listeners += "," + replication + "://" + HOST + ":" + replicationPort;
            props.put("listener.security.protocol.map",
                    "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT," + replication + ":PLAINTEXT");
            props.put("inter.broker.listener.name", replication);
        }
        props.put("advertised.listeners", proxies == null ? listeners : clientListener + "://" + HOST + ":"
                + proxies.client() + "," + SecurityConfigs.REPLICATION_LISTENER + "://" + HOST + ":" + proxies.replication());
        if (node.controller()) {
            listeners += ",CONTROLLER://" + HOST + ":" + node.controllerPort();
        }
        props.put("listeners", listeners);
        props.put("controller.quorum.voters", voters(all));
        props.put("log.dirs", logDirs(dataDir, node).toString());
        return props;
    }

    /** The config of node 1 without the keys that differ per node, and without the generated keys and passwords. */
    static Map<String, String> effective(Map<String, String> node1) {
        Map<String, String> effective = new TreeMap<>(node1);
        effective.keySet().removeAll(PER_NODE_KEYS);
        effective.replaceAll((key, value) -> SecurityConfigs.generated(key) ? SecurityConfigs.GENERATED : value);
        return effective;
    }

    /** The kbench defaults for a cluster of {@code brokers} nodes, sized for a small machine. */
    static Map<String, String> defaults(int brokers) {
        String rf = Integer.toString(Math.min(brokers, 3));
        Map<String, String> d = new TreeMap<>();
        d.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        d.put("controller.listener.names", "CONTROLLER");
        d.put("inter.broker.listener.name", "PLAINTEXT");
        d.put("offsets.topic.replication.factor", rf);
        d.put("transaction.state.log.replication.factor", rf);
        d.put("transaction.state.log.min.isr", "1");
        // Share groups have their own internal topic with a default RF of 3, which a 1-broker cluster cannot host.
        d.put("share.coordinator.state.topic.replication.factor", rf);
        d.put("share.coordinator.state.topic.min.isr", "1");
        d.put("group.initial.rebalance.delay.ms", "0");
        d.put("num.partitions", "1");
        return d;
    }

    /** The static voter set: every controller node as {@code id@host:controllerPort}. */
    static String voters(List<BrokerNode> all) {
        return all.stream()
                .filter(BrokerNode::controller)
                .map(n -> n.id() + "@" + HOST + ":" + n.controllerPort())
                .collect(Collectors.joining(","));
    }

    static Path nodeDir(Path dataDir, BrokerNode node) {
        return dataDir.resolve("broker-" + node.id());
    }

    static Path logDirs(Path dataDir, BrokerNode node) {
        return nodeDir(dataDir, node).resolve("data");
    }

    static Path propertiesFile(Path dataDir, int nodeId) {
        return dataDir.resolve("broker-" + nodeId).resolve("server.properties");
    }
}
