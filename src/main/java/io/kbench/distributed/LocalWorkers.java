package io.kbench.distributed;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * {@code --local-workers N}: N {@code kbench worker} processes on this machine, each with its output in
 * {@code workers/ID.log} of the result directory. They are stopped when the run ends, whatever the end: {@link #close}
 * on success, failure and Ctrl-C; a JVM shutdown hook on a second Ctrl-C or System.exit; and, should this JVM die
 * without either, each worker watches its stdin (a pipe from this JVM, closed by the kernel when it dies) and exits,
 * as the embedded brokers do.
 */
class LocalWorkers implements AutoCloseable {
    /** No local workers: nothing to start, check or stop. */
    static final LocalWorkers NONE = new LocalWorkers(List.of(), null, null);
    private static final long STOP_WAIT_SEC = 5;

    private final List<Process> processes;
    private final List<String> ids;
    /** The client settings file given to the workers (it may hold secrets), deleted on close; or null. */
    private final Path clientConfig;
    private final Thread hook;

    private LocalWorkers(List<Process> processes, List<String> ids, Path clientConfig) {
        this.processes = processes;
        this.ids = ids;
        this.clientConfig = clientConfig;
        if (processes.isEmpty()) {
            hook = null;
            return;
        }
        hook = new Thread(this::stopAll, "kbench-local-workers-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Starts {@code distribution.workers()} workers named local-1.. with their logs under {@code resultDir}/workers. */
    static LocalWorkers start(Distribution distribution, Map<String, String> data, Map<String, String> control,
                              Path resultDir, PrintStream out) {
        Path logs = resultDir.resolve("workers");
        Path config = null;
        List<Process> started = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        try {
            Files.createDirectories(logs);
            config = clientConfig(data);
            for (int i = 1; i <= distribution.workers(); i++) {
                String id = "local-" + i;
                List<String> cmd = new ArrayList<>(distribution.workerCommand());
                cmd.addAll(List.of("worker", "--bootstrap-server", data.get("bootstrap.servers"), "--id", id, "--exit-with-parent"));
                if (config != null) {
                    cmd.addAll(List.of("--command-config", config.toString()));
                }
                if (!control.equals(data)) {
                    cmd.addAll(List.of("--control-bootstrap-server", control.get("bootstrap.servers")));
                }
                Path log = logs.resolve(id + ".log");
                started.add(new ProcessBuilder(cmd).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                        .redirectInput(ProcessBuilder.Redirect.PIPE).start());
                ids.add(id);
            }
        } catch (IOException e) {
            started.forEach(Process::destroyForcibly);
            deleteQuietly(config);
            throw new RunFailedException("cannot start local workers: " + e.getMessage(), e);
        }
        out.printf("coordinator: started %d local worker(s); their output is in %s%n", started.size(), logs);
        return new LocalWorkers(started, ids, config);
    }

    /** Fails the run when a local worker exited on its own (it would otherwise only be noticed as lost). */
    void checkAlive() {
        for (int i = 0; i < processes.size(); i++) {
            Process p = processes.get(i);
            if (!p.isAlive() && p.exitValue() != 0) {
                throw new RunFailedException("local worker " + ids.get(i) + " exited with code " + p.exitValue()
                        + "; see its log in the result directory under workers/" + ids.get(i) + ".log");
            }
        }
    }

    @Override
    public void close() {
        stopAll();
        deleteQuietly(clientConfig);
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or about to: it stops them too.
            }
        }
    }

    /** SIGTERM to all, then SIGKILL to any still running after a few seconds. */
    private void stopAll() {
        processes.forEach(Process::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_WAIT_SEC);
        for (Process p : processes) {
            try {
                if (!p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    p.destroyForcibly().waitFor(STOP_WAIT_SEC, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The connection settings besides the bootstrap servers, in an owner-only file, or null when there are none. */
    private static Path clientConfig(Map<String, String> data) throws IOException {
        Properties props = new Properties();
        data.forEach((k, v) -> {
            if (!k.equals("bootstrap.servers")) {
                props.setProperty(k, v);
            }
        });
        if (props.isEmpty()) {
            return null;
        }
        Path file = Files.createTempFile("kbench-worker-", ".properties",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            props.store(w, "kbench local workers' client settings; deleted when the run ends");
        }
        return file;
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
