package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.kbench.cluster.ClusterTestSupport;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.testkit.InheritedSigint;
import io.kbench.testkit.ItFixture;
import io.kbench.testkit.KbenchProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C and SIGTERM during `kbench run`, on a real kbench process with a real embedded broker: the load stops, the
 * summary and result.json (status interrupted) are written, the broker is stopped and kbench exits 130, quickly.
 */
// Runs beside other ITs: kbench stops in about 2 s and has EXIT_WITHIN_SEC, and the rest holds on a loaded machine too.
@EmbeddedKafka
class InterruptIT {
    /** kbench must be gone this long after the signal (it takes about 2 s; the guard's own deadline is 10 s). */
    private static final long EXIT_WITHIN_SEC = 15;
    /**
     * A measured interval line (not warm-up) with publish and end-to-end latency: acks and measured records have
     * reached the producers and the consumer, so the result has figures to keep.
     */
    private static final Pattern MEASURED_LINE = Pattern.compile("^\\s*\\d+\\.\\ds\\s+prod .* pub p50 .* e2e p50 .*");

    @TempDir
    Path results;

    private KbenchProcess kbench;
    private final List<ProcessHandle> brokers = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        if (kbench != null) {
            kbench.close();
        }
    }

    /** What a terminal's Ctrl-C does: SIGINT to the whole process group, kbench and its broker JVM alike. */
    @Test
    void ctrlCToTheProcessGroupKeepsThePartialResult() throws Exception {
        assumeThat(Files.isExecutable(Path.of("/usr/bin/setsid")) || Files.isExecutable(Path.of("/bin/setsid")))
                .as("setsid (util-linux) puts kbench in a process group of its own").isTrue();
        assumeThat(InheritedSigint.ignored()).as("SIGINT is ignored by this test JVM (started as a background job)").isFalse();
        KbenchProcess out = startAndAwaitMeasuring(true);
        long signalled = System.nanoTime();
        KbenchProcess.signal("-INT", "-" + kbench.process().pid());

        assertStoppedAndKept(out, signalled, "SIGINT");
        assertThat(brokerLog()).as("the broker ignores the terminal's SIGINT; kbench stops it with SIGTERM")
                .doesNotContain("due to signal SIGINT").contains("due to signal SIGTERM");
    }

    /** What a service manager or `kill` does: SIGTERM to kbench alone. */
    @Test
    void sigtermToKbenchKeepsThePartialResult() throws Exception {
        KbenchProcess out = startAndAwaitMeasuring(false);
        long signalled = System.nanoTime();
        KbenchProcess.signal("-TERM", Long.toString(kbench.process().pid()));

        assertStoppedAndKept(out, signalled, "SIGTERM");
    }

    private void assertStoppedAndKept(KbenchProcess out, long signalledNanos, String signal) throws Exception {
        boolean exited = kbench.process().waitFor(EXIT_WITHIN_SEC, TimeUnit.SECONDS);
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - signalledNanos);
        out.awaitOutputEnd(5);
        String transcript = out.transcript();
        assertThat(exited).as("kbench still running %d s after %s\n%s", EXIT_WITHIN_SEC, signal, transcript).isTrue();
        System.out.println("InterruptIT: kbench exited " + tookMillis + " ms after " + signal);
        assertThat(kbench.process().exitValue()).as(transcript).isEqualTo(130);

        assertThat(out.stdout()).as(transcript)
                .contains("kbench: interrupted (" + signal + "): stopping the load")
                .containsPattern("(?m)^produced +[0-9,]+ ")
                .containsPattern("(?m)^publish +")
                .contains("interrupted: the figures above cover only what was measured until the interrupt")
                .contains("results: ");

        RunResult result = ItFixture.onlyRun(results);
        assertThat(result.status()).as(transcript).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(result.summary().produced().records()).as(transcript).isPositive();
        assertThat(result.summary().produced().errors()).as("sends cut short by the stop are no errors")
                .isZero();
        assertThat(result.summary().consumed().records()).as(transcript).isPositive();
        assertThat(result.intervals().size()).isPositive();

        assertThat(brokers).as("the broker JVM kbench started").isNotEmpty()
                .noneMatch(ProcessHandle::isAlive);
        assertThat(ClusterTestSupport.brokersOf(results)).as("broker processes left behind").isEmpty();
    }

    /** Starts kbench (in a new session and process group when {@code ownGroup}) and waits for a measured interval. */
    private KbenchProcess startAndAwaitMeasuring(boolean ownGroup) throws Exception {
        List<String> cmd = new ArrayList<>();
        if (ownGroup) {
            cmd.add("setsid");
        }
        cmd.addAll(ItFixture.kbenchJvm("run", "--set", "producers.duration=30s", "--set", "producers.warmupDuration=1s",
                "--set", "producers.rate=5000", "--broker-heap", "256m", "--results-dir", results.toString()));
        kbench = KbenchProcess.start(cmd, l -> MEASURED_LINE.matcher(l).matches());
        boolean measuring = kbench.awaitLine(90);
        assertThat(measuring).as("no measured interval line\n%s", kbench.transcript()).isTrue();
        // The broker JVM is kbench's child: remember it to check that it is gone after kbench exited.
        kbench.children().stream().filter(ClusterTestSupport::isBroker)
                .forEach(brokers::add);
        return kbench;
    }

    private Path onlyResultDir() throws IOException {
        return ItFixture.onlyRunDir(results);
    }

    private String brokerLog() throws IOException {
        try (Stream<Path> logs = Files.list(onlyResultDir().resolve("broker-logs"))) {
            StringBuilder all = new StringBuilder();
            for (Path log : logs.filter(p -> p.getFileName().toString().endsWith(".log")).toList()) {
                all.append(Files.readString(log));
            }
            return all.toString();
        }
    }
}
