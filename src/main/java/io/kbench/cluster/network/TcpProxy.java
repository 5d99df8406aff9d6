package io.kbench.cluster.network;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * A loopback TCP proxy in front of one broker listener: accepts on its own port and forwards each connection to the
 * broker's port through a {@link ProxyConnection}. A daemon thread accepts; {@link #close} ends everything.
 */
final class TcpProxy implements AutoCloseable {
    private final ServerSocket server;
    private final int targetPort;
    private final String name;
    /** The source broker of a connection from its ephemeral port (0: unknown or a client). */
    private final IntUnaryOperator sourceOf;
    /** The broker behind this proxy. */
    private final int brokerId;
    /** The impairment of a broker on this listener, looked up per chunk (it changes with the faults). */
    private final IntFunction<Impairment> impairmentOf;
    /** Open connections and their source broker (0: unknown or a client). */
    private final Map<ProxyConnection, PeerSource> connections = new ConcurrentHashMap<>();
    private volatile boolean closed;
    private long accepted;

    TcpProxy(int port, int brokerId, int targetPort, String name, IntUnaryOperator sourceOf,
             IntFunction<Impairment> impairmentOf) throws IOException {
        this.server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
        this.targetPort = targetPort;
        this.name = name;
        this.sourceOf = sourceOf;
        this.brokerId = brokerId;
        this.impairmentOf = impairmentOf;
        Thread t = new Thread(this::acceptLoop, name + "-accept");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return server.getLocalPort();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                forward(server.accept());
            } catch (IOException e) {
                // Closed, or one accept failed: the loop ends or goes on.
            }
        }
    }

    private void forward(Socket client) {
        int peerPort = client.getPort();
        PeerSource source = new PeerSource(() -> sourceOf.applyAsInt(peerPort));
        if (closed || impairmentOf.apply(source.get()).drop() || impairmentOf.apply(brokerId).drop()) {
            ProxyConnection.closeQuietly(client);
            return;
        }
        Socket broker = new Socket();
        try {
            client.setTcpNoDelay(true);
            broker.setTcpNoDelay(true);
            broker.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 10_000);
            ProxyConnection c = new ProxyConnection(client, broker, () -> impairmentOf.apply(source.get()),
                    () -> impairmentOf.apply(brokerId), connections::remove);
            connections.put(c, source);
            c.start(name + "-" + (++accepted), accepted);
            if (closed) {
                c.close();
            }
        } catch (IOException e) {
            ProxyConnection.closeQuietly(client);
            ProxyConnection.closeQuietly(broker);
        }
    }

    /** Closes the open connections whose source broker matches (a drop); new ones are judged as they come. */
    void closeConnections(IntPredicate source) {
        connections.forEach((c, from) -> {
            if (source.test(from.get())) {
                c.close();
            }
        });
    }

    @Override
    public void close() {
        closed = true;
        ProxyConnection.closeQuietly(server);
        closeConnections(source -> true);
    }
}
