package io.kbench.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Main class of a broker JVM: formats storage if needed, optionally dies with its parent, then runs Kafka.
 *
 * <p>Usage: {@code BrokerMain <mainClass> <server.properties> [args...]}; the cluster id comes from the
 * system property {@value #CLUSTER_ID_PROPERTY}.
 */
public final class BrokerMain {
    /** System property carrying the cluster id used to format empty storage. */
    public static final String CLUSTER_ID_PROPERTY = "kbench.clusterId";
    /** System property that turns on the parent watchdog ("true"). */
    public static final String WATCH_PARENT_PROPERTY = "kbench.watchParent";
    /**
     * System property naming the temporary cluster directory (never a user-named --data-dir) that the watchdog
     * removes when the parent died without cleaning up (SIGKILL).
     */
    public static final String TEMP_DIR_PROPERTY = "kbench.tempClusterDir";
    /** The prefix every temporary cluster directory has; anything else is never deleted by a broker. */
    static final String TEMP_PREFIX = "kbench-cluster-";

    /**
     * Environment variable with the SCRAM users to store when formatting, one {@code --add-scram} value per line.
     * The environment, not a -D flag, so the passwords are not on the command line for every user's {@code ps}.
     */
    public static final String ADD_SCRAM_ENV = "KBENCH_ADD_SCRAM";

    private static final long HALT_AFTER_MILLIS = 20_000;

    private BrokerMain() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length < 2) {
            System.err.println("usage: BrokerMain <mainClass> <server.properties> [args...]");
            System.exit(2);
        }
        if (Boolean.getBoolean(WATCH_PARENT_PROPERTY)) {
            ignoreInterrupt();
            watchParent(System.in);
        }
        registerBatchRead();
        try {
            formatIfNeeded(Path.of(args[1]), System.getProperty(CLUSTER_ID_PROPERTY));
            Method main = Class.forName(args[0]).getMethod("main", String[].class);
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (Throwable e) {
            Throwable root = rootCause(e);
            e.printStackTrace();
            // One line at the end that kbench quotes when it reports the failed start.
            System.err.println("ERROR kbench: broker failed to start: " + root);
            System.err.flush();
            System.exit(1);
        }
    }

    /** Telemetry's one-call read (see {@link BrokerBatchRead}); without it telemetry reads one MBean at a time. */
    private static void registerBatchRead() {
        try {
            BrokerBatchRead.register();
        } catch (Exception e) {
            System.err.println("WARN kbench: batch read MBean not registered (telemetry reads MBeans one by one): " + e);
        }
    }

    private static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while ((t instanceof InvocationTargetException || t.getCause() != null) && t.getCause() != null
                && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    /** Formats every log dir of the config that has no meta.properties yet, in-process. */
    private static void formatIfNeeded(Path serverProperties, String clusterId) throws Exception {
        Properties props = new Properties();
        try (InputStream in = Files.newInputStream(serverProperties)) {
            props.load(in);
        }
        boolean formatted = Arrays.stream(props.getProperty("log.dirs", "").split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .allMatch(dir -> Files.exists(Path.of(dir, "meta.properties")));
        if (formatted) {
            return;
        }
        if (clusterId == null || clusterId.isBlank()) {
            System.err.println("kbench: storage is not formatted and -D" + CLUSTER_ID_PROPERTY + " is not set");
            System.exit(2);
        }
        // StorageTool lives in the broker jar of the release this JVM runs, which kbench has only at runtime.
        Class<?> storageTool = Class.forName("kafka.tools.StorageTool");
        List<String> formatArgs = new ArrayList<>(List.of("format", "--cluster-id", clusterId,
                "--config", serverProperties.toString(), "--ignore-formatted"));
        String scram = System.getenv(ADD_SCRAM_ENV);
        if (scram != null) {
            for (String user : scram.split("\n")) {
                formatArgs.add("--add-scram");
                formatArgs.add(user);
            }
        }
        int rc = StorageFormat.run(storageTool, formatArgs.toArray(String[]::new));
        if (rc != 0) {
            System.err.println("kbench: formatting storage failed with exit code " + rc);
            System.exit(rc);
        }
    }

    /**
     * A terminal's Ctrl-C reaches the whole foreground process group, so the brokers of an attached cluster get it
     * as well. kbench stops them itself (SIGTERM) once the interrupted run's result is written; a broker that shut
     * down on its own SIGINT would leave the run's producers and consumers waiting for it. Ignored here, before Kafka
     * starts: the JVM then keeps SIGINT ignored even when Kafka registers its own signal handlers.
     */
    private static void ignoreInterrupt() {
        try {
            Signal.handle(new Signal("INT"), SignalHandler.SIG_IGN);
        } catch (IllegalArgumentException reserved) {
            // The JVM keeps SIGINT (-Xrs): the broker reacts to it as it always did.
        }
    }

    /**
     * A SIGKILLed kbench cannot remove its temporary cluster directory; the brokers it started, which notice its death,
     * do: each deletes the directory as it exits (after Kafka's own shutdown hook had time to close its logs), so the
     * last one to exit leaves nothing. Errors are ignored: another broker may be deleting the same files.
     */
    private static void deleteTempDirOnExit(String dir) {
        if (dir == null || !Path.of(dir).getFileName().toString().startsWith(TEMP_PREFIX)) {
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (int attempt = 0; attempt < 5 && Files.exists(Path.of(dir)); attempt++) {
                try {
                    Thread.sleep(1000);
                    DataDirectory.delete(Path.of(dir));
                } catch (InterruptedException | RuntimeException e) {
                    // Another broker is deleting it too, or Kafka still writes: try again.
                }
            }
        }, "kbench-temp-dir-cleanup"));
    }

    /** Exits this JVM once stdin reaches EOF, which happens when the parent kbench process dies. */
    private static void watchParent(InputStream stdin) {
        Thread watcher = new Thread(() -> {
            try {
                while (stdin.read() >= 0) {
                    // The parent never writes; any byte is ignored.
                }
            } catch (IOException e) {
                // A broken pipe means the same as EOF: the parent is gone.
            }
            Thread halter = new Thread(() -> {
                try {
                    Thread.sleep(HALT_AFTER_MILLIS);
                } catch (InterruptedException ignored) {
                    // Exiting anyway.
                }
                Runtime.getRuntime().halt(1);
            }, "kbench-halt");
            halter.setDaemon(true);
            halter.start();
            System.err.println("kbench: parent process is gone, shutting down the broker");
            deleteTempDirOnExit(System.getProperty(TEMP_DIR_PROPERTY));
            System.exit(0);
        }, "kbench-parent-watch");
        watcher.setDaemon(true);
        watcher.start();
    }
}
