package io.kbench.cluster;

import io.kbench.cluster.network.NetworkProxies;
import io.kbench.error.RunFailedException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntConsumer;

/** Brokers added to a running cluster (the add-broker fault): planned from its layout, launched into its fleet. */
final class ClusterGrowth {
    /** The layout the cluster started from; an added broker is planned from it (same security, overrides, quorum). */
    private final ClusterLayout layout;
    private final BrokerFleet brokers;
    private final NetworkProxies proxies;
    /** Told the id of each broker {@link #add} launches (telemetry follows it from its start). */
    private final List<IntConsumer> listeners = new CopyOnWriteArrayList<>();

    ClusterGrowth(ClusterLayout layout, BrokerFleet brokers, NetworkProxies proxies) {
        this.layout = layout;
        this.brokers = brokers;
        this.proxies = proxies;
    }

    /** See {@link EmbeddedCluster#addBroker(Duration)}. */
    int add(Duration timeout) {
        Path dataDir = layout.dataDir();
        int id = brokers.processes().stream().mapToInt(b -> b.node().id()).max().orElse(0) + 1;
        ClusterLayout.AddedNode added = layout.addNode(id);
        if (proxies != null) {
            layout.openProxies(proxies, added);
        }
        BrokerProcess started = brokers.add(added.node(), added.config());
        BrokerNode n = added.node();
        ClusterState.read(dataDir).ifPresent(state -> state.withBroker(new ClusterState.Broker(id, started.pid(),
                n.port(), n.controllerPort(), BrokerConfigs.propertiesFile(dataDir, id).toString(), n.jmxPort()))
                .write(dataDir));
        JmxAddressFile.write(dataDir, brokers.processes().stream().map(b -> b.node().jmxAddress()).toList());
        for (IntConsumer l : listeners) {
            l.accept(id);
        }
        try {
            new ReadinessProbe(layout.bootstrap(), List.of(started), layout.clientProperties()).awaitRegistered(id, timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while broker " + id + " joined", e);
        }
        return id;
    }

    /** See {@link EmbeddedCluster#onBrokerAdded(IntConsumer)}. */
    Runnable onAdded(IntConsumer listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }
}
