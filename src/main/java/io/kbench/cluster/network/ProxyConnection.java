package io.kbench.cluster.network;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One proxied TCP connection: a client socket, the broker socket it was forwarded to, and per direction a delay line
 * run by two daemon threads (the reader stamps each chunk's due time, the writer forwards chunks in order once due and
 * while the traffic is not held). Each direction is delayed by the impairment of the side that sends it (a broker's
 * egress); a hold of either side holds both. Any end closing or failing closes both sockets.
 */
final class ProxyConnection implements AutoCloseable {
    /** The largest chunk read at once. */
    static final int CHUNK_BYTES = 64 * 1024;
    /** Chunks in flight per direction; a full line stops reading, so TCP flow control pushes back on the sender. */
    static final int LINE_CHUNKS = 64;
    private static final long HOLD_POLL_NANOS = 5_000_000;

    private final Socket client;
    private final Socket broker;
    /** The impairment of the connecting side (a peer broker; NONE for a client) and of the broker behind the proxy. */
    private final Supplier<Impairment> ofClient;
    private final Supplier<Impairment> ofBroker;
    private final Consumer<ProxyConnection> onClose;
    private final AtomicBoolean closed = new AtomicBoolean();

    /** Bytes to forward once due; null bytes: the sender closed, close both ends once what came before is out. */
    private record Chunk(byte[] bytes, long dueNanos) {
    }

    ProxyConnection(Socket client, Socket broker, Supplier<Impairment> ofClient, Supplier<Impairment> ofBroker,
                    Consumer<ProxyConnection> onClose) {
        this.client = client;
        this.broker = broker;
        this.ofClient = ofClient;
        this.ofBroker = ofBroker;
        this.onClose = onClose;
    }

    /** Starts the four threads; {@code name} labels them. */
    void start(String name, long seed) throws IOException {
        pump(client.getInputStream(), broker.getOutputStream(), ofClient, name + "-up", seed);
        pump(broker.getInputStream(), client.getOutputStream(), ofBroker, name + "-down", seed + 1);
    }

    private void pump(InputStream in, OutputStream out, Supplier<Impairment> sender, String name, long seed) {
        BlockingQueue<Chunk> line = new ArrayBlockingQueue<>(LINE_CHUNKS);
        DelayLine delays = new DelayLine(seed);
        daemon(name + "-read", () -> read(in, line, delays, sender));
        daemon(name + "-write", () -> write(line, out));
    }

    private boolean held() {
        return ofClient.get().hold() || ofBroker.get().hold();
    }

    private void read(InputStream in, BlockingQueue<Chunk> line, DelayLine delays, Supplier<Impairment> impairment) {
        byte[] buffer = new byte[CHUNK_BYTES];
        try {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                if (!enqueue(line, new Chunk(Arrays.copyOf(buffer, n), delays.due(System.nanoTime(), impairment.get())))) {
                    return;
                }
            }
            // The end travels the delay line too, so delayed bytes ahead of it are still delivered.
            if (enqueue(line, new Chunk(null, delays.due(System.nanoTime(), impairment.get())))) {
                return;
            }
        } catch (IOException | InterruptedException e) {
            // The connection failed: close both ends below.
        }
        close();
    }

    /** Waits for room in the line; false when the connection closed meanwhile (its writer is gone). */
    private boolean enqueue(BlockingQueue<Chunk> line, Chunk c) throws InterruptedException {
        while (!line.offer(c, 100, TimeUnit.MILLISECONDS)) {
            if (closed.get()) {
                return false;
            }
        }
        return true;
    }

    private void write(BlockingQueue<Chunk> line, OutputStream out) {
        try {
            while (!closed.get()) {
                Chunk c = line.poll(100, TimeUnit.MILLISECONDS);
                if (c == null) {
                    continue;
                }
                // A held chunk waits for the partition to heal; its delay counted from its arrival meanwhile.
                while (!closed.get() && held()) {
                    TimeUnit.NANOSECONDS.sleep(HOLD_POLL_NANOS);
                }
                long wait;
                while ((wait = c.dueNanos() - System.nanoTime()) > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                if (c.bytes() == null) {
                    break;
                }
                out.write(c.bytes());
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // Closed or failed: close both ends below.
        }
        close();
    }

    private static void daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
    }

    /** Closes both sockets; the threads end on their own. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeQuietly(client);
        closeQuietly(broker);
        onClose.accept(this);
    }

    static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // Already closed or broken: nothing left to release.
        }
    }
}
