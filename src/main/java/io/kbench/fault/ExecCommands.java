package io.kbench.fault;

import io.kbench.error.RunFailedException;
import io.kbench.measure.SendWindows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The user's commands of {@code action: exec}: run with {@code sh -c}, {broker} replaced by the broker id, output in
 * {@code faults/fault-N.log} of the result directory. A command still running when the run ends is stopped (SIGTERM,
 * then SIGKILL after 5 s, with its child processes), and so is one still running when kbench dies (see {@link #GUARD}).
 */
final class ExecCommands {
    private static final long STOP_GRACE_SECONDS = 5;

    /**
     * Runs the command ({@code $1}) in a session and process group of its own, so it and everything it starts can be
     * signalled as one, and out of reach of a terminal's Ctrl-C (kbench stops it itself). A watcher waits for EOF on the
     * pipe only kbench writes to (fd 0, kept as fd 3): kbench closes it to stop the command, and the kernel closes it
     * when kbench dies in any way (SIGKILL included); then the whole group gets SIGTERM, and SIGKILL 5 s later. When
     * the command ends first, the watcher is dismissed. Exits with the command's exit code.
     */
    static final String GUARD = "exec 3<&0 </dev/null\n"
            + "setsid sh -c \"$1\" 3<&- &\n"
            + "c=$!\n"
            + "trap '' INT\n"
            + "( cat <&3 >/dev/null; kill -TERM -\"$c\" 2>/dev/null; sleep " + STOP_GRACE_SECONDS
            + "; kill -KILL -\"$c\" 2>/dev/null ) &\n"
            + "w=$!\n"
            + "exec 3<&-\n"
            + "wait \"$c\"; rc=$?\n"
            + "kill \"$w\" 2>/dev/null\n"
            + "exit \"$rc\"\n";

    private final Path runDir;
    private final FaultClock clock;
    private final SendWindows windows;
    private final Map<Integer, Process> processes = new ConcurrentHashMap<>();
    private final Map<Integer, String> errors = new ConcurrentHashMap<>();

    ExecCommands(Path runDir, FaultClock clock, SendWindows windows) {
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
            Process p = new ProcessBuilder("sh", "-c", GUARD, "kbench-exec", substitute(command, broker))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            processes.put(index, p);
            // Dismisses the watcher's reader, which outlives the guard shell until the pipe closes.
            p.onExit().thenRun(() -> closePipe(p));
        } catch (IOException e) {
            throw new RunFailedException("cannot run '" + io.kbench.result.io.Redactor.redactCommand(command) + "': " + e.getMessage(), e);
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
            // The guard's watcher signals the command's group: SIGTERM now, SIGKILL after the grace.
            closePipe(p);
            try {
                if (!p.waitFor(STOP_GRACE_SECONDS + 2, TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private static void closePipe(Process p) {
        try {
            p.getOutputStream().close();
        } catch (IOException ignored) {
            // Closed already.
        }
    }
}
