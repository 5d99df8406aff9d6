package io.kbench.fault;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.network.Impairment;
import io.kbench.cluster.network.NetworkProxies;
import io.kbench.cluster.network.NetworkProxies.Listener;
import io.kbench.spec.FaultSpec;
import java.util.EnumSet;
import java.util.Set;

/** Network faults (delay, drop, isolate): what they do to a broker's proxied listeners, and undoing it. */
final class NetworkFaults {
    private NetworkFaults() {
    }

    static void impair(EmbeddedCluster cluster, FaultSpec f, int broker) {
        Impairment impairment = switch (f.action()) {
            case DELAY -> Impairment.delay(f.delay(), f.delayJitter());
            case DROP -> Impairment.dropConnections();
            case ISOLATE -> Impairment.blackhole();
            default -> throw new IllegalArgumentException("not a network fault: " + f.action());
        };
        proxies(cluster).impair(broker, listeners(f), impairment);
    }

    static void heal(EmbeddedCluster cluster, FaultSpec f, int broker) {
        proxies(cluster).heal(broker, listeners(f));
    }

    static Set<Listener> listeners(FaultSpec f) {
        return switch (f.networkScope()) {
            case CLIENTS -> EnumSet.of(Listener.CLIENT);
            case PEERS -> EnumSet.of(Listener.REPLICATION);
            case ALL -> EnumSet.allOf(Listener.class);
        };
    }

    private static NetworkProxies proxies(EmbeddedCluster cluster) {
        NetworkProxies proxies = cluster == null ? null : cluster.networkProxies();
        if (proxies == null) {
            throw new IllegalStateException("the cluster was started without kbench's network proxies");
        }
        return proxies;
    }
}
