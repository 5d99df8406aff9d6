package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.io.IOException;

/**
 * Resumes a SIGSTOPped broker even if kbench dies without resuming it (SIGKILL, crash): a small shell waits for EOF on
 * a pipe only kbench holds, then sends SIGCONT; the resumed broker then sees its own parent pipe closed and exits.
 * It ignores SIGINT, so a terminal's Ctrl-C (sent to the whole process group) does not take the guard away.
 */
final class PauseGuard {
    private final Process guard;

    private PauseGuard(Process guard) {
        this.guard = guard;
    }

    /** Starts the guard for {@code pid}; call before sending SIGSTOP. */
    static PauseGuard watch(long pid) {
        String script = "trap '' INT; cat >/dev/null; kill -CONT " + pid;
        try {
            return new PauseGuard(new ProcessBuilder("sh", "-c", script)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
        } catch (IOException e) {
            throw new RunFailedException("cannot start the pause guard for pid " + pid + ": " + e.getMessage(), e);
        }
    }

    /** Closes the pipe: the guard sends its (now redundant) SIGCONT and exits; waits briefly for that. */
    void release() {
        try {
            guard.getOutputStream().close();
        } catch (IOException ignored) {
            // The guard is gone already.
        }
        try {
            if (!guard.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                guard.destroyForcibly();
            }
        } catch (InterruptedException e) {
            guard.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
