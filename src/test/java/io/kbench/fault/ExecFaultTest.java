package io.kbench.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.measure.SendWindows;
import io.kbench.result.run.FaultResult;
import io.kbench.spec.FaultSpec;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** action: exec against an external cluster (no broker needed for a broker-id target): output file and exit code. */
class ExecFaultTest {
    @TempDir
    Path dir;

    @Test
    void execRunsOnTheClockWithTheBrokerSubstituted() throws Exception {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("producers.duration=30s"), List.of(
                "at=0s action=exec target=2 command=echo hit broker {broker}; exit 3",
                "at=200ms action=exec target=1 command=sleep 30 & echo $! > " + dir.resolve("child.pid") + "; wait"));
        long zero = System.nanoTime();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FaultSession session = FaultSession.start(spec, null, Map.of("bootstrap.servers", "127.0.0.1:1"), dir,
                () -> zero, () -> zero, new SendWindows(), new PrintStream(out, true, StandardCharsets.UTF_8),
                BrokerReports.NONE);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!Files.exists(dir.resolve("faults/fault-1.log")) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        // The first command must have ended before the session closes, or close() stops it with it (a loaded machine,
        // 2026-11-30: exit code null): its output line is written just before its exit.
        Path firstLog = dir.resolve("faults/fault-0.log");
        while (!(Files.exists(firstLog) && Files.readString(firstLog).endsWith("\n")) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(1_000);
        long child = waitForPid(dir.resolve("child.pid"));
        assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive)).as("the command's child runs").contains(true);
        session.close();
        assertThat(gone(child)).as("the command's child process is stopped with it").isTrue();
        List<FaultResult> results = session.results(List.of());
        assertThat(results).hasSize(2);
        FaultResult first = results.get(0);
        assertThat(first.brokerId()).isEqualTo(2);
        assertThat(first.exitCode()).as(out.toString()).isEqualTo(3);
        assertThat(first.output()).isEqualTo("faults/fault-0.log");
        assertThat(Files.readString(dir.resolve(first.output()))).isEqualTo("hit broker 2\n");
        assertThat(first.startSec()).isBetween(0.0, 5.0);
        FaultResult second = results.get(1);
        assertThat(second.exitCode()).as("stopped at the end of the run").isNull();
        assertThat(second.error()).contains("still running at the end of the run");
        assertThat(first.line()).startsWith("fault 0: exec broker 2 at ").contains(", exit 3");
        assertThat(out.toString()).contains("fault 0: exec broker 2 at");
    }

    /** The guard stops the command's whole process group when kbench dies: here the pipe's writer is SIGKILLed. */
    @Test
    void aCommandDiesWithTheProcessThatStartedIt() throws Exception {
        Path fifo = dir.resolve("pipe");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        // Stands in for kbench: the only writer of the guard's pipe.
        Process holder = new ProcessBuilder("sh", "-c", "exec sleep 300 > '" + fifo + "'").start();
        Process guard = new ProcessBuilder("sh", "-c", ExecCommands.GUARD, "kbench-exec",
                "sleep 300 & echo $! > '" + dir.resolve("child.pid") + "'; wait")
                .redirectInput(fifo.toFile()).redirectErrorStream(true).start();
        try {
            long child = waitForPid(dir.resolve("child.pid"));
            Thread.sleep(300);
            assertThat(guard.isAlive()).as("the command runs while its starter lives").isTrue();
            holder.destroyForcibly();
            assertThat(gone(child)).as("the command's child after its starter was SIGKILLed").isTrue();
            assertThat(guard.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        } finally {
            holder.destroyForcibly();
            guard.destroyForcibly();
        }
    }

    private static long waitForPid(Path file) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            String text = Files.exists(file) ? Files.readString(file).trim() : "";
            if (!text.isEmpty()) {
                return Long.parseLong(text);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no pid in " + file);
    }

    private static boolean gone(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + 8_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true)) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    @Test
    void substitution() {
        assertThat(ExecCommands.substitute("ssh k{broker} kill; echo {broker}", 3)).isEqualTo("ssh k3 kill; echo 3");
        assertThat(new FaultSpec(java.time.Duration.ZERO, io.kbench.spec.FaultAction.EXEC,
                io.kbench.spec.FaultTarget.parse("leader"), null, null, "x", null, null, null, null, null, null, null).describe()).isEqualTo("exec leader at 0s");
    }
}
