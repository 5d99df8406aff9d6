package io.kbench.distributed;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code --local-workers N}: N {@code kbench worker} processes on this machine, each with its output in
 * {@code workers/ID.log} of the result directory. They are stopped when the run ends, whatever the end: {@link #close}
 * on success, failure and Ctrl-C; a JVM shutdown hook on a second Ctrl-C or System.exit; and, should this JVM die
 * without either, each worker watches its stdin (a pipe from this JVM, closed by the kernel when it dies) and exits,
 * as the embedded brokers do. Their client settings and the control key go to them on that pipe ({@link LocalHandover}):
 * nothing is written to disk, so nothing survives a SIGKILL of this JVM.
 */
class LocalWorkers implements AutoCloseable {
    /** No local workers: nothing to start, check or stop. */
    static final LocalWorkers NONE = new LocalWorkers(List.of(), null);
    private static final long STOP_WAIT_SEC = 5;

    private final List<Process> processes;
    private final List<String> ids;
    private final Thread hook;

    private LocalWorkers(List<Process> processes, List<String> ids) {
        this.processes = processes;
        this.ids = ids;
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
        List<Process> started = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        LocalHandover handover = new LocalHandover(data, control, distribution.control());
        try {
            Files.createDirectories(logs);
            for (int i = 1; i <= distribution.workers(); i++) {
                String id = "local-" + i;
                List<String> cmd = new ArrayList<>(distribution.workerCommand());
                // Only what is no secret on the command line (visible in ps); the rest comes on stdin.
                cmd.addAll(List.of("worker", "--bootstrap-server", data.get("bootstrap.servers"), "--id", id, "--exit-with-parent"));
                Path log = logs.resolve(id + ".log");
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                        .redirectInput(ProcessBuilder.Redirect.PIPE).start();
                started.add(p);
                ids.add(id);
                handover.writeTo(p.getOutputStream());
            }
        } catch (IOException e) {
            started.forEach(Process::destroyForcibly);
            throw new RunFailedException("cannot start local workers: " + e.getMessage(), e);
        }
        out.printf("coordinator: started %d local worker(s); their output is in %s%n", started.size(), logs);
        return new LocalWorkers(started, ids);
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
}
