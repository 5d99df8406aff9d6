package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Runs the CLI in-process with picocli's stdout and stderr writers captured (every command prints through them), for
 * tests that print both on failure.
 */
public record CliRun(int exitCode, String stdout, String stderr, Duration took) {
    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        long start = System.nanoTime();
        int code = execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRun(code, out.toString(), err.toString(), Duration.ofNanos(System.nanoTime() - start));
    }

    /**
     * The whole CLI ({@code Main.newCommandLine()}, package-private) run on {@code args} printing to {@code out} and
     * {@code err}, for integration tests in other packages that watch the output while the command runs.
     */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return Main.execute(Main.newCommandLine().setOut(out).setErr(err), args);
    }

    /** {@code file} read as {@code --command-config} reads it (package-private {@code ConnectionOptions}). */
    public static Map<String, String> commandConfig(Path file) {
        return ConnectionOptions.readProperties(file, "--command-config");
    }

    /**
     * Runs with {@code --results-dir resultsDir} appended and asserts that no process was started and left behind
     * (for commands that must fail before any broker starts).
     */
    public static CliRun leavingNothing(Path resultsDir, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--results-dir");
        all.add(resultsDir.toString());
        Set<Long> before = children();
        CliRun run = of(all.toArray(String[]::new));
        assertThat(children()).as("no process started and left behind: " + run.transcript()).isSubsetOf(before);
        return run;
    }

    private static Set<Long> children() {
        return ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    /**
     * The CLI error contract (docs/exit-codes.md): exit code {@code exit}, one "kbench: error:" line on stderr with every
     * expected fragment, nothing on stdout (not even the run header), within {@code within}.
     */
    public void assertOneErrorLine(int exit, Duration within, String... expected) {
        assertThat(exitCode).as(transcript()).isEqualTo(exit);
        List<String> lines = stderr.lines().filter(l -> !l.isBlank()).toList();
        assertThat(lines).as(transcript()).hasSize(1);
        assertThat(lines.get(0)).as(transcript()).startsWith("kbench: error: ").contains(expected);
        assertThat(stdout).as("nothing before the error, not even the run header: " + transcript()).isBlank();
        assertThat(took).as(transcript()).isLessThan(within);
    }

    /**
     * An input error found before any broker starts: exit 2 and one "kbench: error:" line on stderr with every expected
     * fragment; stdout may carry a dry run's header but no cluster start.
     */
    public static void assertInputError(CliRun r, String... expected) {
        assertThat(r.exitCode()).as(r.transcript()).isEqualTo(2);
        List<String> lines = r.stderr().lines().filter(l -> !l.isBlank()).toList();
        assertThat(lines).as(r.transcript()).hasSize(1);
        assertThat(lines.get(0)).as(r.transcript()).startsWith("kbench: error:").contains(expected);
        assertThat(r.stdout()).as(r.transcript()).doesNotContain("cluster: starting");
    }

    /** Shown by AssertJ when an assertion on this run fails. */
    public String transcript() {
        return "exit " + exitCode + " after " + took.toMillis() + " ms\n--- stdout ---\n" + stdout + "\n--- stderr ---\n"
                + stderr;
    }

    @Override
    public String toString() {
        return transcript();
    }
}
