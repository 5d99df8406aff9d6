package io.kbench.cluster;

import io.kbench.cluster.network.NetworkProxies;
import io.kbench.error.InvalidInputException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Where and how a cluster's brokers will run, decided before the first JVM starts: data and log dirs, cluster id,
 * ports, per-node configs, client settings and the bootstrap servers clients use. A layout, not a "plan": that word
 * is {@code kbench plan}'s capacity plan.
 */
final class ClusterLayout {
    private final ClusterParams params;
    private final boolean attached;
    private final boolean proxied;
    private final BrokerRuntime runtime;
    private final Path dataDir;
    /** Whether kbench created {@link #dataDir} and deletes it on close. */
    private final boolean temp;
    private final Path logDir;
    private final String clusterId;
    private final SecurityMaterial material;
    private final List<BrokerNode> nodes;
    /** Per-node ports for all nodes, then the replication ports, then the client and replication proxy ports. */
    private final List<Integer> ports;
    private final List<Map<String, String>> configs;
    private final Map<String, String> clientProperties;
    private final Map<String, String> adminProperties;
    private final String bootstrap;
    private final BrokerLauncher launcher;

    private ClusterLayout(ClusterParams params, boolean attached, boolean proxied) {
        this.params = params;
        this.attached = attached;
        this.proxied = proxied;
        ClusterSecurity security = params.security();
        if (proxied) {
            refuseUnproxiable(security);
        }
        this.runtime = BrokerRuntime.of(params);
        this.temp = params.dataDir() == null;
        this.dataDir = temp ? DataDirectory.createTemp() : params.dataDir();
        if (!temp) {
            ClusterDirectory.refuseLiveCluster(dataDir);
        }
        this.logDir = params.logDir() != null ? params.logDir() : dataDir.resolve("logs");
        Path log4jConfig = BrokerLog4jConfig.write(logDir, runtime.logging());
        ClusterDirectory.refuseScramOnFormatted(security, dataDir);
        this.clusterId = ClusterDirectory.existingClusterId(dataDir);
        int n = params.brokers();
        this.ports = FreePorts.pick((BrokerNode.PORTS_PER_NODE + extraPortsPerNode()) * n);
        this.nodes = BrokerNode.layout(n, ports.subList(0, BrokerNode.PORTS_PER_NODE * n));
        this.material = SecurityMaterial.generate(security);
        this.configs = nodeConfigs();
        this.clientProperties = SecurityConfigs.client(security, material);
        this.adminProperties = SecurityConfigs.admin(security, material);
        this.bootstrap = bootstrapServers();
        this.launcher = new BrokerLauncher(params, runtime, dataDir, logDir, log4jConfig, clusterId, attached,
                SecurityConfigs.scramUsers(security, material));
    }

    /** {@code base} on other ports: everything else (dirs, cluster id, keys, launcher) stays. */
    private ClusterLayout(ClusterLayout base) {
        this.params = base.params;
        this.attached = base.attached;
        this.proxied = base.proxied;
        this.runtime = base.runtime;
        this.dataDir = base.dataDir;
        this.temp = base.temp;
        this.logDir = base.logDir;
        this.clusterId = base.clusterId;
        this.material = base.material;
        this.ports = FreePorts.pick(base.ports.size());
        this.nodes = BrokerNode.layout(params.brokers(), ports.subList(0, BrokerNode.PORTS_PER_NODE * params.brokers()));
        this.configs = nodeConfigs();
        this.clientProperties = base.clientProperties;
        this.adminProperties = base.adminProperties;
        this.bootstrap = bootstrapServers();
        this.launcher = base.launcher;
    }

    /** Each node's broker config; with emulated storage its log dirs are the mounted filesystems. */
    private List<Map<String, String>> nodeConfigs() {
        List<Map<String, String>> all = nodes.stream()
                .map(node -> BrokerConfigs.forNode(node, nodes, dataDir, params.brokerConfig(), params.security(),
                        material, replication() ? replicationPort(node) : 0, proxyPorts(node)))
                .toList();
        all.forEach(config -> TieredStorageParams.perNode(config, dataDir));
        if (params.storage() != null) {
            if (!attached) {
                // Only a guard that dies with kbench releases the mounts; a detached cluster has no such owner.
                throw new IllegalArgumentException("emulated storage needs an attached cluster");
            }
            for (int i = 0; i < nodes.size(); i++) {
                all.get(i).put("log.dirs", StorageMounts.logDirs(dataDir, nodes.get(i).id(), params.storage())
                        .stream().map(Path::toString).collect(Collectors.joining(",")));
            }
        }
        return all;
    }

    private String bootstrapServers() {
        return proxied
                ? nodes.stream().map(node -> BrokerConfigs.HOST + ":" + proxyPorts(node).client())
                        .collect(Collectors.joining(","))
                : nodes.stream().map(BrokerNode::bootstrapAddress).collect(Collectors.joining(","));
    }

    /**
     * The same layout on freshly picked ports, for another start after a broker found one of its ports taken (storage
     * formatted by the first attempt stays valid: the controller quorum is in the config, not in the storage).
     */
    ClusterLayout withNewPorts() {
        return new ClusterLayout(this);
    }

    /** Prepares dirs, ports and configs; {@code proxied} puts kbench's network proxies in front of the listeners. */
    static ClusterLayout prepare(ClusterParams params, boolean attached, boolean proxied) {
        return new ClusterLayout(params, attached, proxied);
    }

    ClusterParams params() {
        return params;
    }

    BrokerRuntime runtime() {
        return runtime;
    }

    String clusterId() {
        return clusterId;
    }

    Path logDir() {
        return logDir;
    }

    Path dataDir() {
        return dataDir;
    }

    boolean temp() {
        return temp;
    }

    List<BrokerNode> nodes() {
        return nodes;
    }

    List<Map<String, String>> configs() {
        return configs;
    }

    /** kbench's own admin settings: the clients' without an authorizer, a super user's with one (secrets). */
    Map<String, String> adminProperties() {
        return adminProperties;
    }

    Map<String, String> clientProperties() {
        return clientProperties;
    }

    String bootstrap() {
        return bootstrap;
    }

    BrokerLauncher launcher() {
        return launcher;
    }

    ClusterSecurity security() {
        return params.security();
    }

    /** Opens each node's client and replication proxy; nothing for a cluster reached directly. */
    void openProxies(NetworkProxies proxies) {
        if (!proxied) {
            return;
        }
        for (BrokerNode node : nodes) {
            BrokerConfigs.ProxyPorts p = proxyPorts(node);
            proxies.open(node.id(), NetworkProxies.Listener.CLIENT, p.client(), node.port());
            proxies.open(node.id(), NetworkProxies.Listener.REPLICATION, p.replication(), replicationPort(node));
        }
    }

    /**
     * A node added to the running cluster: a broker only (the controller quorum is static), on ports of its own, with
     * the same listeners, security and overrides as the others.
     */
    record AddedNode(BrokerNode node, Map<String, String> config, BrokerConfigs.ProxyPorts proxyPorts,
                     int replicationPort) {
    }

    /** Plans node {@code id} to join the cluster this layout started. */
    AddedNode addNode(int id) {
        List<Integer> p = FreePorts.pick(BrokerNode.PORTS_PER_NODE + extraPortsPerNode());
        BrokerNode node = new BrokerNode(id, p.get(0), p.get(1), false, p.get(2));
        int replicationPort = replication() ? p.get(BrokerNode.PORTS_PER_NODE) : 0;
        BrokerConfigs.ProxyPorts proxyPorts = proxied ? new BrokerConfigs.ProxyPorts(
                p.get(BrokerNode.PORTS_PER_NODE + 1), p.get(BrokerNode.PORTS_PER_NODE + 2)) : null;
        // The original nodes as "all": the defaults sized for them and the same controller quorum.
        Map<String, String> config = BrokerConfigs.forNode(node, nodes, dataDir, params.brokerConfig(),
                params.security(), material, replicationPort, proxyPorts);
        return new AddedNode(node, config, proxyPorts, replicationPort);
    }

    /** Opens an added node's client and replication proxy; nothing for a cluster reached directly. */
    void openProxies(NetworkProxies proxies, AddedNode added) {
        if (added.proxyPorts() != null) {
            BrokerNode node = added.node();
            proxies.open(node.id(), NetworkProxies.Listener.CLIENT, added.proxyPorts().client(), node.port());
            proxies.open(node.id(), NetworkProxies.Listener.REPLICATION, added.proxyPorts().replication(),
                    added.replicationPort());
        }
    }

    /** What cluster.json records once {@code started} (in node order) passed the readiness check. */
    ClusterState state(List<BrokerProcess> started) {
        List<ClusterState.Broker> entries = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            BrokerNode n = nodes.get(i);
            entries.add(new ClusterState.Broker(n.id(), started.get(i).pid(), n.port(), n.controllerPort(),
                    BrokerConfigs.propertiesFile(dataDir, n.id()).toString(), n.jmxPort()));
        }
        return new ClusterState(nodes.size(), bootstrap, dataDir.toString(), logDir.toString(), clusterId,
                runtime.kafkaVersion(), runtime.java().version(), attached, Instant.now(), entries);
    }

    /** A separate replication listener: for security apart from clients, or to proxy replication on its own. */
    private boolean replication() {
        return params.security().separateInterBrokerListener() || proxied;
    }

    /** Per node besides its own ports: its replication listener, then the two proxy ports. */
    private int extraPortsPerNode() {
        return (replication() ? 1 : 0) + (proxied ? 2 : 0);
    }

    private int replicationPort(BrokerNode node) {
        return ports.get(BrokerNode.PORTS_PER_NODE * nodes.size() + node.id() - 1);
    }

    /** The proxy ports of {@code node}, after its own and its replication port; null without proxies. */
    private BrokerConfigs.ProxyPorts proxyPorts(BrokerNode node) {
        if (!proxied) {
            return null;
        }
        int n = params.brokers();
        int base = (BrokerNode.PORTS_PER_NODE + 1) * n;
        return new BrokerConfigs.ProxyPorts(ports.get(base + node.id() - 1), ports.get(base + n + node.id() - 1));
    }

    private static void refuseUnproxiable(ClusterSecurity security) {
        if (security.secured() && !security.separateInterBrokerListener()) {
            throw InvalidInputException.field("security", security.describe(), "network faults need replication"
                    + " on its own listener (interBroker: plaintext) so that it can be proxied apart from clients");
        }
    }
}
