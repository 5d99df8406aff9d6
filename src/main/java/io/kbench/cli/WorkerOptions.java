package io.kbench.cli;

import io.kbench.distributed.ControlAuth;
import io.kbench.distributed.ControlKey;
import io.kbench.distributed.Distribution;
import io.kbench.error.InvalidInputException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code --workers N} / {@code --local-workers N}: the run's load comes from worker processes (docs/distributed.md). */
public final class WorkerOptions {
    /** Workers started elsewhere with {@code kbench worker}. */
    @Option(names = "--workers", paramLabel = "N",
            description = "Spread the load over N 'kbench worker' processes (on any hosts, reached through Kafka) and merge "
                    + "their results exactly. Needs --bootstrap-server. See docs/distributed.md.")
    Integer workers;

    /** Workers kbench starts on this machine. */
    @Option(names = "--local-workers", paramLabel = "N",
            description = "Start N worker processes on this machine and coordinate them as --workers does.")
    Integer localWorkers;

    @Option(names = "--worker-timeout", paramLabel = "DURATION",
            description = "How long to wait for the workers to join (default: 60s).")
    String workerTimeout;

    @Option(names = "--tolerate-worker-loss",
            description = "A worker that stops heartbeating is left out and the run goes on (default: the run fails).")
    boolean tolerateWorkerLoss;

    @Option(names = "--control-bootstrap-server", paramLabel = "HOST:PORT[,...]",
            description = "Cluster carrying the control topics (kbench-control, kbench-results); default: the cluster under test.")
    String controlBootstrapServer;

    @Option(names = "--control-command-config", paramLabel = "FILE",
            description = "Client properties file for the control cluster.")
    Path controlCommandConfig;

    @Mixin
    ControlKeyOptions controlKey = new ControlKeyOptions();

    /** Whether the run is distributed at all. */
    boolean any() {
        return workers != null || localWorkers != null;
    }

    /** The distribution these flags ask for, or null for a run in this process; every check before anything starts. */
    Distribution distribution(Map<String, String> connection) {
        if (!any()) {
            if (tolerateWorkerLoss || workerTimeout != null || controlBootstrapServer != null || controlCommandConfig != null
                    || controlKey.any()) {
                throw new InvalidInputException("--tolerate-worker-loss, --worker-timeout, --control-* and --insecure-control"
                        + " need --workers or --local-workers");
            }
            return null;
        }
        if (workers != null && localWorkers != null) {
            throw new InvalidInputException("--workers conflicts with --local-workers: use one or the other");
        }
        boolean local = localWorkers != null;
        int n = local ? localWorkers : workers;
        if (n < 1) {
            throw InvalidInputException.field(local ? "--local-workers" : "--workers", n, "must be >= 1");
        }
        if (!local && !connection.containsKey("bootstrap.servers")) {
            throw InvalidInputException.field("--workers", n, "needs --bootstrap-server: workers on other hosts cannot"
                    + " reach an embedded cluster (use --local-workers N to run them on this machine)");
        }
        Duration timeout = workerTimeout == null ? Distribution.DEFAULT_JOIN_TIMEOUT
                : FindMaxCommand.duration("--worker-timeout", workerTimeout);
        // Local workers get a fresh key on their stdin pipe unless one is given; remote workers must hold the same key.
        ControlAuth control = controlKey.auth(local ? ControlAuth.of(ControlKey.random()) : null, "--workers");
        return new Distribution(n, local, timeout, tolerateWorkerLoss, controlConnection(), workerCommand(), control);
    }

    private Map<String, String> controlConnection() {
        Map<String, String> control = new LinkedHashMap<>();
        if (controlCommandConfig != null) {
            if (controlBootstrapServer == null) {
                throw new InvalidInputException("--control-command-config needs --control-bootstrap-server");
            }
            control.putAll(ConnectionOptions.readProperties(controlCommandConfig, "--control-command-config"));
        }
        if (controlBootstrapServer != null) {
            if (controlBootstrapServer.isBlank()) {
                throw InvalidInputException.field("--control-bootstrap-server", "''", "must not be empty");
            }
            control.put("bootstrap.servers", controlBootstrapServer);
        }
        return control;
    }

    /** This kbench, on this JDK, with this classpath: what a local worker runs. */
    static List<String> workerCommand() {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName());
    }
}
