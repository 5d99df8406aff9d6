package io.kbench.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.kbench.cluster.ClusterTestSupport;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.testkit.InheritedSigint;
import io.kbench.testkit.ItFixture;
import io.kbench.testkit.KbenchProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker SIGSTOPped by a pause fault is never left behind: not when kbench is interrupted while it is paused, and
 * not when kbench itself is SIGKILLed (its pause guard resumes the broker, which then sees its parent gone and exits).
 */
@EmbeddedKafka
class PausedBrokerIT {
    @TempDir
    Path results;

    private KbenchProcess kbench;
    private List<ProcessHandle> started = List.of();

    @AfterEach
    void killLeftovers() {
        if (kbench != null) {
            kbench.close();
        }
    }

    @Test
    void interruptWhilePausedResumesAndStopsTheBroker() throws Exception {
        assumeFalse(InheritedSigint.ignored(),
                "SIGINT is ignored by this test JVM (started as a background job)");
        ProcessHandle broker = startAndAwaitPause();
        KbenchProcess.signal("-INT", Long.toString(kbench.process().pid()));
        assertThat(kbench.process().waitFor(60, TimeUnit.SECONDS)).as("kbench exits after Ctrl-C").isTrue();
        assertThat(kbench.process().exitValue()).isEqualTo(130);
        assertGone(broker, 30);
    }

    @Test
    void parentKilledWhilePausedLeavesNoStoppedBroker() throws Exception {
        ProcessHandle broker = startAndAwaitPause();
        kbench.process().destroyForcibly();
        assertThat(kbench.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
        // The guard resumes the broker at once; the broker's watchdog then exits it (halting after at most 20 s).
        assertGone(broker, 45);
    }

    private void assertGone(ProcessHandle broker, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (started.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(broker.isAlive()).as("paused broker left behind (state " + state(broker.pid()) + ")").isFalse();
        assertThat(started.stream().filter(ProcessHandle::isAlive).map(p -> p.info().commandLine().orElse("?")).toList())
                .as("processes kbench started (broker, pause guard)").isEmpty();
    }

    /** Starts kbench with a pause of its only broker that lasts to the end, and waits until the broker is stopped. */
    private ProcessHandle startAndAwaitPause() throws Exception {
        List<String> cmd = ItFixture.kbenchJvm("run", "--set", "producers.duration=60s", "--set", "producers.warmupDuration=1s",
                "--set", "producers.rate=2000", "--set", "consumers.mode=none", "--broker-heap", "256m",
                "--fault", "at=2s action=pause target=1", "--results-dir", results.toString());
        kbench = KbenchProcess.start(cmd, l -> l.startsWith("fault 0: pause broker 1"));
        assertThat(kbench.awaitLine(120)).as("no pause\n%s", kbench.stdout()).isTrue();
        started = kbench.children();
        ProcessHandle broker = started.stream()
                .filter(ClusterTestSupport::isBroker).findFirst().orElseThrow();
        // SIGSTOP is delivered asynchronously: a broker running on the other core stops a moment after the line.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!state(broker.pid()).equals("T") && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(state(broker.pid())).as("the broker is stopped (SIGSTOP)\n%s", kbench.stdout()).isEqualTo("T");
        assertThat(started).as("a pause guard runs").anyMatch(p -> ClusterTestSupport.commandLine(p).contains("kill -CONT"));
        return broker;
    }

    /** The process state letter from /proc (T: stopped), or "gone". */
    private static String state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
        } catch (IOException e) {
            return "gone";
        }
    }

}
