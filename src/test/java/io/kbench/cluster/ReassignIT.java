package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.ReassignmentFigures;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.testkit.ItFixture;
import io.kbench.testkit.RunTelemetry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scale-out and scale-in under load on real brokers, in one run (one cluster start): a third broker joins a running
 * 2-broker cluster, the topic is spread over all three (throttled), then the added broker is removed again (its
 * replicas moved back, the broker stopped and unregistered), while acks=all records flow. result.json records the join
 * and both moves, telemetry samples the added broker while it runs, and verification finds nothing lost or duplicated.
 * The removal is the added broker: the two brokers of the start are the controller quorum, which would lose its
 * majority with one of them gone. @EmbeddedKafka checks that no broker (the added one included) is left running.
 */
// Timing-sensitive: the added broker's JVM must start within the window (pom.xml, failsafe "timing-its").
@Tag("timing")
@EmbeddedKafka
class ReassignIT {
    @TempDir
    Path results;

    @Test
    void aBrokerAddedAndRemovedUnderLoadTakesItsReplicasAndGivesThemBackWithNothingLostOrDuplicated()
            throws IOException {
        // The window leaves room for the new broker's JVM start and registration (~6 s on a quiet machine, 8 s at load
        // 30), the two moves (~2 s each) and the removed broker's controlled shutdown. The reassign and the
        // remove-broker fire as soon as the fault before them has ended (a move waits for an earlier one). The workload
        // is src/test/resources/workloads/it-reassign.yaml (docs/reassignment.md quotes its output).
        CliRun run = CliRun.of("run", ItFixture.workload("it-reassign.yaml"), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        FaultResult add = result.faults().get(0);
        assertThat(add.brokerId()).as(run.transcript()).isEqualTo(3);
        assertThat(add.error()).as(run.transcript()).isNull();
        assertThat(add.endSec()).as("joined").isGreaterThan(add.startSec());

        FaultResult move = result.faults().get(1);
        assertThat(move.error()).as(run.transcript()).isNull();
        ReassignmentFigures figures = move.reassignment();
        assertThat(figures).as("the move fired: " + run.transcript()).isNotNull();
        // Spread over brokers 1-3 with RF 2: partitions 1 and 2 gain a replica on broker 3, partition 0 stays.
        assertThat(figures.partitions()).as(run.transcript()).isEqualTo(2);
        assertThat(figures.replicasAdded()).isEqualTo(2);
        assertThat(figures.toBrokers()).containsExactly(3);
        assertThat(figures.throttleBytesPerSec()).isEqualTo(10L * 1024 * 1024);
        assertThat(figures.movedSec()).as("completed inside the run: " + run.transcript()).isNotNull();
        assertThat(figures.bytesMoved()).as("the new replicas hold the records").isPositive();
        assertThat(move.endSec()).isGreaterThanOrEqualTo(move.startSec());
        assertThat(move.publishLatencyMicros().count()).as("records sent during the move").isPositive();
        assertThat(move.failedRecords()).isZero();

        FaultResult remove = result.faults().get(2);
        assertThat(remove.error()).as(run.transcript()).isNull();
        assertThat(remove.brokerId()).isEqualTo(3);
        assertThat(remove.startSec()).as("after the spread ended: " + run.transcript())
                .isGreaterThanOrEqualTo(move.endSec());
        ReassignmentFigures back = remove.reassignment();
        assertThat(back).as(run.transcript()).isNotNull();
        // Broker 3's two replicas go to the broker of each partition that does not hold it yet.
        assertThat(back.partitions()).as(run.transcript()).isEqualTo(2);
        assertThat(back.replicasAdded()).isEqualTo(2);
        assertThat(back.movedSec()).as("moved off inside the run: " + run.transcript()).isNotNull();
        assertThat(back.bytesMoved()).isPositive();
        assertThat(remove.endSec()).as("stopped and unregistered").isGreaterThan(
                remove.startSec() + back.movedSec() - 0.001);
        assertThat(remove.recovery()).as("recovery figures: " + remove).isNotNull();
        assertThat(remove.publishLatencyMicros().count()).as("records sent during the removal").isPositive();
        assertThat(remove.failedRecords()).isZero();

        Integrity integrity = result.integrity();
        assertThat(integrity.verdict()).as(run.transcript()).isEqualTo(IntegrityVerdict.OK);
        assertThat(integrity.lost().count()).isZero();
        assertThat(integrity.duplicated().count()).isZero();
        assertThat(integrity.acknowledged()).isPositive();
        assertThat(integrity.acknowledgedFound()).isEqualTo(integrity.acknowledged());

        // Telemetry follows the added broker from its start: its series hold values while it ran.
        List<String> sources = new ArrayList<>();
        result.telemetry().sources().forEach(s -> sources.add(s.id() + "=" + s.available()));
        assertThat(sources).as(run.transcript()).contains("broker-1=true", "broker-2=true", "broker-3=true");
        assertThat(RunTelemetry.integral(result, TelemetryMetric.BROKER_CPU_PERCENT, "broker-3"))
                .as("broker 3's own CPU, read over its JMX while it ran").isPositive();

        // The new broker created the moved replicas (its own log, kept with the result) and shut down cleanly.
        String log = Files.readString(ItFixture.onlyRunDir(results).resolve("broker-logs").resolve("broker-3.log"));
        assertThat(log).contains("Created log for partition it-reassign-1 ").contains("Created log for partition it-reassign-2 ")
                .doesNotContain("Created log for partition it-reassign-0 ");
        assertThat(run.stdout()).contains("fault 0: add-broker broker 3 at ").contains("fault 1: reassign at ")
                .containsPattern("fault 1: reassign at [0-9.]+s-[0-9.]+s, moved 2 partitions \\(2 replicas to broker 3, ")
                .containsPattern("fault 2: remove-broker broker 3 at [0-9.]+s-[0-9.]+s, moved 2 partitions \\(2 replicas"
                        + " to brokers? [12,]+, ");
    }
}
