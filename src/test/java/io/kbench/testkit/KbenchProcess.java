package io.kbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * kbench in a JVM of its own ({@link ItFixture#kbenchJvm}), for tests that signal or kill it: its stdout and stderr
 * read on a thread of its own, a line to wait for, and the processes it started, which {@link #close()} kills too.
 */
public final class KbenchProcess implements AutoCloseable {
    private final Process process;
    private final Predicate<String> awaitedLine;
    private final StringBuffer text = new StringBuffer();
    private final CountDownLatch awaited = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private final List<ProcessHandle> started = new ArrayList<>();

    private KbenchProcess(List<String> command, Predicate<String> awaitedLine) throws IOException {
        this.process = new ProcessBuilder(command).redirectErrorStream(true).start();
        this.awaitedLine = awaitedLine;
        Thread reader = new Thread(this::read, "kbench-output");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code command}; {@link #awaitLine} waits for the first output line {@code awaitedLine} accepts. */
    public static KbenchProcess start(List<String> command, Predicate<String> awaitedLine) throws IOException {
        return new KbenchProcess(command, awaitedLine);
    }

    public Process process() {
        return process;
    }

    /** Whether the awaited line, or the end of the output, came within {@code seconds}. */
    public boolean awaitLine(long seconds) throws InterruptedException {
        return awaited.await(seconds, TimeUnit.SECONDS);
    }

    public void awaitOutputEnd(long seconds) throws InterruptedException {
        finished.await(seconds, TimeUnit.SECONDS);
    }

    /** The processes kbench runs now (brokers, pause guards), remembered so that {@link #close()} kills them. */
    public List<ProcessHandle> children() {
        List<ProcessHandle> now = process.descendants().toList();
        started.addAll(now);
        return now;
    }

    public String stdout() {
        return text.toString();
    }

    public String transcript() {
        return "--- kbench output ---\n" + text;
    }

    /** Kills kbench and every process {@link #children()} saw (a stopped one is resumed first, so that it dies). */
    @Override
    public void close() {
        process.destroyForcibly();
        for (ProcessHandle p : started) {
            if (p.isAlive()) {
                signalQuietly("-CONT", p.pid());
                p.destroyForcibly();
            }
        }
    }

    /** Runs {@code kill signal -- target} (a negative target: the process group) and asserts that it worked. */
    public static void signal(String signal, String target) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", signal, "--", target).redirectErrorStream(true).start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(kill.exitValue()).as(new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                .isZero();
    }

    private static void signalQuietly(String signal, long pid) {
        try {
            new ProcessBuilder("kill", signal, Long.toString(pid)).start().waitFor(5, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            // Best effort in clean-up.
        }
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                text.append(line).append('\n');
                if (awaitedLine.test(line)) {
                    awaited.countDown();
                }
            }
        } catch (IOException e) {
            text.append("(reading failed: ").append(e).append(")\n");
        } finally {
            awaited.countDown();
            finished.countDown();
        }
    }
}
