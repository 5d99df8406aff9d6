package io.kbench.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.Spread;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.FaultRecovery;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.RunResult;
import io.kbench.result.sweep.FaultSpread;
import io.kbench.result.sweep.SweepResult;
import io.kbench.spec.FaultAction;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults on real 3-broker embedded clusters: the fault fires on the run's clock, result.json records it with recovery
 * figures, and no broker, pause guard or stopped process is left behind (@EmbeddedKafka checks the first two).
 */
// Timing-sensitive: runs with the other timing ITs only, after the heavy ones (pom.xml, failsafe "timing-its").
@Tag("timing")
@EmbeddedKafka
class FaultsIT {
    @TempDir
    Path results;

    private Path workload(String name, int partitions, String duration, String faults) throws IOException {
        return workload(name, partitions, duration, "{}", faults);
    }

    private Path workload(String name, int partitions, String duration, String brokerConfig, String faults)
            throws IOException {
        return Files.writeString(results.resolve(name + ".yaml"), """
                name: %s
                topic: {partitions: %d, replicationFactor: 3, configs: {min.insync.replicas: "2"}}
                producers:
                  count: 1
                  rate: 1000
                  duration: %s
                  warmupDuration: 2s
                  recordSize: 256
                  properties: {acks: all, enable.idempotence: "true", linger.ms: 1}
                consumers: {mode: none}
                cluster: {brokers: 3, brokerConfig: %s}
                """.formatted(name, partitions, duration, brokerConfig) + faults);
    }

    @Test
    void leaderKillAndRestartIsRecordedWithRecovery() throws IOException {
        // A SIGKILLed broker stays in the ISR until the controller fences it (broker.session.timeout.ms, 3 s here
        // instead of 9 s), so acks=all stalls for about that long: the window leaves room for the recovery after it
        // (recovered 4 s after the kill on a busy machine, before the restart) and 6 s after the restart.
        Path w = workload("it-leader-kill", 3, "15s",
                "{broker.session.timeout.ms: \"3000\", broker.heartbeat.interval.ms: \"500\"}",
                "faults: [{at: 4s, action: kill, target: leader, duration: 5s}]\n");
        CliRun run = CliRun.of("run", w.toString(), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        FaultResult fault = onlyResult().faults().get(0);
        assertThat(fault.brokerId()).as(run.transcript()).isBetween(1, 3);
        double start = fault.startSec();
        // The end is on the schedule (at + duration); the start is late by the leader lookup.
        assertThat(fault.endSec() - start).as(run.transcript()).isBetween(4.0, 5.1);
        assertThat(fault.error()).as(run.transcript()).isNull();
        // acks=all with idempotence retries through the leader change: nothing sent during the fault fails.
        assertThat(fault.failedRecords()).as(run.transcript()).isZero();
        assertThat(fault.publishLatencyMicros().count()).as(run.transcript()).isPositive();
        FaultRecovery recovery = fault.recovery();
        assertThat(recovery.baselineRecordsPerSec()).as(run.transcript()).isPositive();
        assertThat(recovery.note()).isNull();
        // On a loaded machine 1-s throughput may wander outside the 10% band for good; p99 within 2x is the sturdier one.
        assertThat(recovery.throughputSec() != null || recovery.p99Sec() != null).as("a recovery time: " + run.transcript())
                .isTrue();
        assertThat(run.stdout()).contains("fault 0: kill broker " + fault.brokerId())
                .contains("restarted at").containsPattern("fault 0: kill broker \\d \\(leader\\) at [0-9.]+s-[0-9.]+s: ");
        assertThat(Files.readString(ItFixture.onlyRunDir(results).resolve("broker-logs")
                .resolve("broker-" + fault.brokerId() + ".out"))).isNotEmpty();
    }

    @Test
    void pauseStallsTheLeadersPartitionAndRecovers() throws IOException {
        // One partition: while its leader is stopped nothing can be acknowledged.
        Path w = workload("it-pause", 1, "16s", "faults: [{at: 5s, action: pause, target: leader, duration: 4s}]\n");
        CliRun run = CliRun.of("run", w.toString(), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = onlyResult();
        FaultResult fault = result.faults().get(0);
        double start = fault.startSec();
        double end = fault.endSec();
        assertThat(end - start).as(run.transcript()).isBetween(3.0, 4.1);
        List<Double> during = new ArrayList<>();
        for (IntervalPoint p : result.intervals()) {
            double e = p.endSec();
            if (e > start + 1 && e <= end) {
                during.add(p.producedRecordsPerSec());
            }
        }
        assertThat(during).as("a stall while the leader is paused: " + run.transcript()).isNotEmpty()
                .anyMatch(r -> r < 50);
        // Recovery is measured against the run before the fault; a run already short of its rate there (the machine
        // busy with other work: 794 of 1,000 records/s beside the parallel ITs, CI 2026-11-29) has no healthy state to
        // return to, so the recovery figures are not testable here, and kbench says so in its summary.
        Optional<String> unhealthy = result.schedule() == null ? Optional.empty()
                : result.schedule().baselineNote(fault);
        assumeTrue(unhealthy.isEmpty(),
                () -> "not testable here: " + unhealthy.orElse("") + "\n" + run.transcript());
        assertThat(run.stdout()).contains("resumed at");
        // Nothing is acknowledged while the only partition's leader is stopped, so p99 cannot be back before the resume.
        FaultRecovery recovery = fault.recovery();
        assertThat(recovery.p99Sec()).as("p99 recovered: " + run.transcript()).isNotNull();
        assertThat(recovery.p99Sec()).isGreaterThan(end - start - 1.0);
        assertThat(run.stdout()).contains("resumed at");
    }

    private RunResult onlyResult() throws IOException {
        return ItFixture.onlyRun(results);
    }

    @Test
    void aSweepRunsTheScheduleInEveryRepetitionOnAFreshClusterAndRecordsRecoveryPerPoint() throws IOException {
        Files.writeString(results.resolve("sweep-base.yaml"), """
                name: it-sweep-faults
                topic: {partitions: 1, replicationFactor: 1}
                producers: {count: 1, rate: 500, duration: 6s, warmupDuration: 1s, recordSize: 100}
                consumers: {mode: none}
                cluster: {brokers: 1}
                """);
        Path sweepFile = Files.writeString(results.resolve("sweep.yaml"), """
                name: it-sweep-faults
                workload: sweep-base.yaml
                repeat: 2
                axes:
                  producers.properties.linger.ms: [1]
                """);
        CliRun run = CliRun.of("sweep", sweepFile.toString(), "--results-dir", results.resolve("out").toString(),
                "--broker-heap", "512m", "--fault", "at=2s action=pause target=1 duration=1s");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout().split("cluster: starting", -1)).as("a fresh cluster per faulted repetition: "
                + run.transcript()).hasSize(3);
        assertThat(run.stdout().split("fault 0: broker 1 resumed at ", -1)).as(run.transcript()).hasSize(3);
        Path dir;
        try (var dirs = Files.list(results.resolve("out"))) {
            dir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        FaultSpread fault = ResultReader.read(dir.resolve("sweep.json"), SweepResult.class).points().get(0).faults().get(0);
        assertThat(fault.spec().action()).as(run.transcript()).isEqualTo(FaultAction.PAUSE);
        assertThat(fault.fired()).as(run.transcript()).isEqualTo(2);
        assertThat(fault.failedRecords().count()).as(run.transcript()).isEqualTo(2);
        // Each repetition recovered (a time recorded) or says it did not: both repetitions are accounted for.
        Spread recovered = fault.throughputRecoverySec();
        assertThat((recovered == null ? 0 : recovered.count()) + fault.notRecovered())
                .as(run.transcript()).isGreaterThanOrEqualTo(2);
    }
}
