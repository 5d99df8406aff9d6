package io.kbench.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fault with the producers in a driver (issue 40): kbench tells the franz-go driver each fault window as it opens and
 * closes, the driver counts its own measured records into it, and its {@code done} adds them to the fault's figures,
 * as the Java threads add theirs record by record. kbench's own embedded broker (a process fault acts on it); the
 * class's broker is only @EmbeddedKafka's check that none outlives the test. Needs Go; without it, skipped.
 */
@Tag("timing")
@EmbeddedKafka
class DriverFaultsIT {
    @TempDir
    Path results;

    @BeforeAll
    static void needsGo() {
        ItFixture.assumeGo();
    }

    @Test
    void theRecordsAFranzGoDriverSentDuringAPauseAreTheFaultsFigures() throws Exception {
        Path workload = Files.writeString(results.resolve("it-driver-pause.yaml"), """
                name: it-driver-pause
                topic: {partitions: 1, replicationFactor: 1}
                producers:
                  client: franz-go
                  count: 1
                  rate: 1000
                  duration: 10s
                  warmupDuration: 2s
                  recordSize: 100
                  properties: {acks: all, linger.ms: 1}
                consumers: {mode: none}
                faults: [{at: 3s, action: pause, target: 1, duration: 2s}]
                """);
        CliRun run = CliRun.of("run", workload.toString(), "--results-dir", results.toString(), "--broker-heap", "512m",
                "--no-telemetry");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        FaultResult fault = result.faults().get(0);
        assertThat(fault.startSec()).as(run.transcript()).isNotNull();
        double seconds = fault.endSec() - fault.startSec();
        assertThat(seconds).as(run.transcript()).isBetween(1.5, 2.5);
        // About 1,000 records/s were intended inside the window; each was acknowledged after the resume, and the driver
        // counted it into the window: the fault has their publish latency, stretched by the pause, and none failed.
        long during = fault.publishLatencyMicros().count();
        assertThat(during).as(run.transcript()).isBetween(Math.round(seconds * 1000 * 0.5), Math.round(seconds * 1000 * 1.1));
        assertThat(fault.publishLatencyMicros().max()).as("records waited for the resume").isGreaterThan(500_000);
        assertThat(fault.failedRecords()).isZero();
        assertThat(result.clients().producers().client()).isEqualTo("franz-go");
        assertThat(result.clients().brokerCheck().match()).as(run.transcript()).isTrue();
        assertThat(run.stdout()).containsPattern("fault 0: pause broker 1 at [0-9.]+s-[0-9.]+s")
                .contains("sent during it: publish p99 ");
        System.out.println("DriverFaultsIT:\n" + run.stdout());
    }
}
