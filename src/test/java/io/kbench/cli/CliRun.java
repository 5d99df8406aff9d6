package io.kbench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;

/**
 * Runs the CLI in-process with picocli's stdout and stderr writers captured (every command prints through them), for
 * tests that print both on failure.
 */
record CliRun(int exitCode, String stdout, String stderr, Duration took) {
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        long start = System.nanoTime();
        int code = Main.newCommandLine()
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new CliRun(code, out.toString(), err.toString(), Duration.ofNanos(System.nanoTime() - start));
    }

    /** Shown by AssertJ when an assertion on this run fails. */
    String transcript() {
        return "exit " + exitCode + " after " + took.toMillis() + " ms\n--- stdout ---\n" + stdout + "\n--- stderr ---\n"
                + stderr;
    }

    @Override
    public String toString() {
        return transcript();
    }
}
