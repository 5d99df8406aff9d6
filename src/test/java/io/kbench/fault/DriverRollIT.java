package io.kbench.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.RollFigures;
import io.kbench.result.run.RollStep;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rolling restart with the producers in the franz-go driver (issue 40): each roll step's rate is the records the
 * driver saw acknowledged inside the step's window ({@code done.faults.acknowledged}), its latency and failures those
 * the driver counted by intended time. Three brokers (the fewest a roll runs on), no consumer and a plain restart, so
 * the run is short; verify replays the driver's send logs. Needs Go; without it, skipped.
 */
// Timing-sensitive and three brokers restarted in turn take the whole machine, as RollingConfigIT (pom.xml, solo-its).
@Tag("timing")
@Tag("whole-machine")
@EmbeddedKafka
class DriverRollIT {
    @TempDir
    Path results;

    @BeforeAll
    static void needsGo() {
        ItFixture.assumeGo();
    }

    @Test
    void eachRollStepCountsTheRecordsTheDriverSawAcknowledgedInIt() throws Exception {
        Path workload = Files.writeString(results.resolve("it-driver-roll.yaml"), """
                name: it-driver-roll
                topic: {partitions: 3, replicationFactor: 3, configs: {min.insync.replicas: "2"}}
                producers:
                  client: franz-go
                  count: 1
                  rate: 500
                  duration: 40s
                  warmupDuration: 2s
                  recordSize: 100
                  properties: {acks: all, linger.ms: 1}
                consumers: {mode: none}
                verify: true
                cluster: {brokers: 3}
                faults: [{at: 3s, action: roll}]
                """);
        CliRun run = CliRun.of("run", workload.toString(), "--results-dir", results.toString(), "--broker-heap", "512m",
                "--no-telemetry");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        assertThat(result.status()).as(run.transcript()).isEqualTo(io.kbench.result.run.RunStatus.COMPLETED);
        assertThat(result.clients().producers().client()).isEqualTo("franz-go");
        FaultResult fault = result.faults().get(0);
        assertThat(fault.error()).as(run.transcript()).isNull();
        RollFigures roll = fault.roll();
        assertThat(roll).as(run.transcript()).isNotNull();
        assertThat(roll.steps()).as("one step per broker: " + run.transcript()).hasSize(3);
        for (RollStep s : roll.steps()) {
            String which = "broker " + s.broker() + ": " + run.transcript();
            assertThat(s.error()).as(which).isNull();
            // 500 records/s are sent throughout: the driver's acknowledgements inside the step make its rate.
            assertThat(s.recordsPerSec()).as(which).isPositive();
            assertThat(s.publishLatencyMicros().count()).as(which).isPositive();
            assertThat(s.failedRecords()).as(which).isZero();
        }
        Integrity integrity = result.integrity();
        assertThat(integrity.verdict()).as(run.transcript()).isEqualTo(IntegrityVerdict.OK);
        assertThat(integrity.lost().count()).isZero();
        assertThat(run.stdout()).containsPattern("fault 0: step: broker \\d at [0-9.]+s-[0-9.]+s: away ")
                .containsPattern("records/s");
        System.out.println("DriverRollIT:\n" + run.stdout());
    }
}
