package io.kbench.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One system program (losetup, mkfs, mount) run to its end with a bounded wait: argv only, never a shell, so no
 * value is ever parsed as shell syntax. Output is read to 64 KiB, and a failure is one line.
 */
final class SystemCommand {
    private static final int MAX_OUTPUT = 64 * 1024;

    private SystemCommand() {
    }

    /**
     * What a program said and how it ended.
     *
     * @param exitCode its exit code; -1 when it was stopped for running too long
     * @param output   stdout and stderr together, trimmed
     */
    record Outcome(int exitCode, String output) {
        boolean ok() {
            return exitCode == 0;
        }

        /** The output on one line, at most 300 characters: what an error message quotes. */
        String oneLine() {
            String line = output.replaceAll("\\s*\\n\\s*", "; ").strip();
            return line.length() > 300 ? line.substring(0, 300) + "..." : line;
        }
    }

    /** Runs {@code argv}; a program still running after {@code timeout} is killed (exit code -1). */
    static Outcome run(List<String> argv, Duration timeout) {
        Process p;
        try {
            p = new ProcessBuilder(argv).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(
                    new java.io.File("/dev/null"))).start();
        } catch (IOException e) {
            return new Outcome(127, "cannot run " + argv.get(0) + ": " + e.getMessage());
        }
        StringBuilder out = new StringBuilder();
        Thread reader = new Thread(() -> read(p.getInputStream(), out), "kbench-command-output");
        reader.setDaemon(true);
        reader.start();
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
                reader.join(1000);
                return new Outcome(-1, argv.get(0) + " did not finish within " + timeout.toSeconds() + " s");
            }
            reader.join(5000);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Outcome(-1, argv.get(0) + " interrupted");
        }
        synchronized (out) {
            return new Outcome(p.exitValue(), out.toString().strip());
        }
    }

    private static void read(InputStream in, StringBuilder out) {
        byte[] buf = new byte[4096];
        try (in) {
            int n;
            while ((n = in.read(buf)) >= 0) {
                synchronized (out) {
                    if (out.length() < MAX_OUTPUT) {
                        out.append(new String(buf, 0, Math.min(n, MAX_OUTPUT - out.length()), StandardCharsets.UTF_8));
                    }
                }
            }
        } catch (IOException ignored) {
            // The program is gone; what was read is the output.
        }
    }
}
