package io.kbench.cli;

import io.kbench.client.ClusterProbe;
import io.kbench.distributed.ControlAuth;
import io.kbench.distributed.LocalHandover;
import io.kbench.distributed.Message;
import io.kbench.distributed.Worker;
import io.kbench.error.ExitCode;
import io.kbench.error.InvalidInputException;
import io.kbench.result.Versions;
import java.io.InputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/** {@code kbench worker}: serves distributed runs' shares until stopped (docs/distributed.md). */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = {"Wait for coordinators ('kbench run FILE --workers N') on the control topic and run a share of"
                + " their load; serves one run after another until stopped (Ctrl-C, SIGTERM).",
            "Needs only outbound connections to Kafka."})
public final class WorkerCommand implements Callable<Integer> {
    /** How long a stopping worker waits for its share to report before the JVM exits. */
    private static final long STOP_WAIT_SEC = 25;
    /** How long a worker whose parent is gone may take to stop before it halts. */
    private static final Duration HALT_AFTER = Duration.ofSeconds(10);

    @Spec
    CommandSpec command;

    @Mixin
    ConnectionOptions connection = new ConnectionOptions();

    @Option(names = "--id", paramLabel = "NAME", description = "This worker's name in results (default: host-pid).")
    String id;

    @Mixin
    ControlClusterOptions controlCluster = new ControlClusterOptions();

    /**
     * Set by --local-workers: read the client settings and the control key from stdin (never a file or the command
     * line), exit when the parent kbench dies (its pipe on stdin closes); ignore Ctrl-C.
     */
    @Option(names = "--exit-with-parent", hidden = true)
    boolean exitWithParent;

    @Override
    public Integer call() {
        if (id != null && (id.isBlank() || !id.matches("[A-Za-z0-9._-]+"))) {
            throw InvalidInputException.field("--id", "'" + id + "'", "must be letters, digits, '.', '_' or '-'");
        }
        if (id != null && id.length() > Message.MAX_ID_CHARS) {
            // Every message names its sender: a longer id would make each one the worker sends a refused record.
            throw InvalidInputException.field("--id", id.length() + " characters",
                    "must be at most " + Message.MAX_ID_CHARS + " (a control message carries the id)");
        }
        if (exitWithParent) {
            return serve(LocalHandover.readFrom(System.in), true);
        }
        Map<String, String> data = connection.properties();
        if (!data.containsKey("bootstrap.servers")) {
            throw new InvalidInputException("--bootstrap-server is required: the cluster under test");
        }
        Map<String, String> separate = controlCluster.connection(connection.unchecked());
        Map<String, String> control = separate.isEmpty() ? data : separate;
        ControlAuth auth = controlCluster.key.auth(null, "kbench worker");
        ClusterProbe.reachable(data);
        if (control != data) {
            ClusterProbe.reachable(control);
        }
        return serve(new LocalHandover(data, control, auth), false);
    }

    /**
     * Serves runs until stopped. A local worker's coordinator has just reached the cluster (no probe: on a loaded
     * machine the probe's 8 s could fail it), and it watches its parent.
     */
    private int serve(LocalHandover settings, boolean local) {
        Map<String, String> control = settings.control().isEmpty() ? settings.data() : settings.control();
        PrintStream out = CommandOutput.out(command);
        Worker worker = new Worker(settings.data(), control, settings.auth(), id, Versions.kbench(), out);
        if (local) {
            ignoreInterrupt();
            watchParent(System.in, worker);
        }
        CountDownLatch served = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            worker.stop();
            try {
                served.await(STOP_WAIT_SEC, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "kbench-worker-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            worker.serve();
        } finally {
            served.countDown();
        }
        return ExitCode.OK.code();
    }

    /** A terminal's Ctrl-C reaches a local worker too; its coordinator decides when it stops. */
    private static void ignoreInterrupt() {
        try {
            Signal.handle(new Signal("INT"), SignalHandler.SIG_IGN);
        } catch (IllegalArgumentException reserved) {
            // The JVM keeps SIGINT (-Xrs).
        }
    }

    /** Exits once stdin reaches EOF: the parent kbench is gone (the kernel closed its end of the pipe). */
    private static void watchParent(InputStream stdin, Worker worker) {
        ParentPipe.watch(stdin, () -> {
            System.err.println("kbench: stdin closed (the parent kbench stopped or is gone): stopping worker " + worker.id());
            ParentPipe.haltAfter(HALT_AFTER);
            System.exit(0);
        });
    }
}
