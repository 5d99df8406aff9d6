package io.kbench.cluster.network;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * kbench's TCP proxies in front of the embedded brokers' client and replication listeners, in kbench's own JVM (no
 * root needed): brokers advertise the proxies' ports, so every client and every follower fetch goes through them, and
 * a network fault changes what they do to one broker's traffic. All threads are daemons; {@link #close} closes every
 * socket.
 */
public final class NetworkProxies implements AutoCloseable {
    /** The proxied listeners of a broker. */
    public enum Listener {
        /** What producers, consumers and the Admin client connect to. */
        CLIENT,
        /** The inter-broker listener: follower fetches and other broker-to-broker requests. */
        REPLICATION
    }

    private record Key(int broker, Listener listener) {
    }

    private final Map<Key, TcpProxy> proxies = new ConcurrentHashMap<>();
    private final Map<Key, Impairment> impairments = new ConcurrentHashMap<>();
    private volatile Supplier<Map<Long, Integer>> brokerByPid = Map::of;
    private volatile boolean closed;

    /**
     * Opens the proxy of {@code broker}'s {@code listener} on {@code port} (loopback), forwarding to the broker's
     * {@code targetPort}.
     */
    public synchronized void open(int broker, Listener listener, int port, int targetPort) {
        if (closed) {
            throw new IllegalStateException("proxies are closed");
        }
        String name = "kbench-proxy-" + broker + "-" + listener.name().toLowerCase(Locale.ROOT);
        try {
            // Clients are not brokers: only a peer connection has a source whose own impairment counts.
            TcpProxy proxy = new TcpProxy(port, broker, targetPort, name, listener == Listener.CLIENT ? peerPort -> 0
                    : peerPort -> SocketOwners.brokerOf(peerPort, port, brokerByPid.get()), b -> impairment(b, listener));
            proxies.put(new Key(broker, listener), proxy);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the proxy of broker " + broker + " on port " + port, e);
        }
    }

    /** How the replication proxies tell which broker a peer connection comes from: its process id. */
    public void identifyPeersBy(Supplier<Map<Long, Integer>> brokerByPid) {
        this.brokerByPid = brokerByPid;
    }

    /**
     * Puts {@code impairment} on {@code broker}'s {@code listeners}: on the traffic to them and, for replication, on
     * the broker's own connections to its peers. A drop closes those connections now.
     */
    public void impair(int broker, Set<Listener> listeners, Impairment impairment) {
        for (Listener l : listeners) {
            impairments.put(new Key(broker, l), impairment);
        }
        if (impairment.drop()) {
            proxies.forEach((key, proxy) -> {
                if (listeners.contains(key.listener())) {
                    proxy.closeConnections(source -> key.broker() == broker
                            || (key.listener() == Listener.REPLICATION && source == broker));
                }
            });
        }
    }

    /** Lifts the impairment of {@code broker}'s {@code listeners}. */
    public void heal(int broker, Set<Listener> listeners) {
        for (Listener l : listeners) {
            impairments.remove(new Key(broker, l));
        }
    }

    private Impairment impairment(int broker, Listener listener) {
        return broker == 0 ? Impairment.NONE : impairments.getOrDefault(new Key(broker, listener), Impairment.NONE);
    }

    /** Stops accepting and closes every proxied connection; idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
        reset();
    }

    /**
     * Closes every proxy and forgets every impairment, but stays open for new proxies: a cluster start that lost a
     * port to another process starts again on other ports, its proxies too.
     */
    public synchronized void reset() {
        impairments.clear();
        proxies.values().forEach(TcpProxy::close);
        proxies.clear();
    }
}
