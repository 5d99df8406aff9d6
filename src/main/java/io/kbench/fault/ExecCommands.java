package io.kbench.fault;

import io.kbench.error.RunFailedException;
import io.kbench.measure.FaultWindows;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The user's commands of {@code action: exec}: run with {@code sh -c}, {broker} replaced by the broker id, output in
 * {@code faults/fault-N.log} of the result directory. A command still running when the run ends is stopped (SIGTERM,
 * then SIGKILL after 5 s, with its child processes).
 */
final class ExecCommands {
    private static final long STOP_GRACE_SECONDS = 5;

    private final Path runDir;
    private final FaultClock clock;
    private final FaultWindows windows;
    private final Map<Integer, Process> processes = new ConcurrentHashMap<>();
    private final Map<Integer, String> errors = new ConcurrentHashMap<>();

    ExecCommands(Path runDir, FaultClock clock, FaultWindows windows) {
        this.runDir = runDir;
        this.clock = clock;
        this.windows = windows;
    }

    static String substitute(String command, int broker) {
        return command.replace("{broker}", Integer.toString(broker));
    }

    void start(int index, String command, int broker) {
        Path log = runDir.resolve(output(index, true));
        try {
            Files.createDirectories(log.getParent());
            Process p = new ProcessBuilder("sh", "-c", substitute(command, broker))
                    .redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            processes.put(index, p);
        } catch (IOException e) {
            throw new RunFailedException("cannot run '" + command + "': " + e.getMessage(), e);
        }
    }

    /** The fault's window ends when its command does. */
    void closeWindowOnExit(int index, int window) {
        Process p = processes.get(index);
        if (p != null) {
            p.onExit().thenRun(() -> windows.close(window, clock.nanoTime()));
        }
    }

    Integer exitCode(int index) {
        Process p = processes.get(index);
        return p == null || p.isAlive() || errors.containsKey(index) ? null : p.exitValue();
    }

    String error(int index) {
        return errors.get(index);
    }

    /** The output file relative to the result directory, or null when the fault ran no command. */
    String output(int index) {
        return output(index, processes.containsKey(index));
    }

    private static String output(int index, boolean exists) {
        return exists ? "faults/fault-" + index + ".log" : null;
    }

    void close() {
        processes.forEach((index, p) -> {
            if (!p.isAlive()) {
                return;
            }
            errors.put(index, "still running at the end of the run: stopped");
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
            try {
                if (!p.waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
