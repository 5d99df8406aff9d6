package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.testkit.ItFixture;
import io.kbench.testkit.KbenchProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A driver killed mid-run (SIGKILL, as the kernel's OOM killer would) ends the run within seconds, with a failure
 * naming the driver, exit 1, and nothing of the run left running: issue 40's "a driver killed mid-run ends the run
 * non-zero within seconds with nothing left running". kbench in a JVM of its own against the class's broker, with the
 * franz-go driver (built by kbench on first use; the class is skipped without Go).
 */
@EmbeddedKafka
class DriverKillIT {
    /** kbench must have exited this long after the kill: it reads the driver's end at once (no stall timeout). */
    private static final long EXIT_WITHIN_SEC = 15;
    /** A measured interval line: the driver is sending on kbench's schedule. */
    private static final Pattern MEASURED_LINE = Pattern.compile("^\\s*\\d+\\.\\ds\\s+prod .* pub p50 .*");

    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;

    private KbenchProcess kbench;

    @BeforeAll
    static void needsGo() {
        ItFixture.assumeGo();
    }

    @AfterEach
    void killLeftovers() {
        if (kbench != null) {
            kbench.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"producers", "consumers"})
    void aDriverKilledMidRunEndsTheRunNonZeroWithinSecondsWithNothingLeft(String side, @TempDir Path results) throws Exception {
        kbench = KbenchProcess.start(ItFixture.kbenchJvm("run", "--bootstrap-server", cluster.bootstrapServers(),
                "--results-dir", results.toString(), "--no-telemetry", "--set", "topic.name=it-driver-kill-" + side,
                "--set", "producers.rate=1000", "--set", "producers.duration=60s",
                "--set", "producers.warmupDuration=1s", "--set", side + ".client=franz-go"),
                l -> MEASURED_LINE.matcher(l).matches());
        assertThat(kbench.awaitLine(120)).as("no measured interval line\n%s", kbench.transcript()).isTrue();
        List<ProcessHandle> drivers = kbench.children().stream()
                .filter(p -> p.info().command().orElse("").endsWith("kbench-franz-go")).toList();
        assertThat(drivers).as("the %s' driver process\n%s", side, kbench.transcript()).hasSize(1);
        ProcessHandle driver = drivers.get(0);
        List<ProcessHandle> started = kbench.children();

        long killed = System.nanoTime();
        KbenchProcess.signal("-KILL", Long.toString(driver.pid()));
        boolean exited = kbench.process().waitFor(EXIT_WITHIN_SEC, TimeUnit.SECONDS);
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
        kbench.awaitOutputEnd(5);
        String transcript = kbench.transcript();
        assertThat(exited).as("kbench still running %d s after its driver was killed\n%s", EXIT_WITHIN_SEC, transcript)
                .isTrue();
        System.out.println("DriverKillIT " + side + ": kbench exited " + tookMillis + " ms after the driver's SIGKILL,"
                + " exit " + kbench.process().exitValue());
        assertThat(kbench.process().exitValue()).as(transcript).isEqualTo(1);
        assertThat(transcript).contains("franz-go");
        assertThat(driver.isAlive()).isFalse();
        assertThat(started.stream().filter(ProcessHandle::isAlive).toList())
                .as("processes kbench had started, left running").isEmpty();
        RunResult result = ItFixture.onlyRun(results);
        assertThat(result.status()).as(transcript).isEqualTo(RunStatus.FAILED);
        assertThat(result.failure()).as(transcript).contains("franz-go");
        System.out.println("DriverKillIT " + side + ": failure: " + result.failure());
    }
}
