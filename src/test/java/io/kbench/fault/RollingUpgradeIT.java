package io.kbench.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.BrokerVersion;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.RollFigures;
import io.kbench.result.run.RollStep;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rolling upgrade on real brokers: 3 brokers of kbench's own Kafka (4.3.1), RF 3, min.insync.replicas 2, acks=all
 * with idempotence, a live consumer and verify; every broker restarted in turn on 4.4.0 (from the release cache) while
 * 500 records/s flow, then metadata.version finalized to 4.4's. Each step records the release the restarted broker
 * reports, the result's broker versions are read from the brokers at the end (4.4.0 each), and nothing is lost. The
 * same roll with a configuration change instead of a release is RollingConfigIT's; @EmbeddedKafka checks no broker is
 * left running.
 */
// As RollingConfigIT: three broker restarts must fit in the measured window, and they take the whole machine.
@Tag("timing")
@Tag("whole-machine")
@EmbeddedKafka
class RollingUpgradeIT {
    private static final String TARGET = "4.4.0";

    @TempDir
    Path results;

    @Test
    void aRollingUpgradeUnderAcksAllLoadLosesNothingAndEveryBrokerReportsTheNewRelease() throws IOException {
        CliRun run = CliRun.of("run", ItFixture.workload("it-roll-upgrade.yaml"), "--no-telemetry",
                "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        FaultResult fault = result.faults().get(0);
        assertThat(fault.error()).as(run.transcript()).isNull();
        RollFigures roll = fault.roll();
        assertThat(roll).as(run.transcript()).isNotNull();
        assertThat(roll.kafkaVersion()).isEqualTo(TARGET);
        assertThat(roll.order()).containsExactlyInAnyOrder(1, 2, 3);
        assertThat(roll.steps()).as("one step per broker: " + run.transcript()).hasSize(3);
        for (RollStep s : roll.steps()) {
            String which = "broker " + s.broker() + ": " + run.transcript();
            assertThat(s.error()).as(which).isNull();
            assertThat(s.kafkaVersionRead()).as("what the restarted broker reports: " + which).isEqualTo(TARGET);
            assertThat(s.rejoinedSec()).as(which).isGreaterThan(s.exitedSec());
            assertThat(s.inSyncSec()).as(which).isGreaterThanOrEqualTo(s.rejoinedSec());
            assertThat(s.recordsPerSec()).as(which).isPositive();
            assertThat(s.publishLatencyMicros().count()).as(which).isPositive();
            assertThat(s.failedRecords()).as(which).isZero();
        }
        // Formatted by 4.3.1 at its newest metadata.version, finalized to 4.4's once every broker ran 4.4.0.
        assertThat(roll.metadataVersionBefore()).as(run.transcript()).startsWith("4.3-");
        assertThat(roll.metadataVersionAfter()).as(run.transcript()).startsWith("4.4-");
        assertThat(roll.finalizedSec()).as(run.transcript()).isGreaterThan(roll.steps().get(2).endSec() - 0.001);

        // Read from the brokers at the end of the run, not copied from a setting.
        assertThat(result.cluster().brokerVersions()).as(run.transcript()).hasSize(3)
                .extracting(BrokerVersion::kafkaVersion).containsOnly(TARGET);
        assertThat(result.cluster().kafkaBrokerVersion()).isEqualTo(TARGET);

        Integrity integrity = result.integrity();
        assertThat(integrity.verdict()).as(run.transcript()).isEqualTo(IntegrityVerdict.OK);
        assertThat(integrity.lost().count()).isZero();
        assertThat(integrity.acknowledged()).isPositive();
        assertThat(integrity.acknowledgedFound()).isEqualTo(integrity.acknowledged());

        assertThat(run.stdout()).contains("to Kafka " + TARGET + " then finalize metadata.version")
                .containsPattern("fault 0: roll: broker \\d back in sync at [0-9.]+s \\(away [0-9.]+ s, under-replicated"
                        + " [0-9.]+ s\\), runs Kafka " + TARGET.replace(".", "\\."))
                .containsPattern("fault 0: roll: metadata.version 4\\.3-IV\\d+ -> 4\\.4-IV\\d+, finalized at ");
    }
}
