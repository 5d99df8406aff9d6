package io.kbench.cli;

import io.kbench.error.ExitCode;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import sun.misc.Signal;

/**
 * The pipe a child JVM of kbench has on its stdin, whose other end only its parent kbench holds and never closes: EOF
 * means the parent is gone (the kernel closes its end however it died, SIGKILL included). Local workers
 * ({@code kbench worker --exit-with-parent}) and the JVM {@code --client-java-home} re-launches watch it, as broker
 * JVMs watch theirs ({@code cluster.BrokerMain}, which keeps its own copy: the cluster package sits below this one).
 *
 * <p>A re-launching parent first sends the child's arguments and secret system properties down the same pipe
 * ({@link #send}): a command line is readable by every local user ({@code ps}, {@code /proc/PID/cmdline}), a pipe
 * only by its two ends.
 */
final class ParentPipe {
    /** More than any command line kbench takes; a corrupt length is refused instead of allocated. */
    static final int MAX_ITEMS = 10_000;
    static final int MAX_ITEM_BYTES = 1 << 20;

    /**
     * What a re-launched JVM needs from its parent.
     *
     * @param args       the command line to run
     * @param properties system properties to set before anything runs (the parent's secret {@code -D} flags)
     */
    record Launch(List<String> args, Map<String, String> properties) {
        Launch {
            args = List.copyOf(args);
            properties = Map.copyOf(properties);
        }
    }

    private ParentPipe() {
    }

    /** Writes {@code launch} to the child's stdin; the caller keeps the stream open for as long as it lives. */
    static void send(OutputStream pipe, Launch launch) throws IOException {
        DataOutputStream out = new DataOutputStream(pipe);
        out.writeInt(launch.args().size());
        for (String a : launch.args()) {
            writeItem(out, a);
        }
        out.writeInt(launch.properties().size());
        for (Map.Entry<String, String> p : launch.properties().entrySet()) {
            writeItem(out, p.getKey());
            writeItem(out, p.getValue());
        }
        out.flush();
    }

    /** Reads what {@link #send} wrote; the stream stays open for {@link #watch}. */
    static Launch receive(InputStream pipe) throws IOException {
        // DataInputStream reads no further than asked, so the rest of the pipe is left for the watcher.
        DataInputStream in = new DataInputStream(pipe);
        List<String> args = new ArrayList<>();
        for (int i = 0, n = count(in); i < n; i++) {
            args.add(readItem(in));
        }
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 0, n = count(in); i < n; i++) {
            properties.put(readItem(in), readItem(in));
        }
        return new Launch(args, properties);
    }

    private static void writeItem(DataOutputStream out, String item) throws IOException {
        byte[] bytes = item.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static int count(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_ITEMS) {
            throw new IOException("not a kbench launch: " + n + " items");
        }
        return n;
    }

    private static String readItem(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_ITEM_BYTES) {
            throw new IOException("not a kbench launch: an item of " + length + " bytes");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * Reads {@code pipe} to its end on a daemon thread, then runs {@code parentGone} there. Bytes are ignored: the
     * parent writes nothing after the launch.
     */
    static Thread watch(InputStream pipe, Runnable parentGone) {
        Thread watcher = new Thread(() -> {
            byte[] ignored = new byte[256];
            try {
                while (pipe.read(ignored) >= 0) {
                    // Keep reading until EOF.
                }
            } catch (IOException e) {
                // A broken pipe means the same as EOF: the parent is gone.
            }
            parentGone.run();
        }, "kbench-parent-watch");
        watcher.setDaemon(true);
        watcher.start();
        return watcher;
    }

    /**
     * Halts this JVM after {@code grace}, whatever still runs then (a shutdown hook that hangs): the last resort once
     * the parent is gone. What kbench leaves on a halt is released by its guards (brokers watch this JVM's pipes, pause
     * and storage guards theirs).
     */
    static void haltAfter(Duration grace) {
        Thread halter = new Thread(() -> {
            try {
                Thread.sleep(grace.toMillis());
            } catch (InterruptedException ignored) {
                // Halting anyway.
            }
            Runtime.getRuntime().halt(1);
        }, "kbench-halt");
        halter.setDaemon(true);
        halter.start();
    }

    /**
     * Does what a SIGTERM to this JVM does, so a parent's death is handled like the signal kbench already handles: a
     * run in progress stops its load, writes its result and stops its brokers; otherwise the shutdown hooks stop what
     * kbench started.
     */
    static void terminateSelf() {
        try {
            Signal.raise(new Signal("TERM"));
        } catch (IllegalArgumentException unhandled) {
            // -Xrs: no Java handler for SIGTERM, and the default action would end the JVM without its hooks.
            System.exit(ExitCode.INTERRUPTED.code());
        }
    }
}
