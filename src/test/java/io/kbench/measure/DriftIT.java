package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.Drift;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.SteadyState;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37, "a run whose rate decays over its window is flagged as drifting": the same fixed-rate workload on a real
 * broker twice, once plain and once with a 50 ms delay on the broker's client traffic from halfway through the window
 * (kbench's network proxy: every produce round trip 50 ms longer, so the producer falls to about half its rate). The
 * first is steady, the second drifting, on the terminal, in result.json and in the report.
 */
// Timing-sensitive: the plain run must keep its rate on a shared machine (pom.xml, failsafe "timing-its").
@Tag("timing")
@EmbeddedKafka
class DriftIT {
    private static final String WORKLOAD = """
            name: %s
            topic: {partitions: 2, replicationFactor: 1}
            producers:
              count: 1
              rate: 5000
              duration: 15s
              warmupDuration: 2s
              recordSize: 1024
              properties: {acks: 1, linger.ms: 5}
            consumers: {mode: none}
            cluster: {brokers: 1}
            """;

    @TempDir
    Path steadyDir;
    @TempDir
    Path slowedDir;

    @Test
    void aRunSlowedHalfwayIsDriftingAndAPlainOneIsSteady() throws IOException {
        Path plain = Files.writeString(steadyDir.resolve("it-drift-plain.yaml"), WORKLOAD.formatted("it-drift-plain"));
        CliRun steady = CliRun.of("run", plain.toString(), "--results-dir", steadyDir.toString(), "--no-telemetry");
        assertThat(steady.exitCode()).as(steady.transcript()).isZero();
        RunResult plainRun = ItFixture.onlyRun(steadyDir);
        Drift calm = plainRun.drift();
        assertThat(calm).as(steady.transcript()).isNotNull();
        // A plain run on a machine too busy to keep its schedule is not steady, and kbench says so (CI 2026-11-30,
        // beside the other timing ITs: last third at 3,974 of 5,000 records/s): the premise is absent, not the rule.
        org.junit.jupiter.api.Assumptions.assumeTrue(plainRun.schedule() == null
                || plainRun.schedule().ratio() >= io.kbench.result.run.Schedule.MET_RATIO, () -> "not testable here: the "
                + "plain run kept " + Math.round(plainRun.schedule().ratio() * 100) + "% of its 5,000 records/s; " + calm.line());
        assertThat(calm.steady()).as(calm.line()).isEqualTo(SteadyState.STEADY);
        assertThat(calm.intervals()).isGreaterThanOrEqualTo(DriftRule.MIN_INTERVALS);
        assertThat(steady.stdout()).contains("steady state: steady over ");

        Path slowed = Files.writeString(slowedDir.resolve("it-drift-slowed.yaml"), WORKLOAD.formatted("it-drift-slowed")
                + "faults:\n  - {at: 7s, action: delay, target: 1, delay: 50ms, scope: clients}\n");
        // The slowed run falls short of its rate by design: --min-rate-ratio 0 keeps its exit code 0.
        CliRun slow = CliRun.of("run", slowed.toString(), "--results-dir", slowedDir.toString(), "--no-telemetry",
                "--min-rate-ratio", "0");
        assertThat(slow.exitCode()).as(slow.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(slowedDir);
        Drift drift = result.drift();
        assertThat(drift.steady()).as(slow.transcript()).isEqualTo(SteadyState.DRIFTING);
        assertThat(drift.recordsPerSec().pctPerMin()).as(drift.line()).isLessThan(-DriftRule.RECORDS_PCT_PER_MIN);
        assertThat(drift.level().ratio()).as(drift.line()).isLessThan(DriftRule.LEVEL_RATIO);
        assertThat(slow.stdout()).contains("steady state: DRIFTING over ");
        String report = Files.readString(ItFixture.onlyRunDir(slowedDir).resolve("report.html"));
        assertThat(report).contains("Steady state over the measured window").contains("DRIFTING")
                .contains("judge this run as drifting");
    }
}
