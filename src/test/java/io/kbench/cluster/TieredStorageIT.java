package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.testkit.ItFixture;
import io.kbench.testkit.RunTelemetry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tiered storage on real brokers: a backlog written to a tiered topic, whose closed segments went to Kafka's
 * LocalTieredStorage and left the broker's disk, is read back from remote storage (a cold read), as the broker's own
 * remote-fetch meters say; the same backlog on a topic that is not tiered is read without a single remote fetch.
 */
class TieredStorageIT {
    private static final double MIB = 1024 * 1024;

    @TempDir
    Path results;

    @Test
    void aColdReadIsServedFromRemoteStorage() throws Exception {
        CliRun run = runAndReadBack("it-tiered.yaml", "cold");
        RunResult result = ItFixture.onlyRun(results.resolve("cold"));
        long consumedBytes = result.summary().consumed().bytes();

        double remoteBytes = RunTelemetry.integral(result, TelemetryMetric.REMOTE_FETCH_MIB_PER_SEC, "broker-1") * MIB;
        double remoteReads = RunTelemetry.integral(result, TelemetryMetric.REMOTE_FETCH_REQUESTS_PER_SEC, "broker-1");
        // 1 MiB stays local: of ~15 MiB nearly all comes from remote storage; a third leaves room for a copy lagging.
        assertThat(remoteBytes).as("bytes read from remote storage of %,d consumed\n%s", consumedBytes,
                run.transcript()).isGreaterThan(consumedBytes / 3.0);
        assertThat(remoteReads).isGreaterThanOrEqualTo(1);
        assertThat(RunTelemetry.integral(result, TelemetryMetric.REMOTE_COPY_MIB_PER_SEC, "broker-1") * MIB)
                .as("segments copied to remote storage").isGreaterThan(consumedBytes / 3.0);
        assertThat(RunTelemetry.events(result, TelemetryEventType.SEGMENT_DELETE)).as("local segments deleted")
                .anyMatch(e -> e.detail() != null && e.detail().contains("local segment(s) deleted"));
        assertThat(result.cluster().brokerConfig().get("remote.log.storage.manager.class.name"))
                .isEqualTo("org.apache.kafka.server.log.remote.storage.LocalTieredStorage");
    }

    @Test
    void aHotReadOfTheSameBacklogFetchesNothingRemotely() throws Exception {
        runAndReadBack("it-tiered-hot.yaml", "hot");
        RunResult result = ItFixture.onlyRun(results.resolve("hot"));
        // The meters exist (the cluster has tiered storage) and count nothing: the cold read's figures are not noise.
        assertThat(RunTelemetry.integral(result, TelemetryMetric.REMOTE_FETCH_REQUESTS_PER_SEC, "broker-1")).isZero();
        assertThat(RunTelemetry.integral(result, TelemetryMetric.REMOTE_COPY_MIB_PER_SEC, "broker-1")).isZero();
    }

    /** Runs the workload into results/{@code dir}: it must complete and read back all 16,000 records. */
    private CliRun runAndReadBack(String workload, String dir) throws Exception {
        CliRun run = CliRun.of("run", ItFixture.workload(workload), "--results-dir", results.resolve(dir).toString(),
                "--broker-heap", "256m", "--min-rate-ratio", "0");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(ItFixture.onlyRun(results.resolve(dir)).summary().consumed().records())
                .as(run.transcript()).isEqualTo(16_000);
        return run;
    }
}
