package io.kbench.cli;

import io.kbench.distributed.ControlAuth;
import io.kbench.distributed.ControlKey;
import io.kbench.distributed.Distribution;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.UncheckedProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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

    @Mixin
    ControlClusterOptions control = new ControlClusterOptions();

    /** Whether the run is distributed at all. */
    boolean any() {
        return workers != null || localWorkers != null;
    }

    /** The distribution these flags ask for, or null for a run in this process; every check before anything starts. */
    Distribution distribution(Map<String, String> connection, UncheckedProperties unchecked) {
        if (!any()) {
            if (tolerateWorkerLoss || workerTimeout != null || control.any()) {
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
        ControlAuth auth = control.key.auth(local ? ControlAuth.of(ControlKey.random()) : null, "--workers");
        return new Distribution(n, local, timeout, tolerateWorkerLoss, control.connection(unchecked), workerCommand(),
                auth);
    }

    /**
     * The test suite's hook, never set by users: JVM flags (space-separated) every local worker gets. Like the test
     * brokers' ({@code KBENCH_TEST_BROKER_JVM_FLAGS}), cheaper start-up flags (C1 only) save the CPU a full JIT spends
     * on a worker that lives a few seconds; a user's local workers never see them.
     */
    static final String TEST_JVM_FLAGS_ENV = "KBENCH_TEST_WORKER_JVM_FLAGS";

    /** This kbench, on this JDK, with this classpath: what a local worker runs. */
    static List<String> workerCommand() {
        return workerCommand(System.getenv(TEST_JVM_FLAGS_ENV));
    }

    /** {@link #workerCommand()} with the test hook's value {@code testJvmFlags} (null or blank: none). */
    static List<String> workerCommand(String testJvmFlags) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (testJvmFlags != null && !testJvmFlags.isBlank()) {
            cmd.addAll(List.of(testJvmFlags.strip().split("\\s+")));
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        return List.copyOf(cmd);
    }
}
