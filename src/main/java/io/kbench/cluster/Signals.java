package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Signals Java has no API for (SIGSTOP, SIGCONT), sent with the system's {@code kill}. */
final class Signals {
    private Signals() {
    }

    /** Sends {@code signal} (STOP, CONT) to {@code pid} and waits for kill to finish. */
    static void send(String signal, long pid) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
                throw new RunFailedException("kill -" + signal + " " + pid + " did not finish within 10 s");
            }
            if (kill.exitValue() != 0) {
                throw new RunFailedException("kill -" + signal + " " + pid + " failed (exit " + kill.exitValue() + ")");
            }
        } catch (IOException e) {
            throw new RunFailedException("cannot run kill -" + signal + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while sending SIG" + signal + " to " + pid, e);
        }
    }
}
