package io.kbench.cluster.network;

import java.util.function.IntSupplier;

/**
 * The source broker of one proxied connection (0: a client, or not known yet). Looked up when the connection is
 * accepted and, while unknown, again at most every {@link #RETRY_NANOS}: a peer whose process was not yet known at
 * accept (a follower's fetch connection opened during cluster start) is still found once it is, so a fault on its
 * replication reaches the connections Kafka's fetchers keep reusing.
 */
final class PeerSource {
    static final long RETRY_NANOS = 100_000_000L;

    private final IntSupplier lookup;
    private volatile int broker;
    private volatile long nextLookup;

    PeerSource(IntSupplier lookup) {
        this.lookup = lookup;
        this.broker = lookup.getAsInt();
        this.nextLookup = System.nanoTime() + RETRY_NANOS;
    }

    /** The source broker; a lookup (a /proc scan for a replication listener) only while unknown and due. */
    int get() {
        int b = broker;
        long now = System.nanoTime();
        if (b == 0 && now - nextLookup >= 0) {
            nextLookup = now + RETRY_NANOS;
            b = lookup.getAsInt();
            broker = b;
        }
        return b;
    }
}
