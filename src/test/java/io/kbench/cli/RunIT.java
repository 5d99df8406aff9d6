package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `kbench run/produce/consume` end to end on real embedded brokers, asserting on result.json: the cluster kbench starts
 * itself, and for the tests about the load rather than the cluster the class's shared one.
 */
@EmbeddedKafka
class RunIT {
    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;
    @TempDir
    Path results;

    @Test
    void produceOnlyCountsExactlyTheMeasuredRecords() throws IOException {
        CliRun run = CliRun.of("run", workload("it-produce.yaml"), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = onlyResult();
        Totals produced = result.summary().produced();
        assertThat(produced.records()).as(run.transcript()).isEqualTo(5000);
        assertThat(produced.bytes()).isEqualTo(5000L * 200);
        assertThat(produced.errors()).isZero();
        assertThat(produced.warmupRecords()).isEqualTo(1000);
        assertThat(produced.recordsPerSec()).isPositive();
        assertOrderedLatency(result.summary().publishLatencyMicros(), 5000);
        assertThat(result.summary().latencyMeasuredFrom()).isEqualTo("actualSendTime");
        assertThat(result.summary().consumed()).isNull();
        assertThat(result.schemaVersion()).isEqualTo(1);
        assertThat(result.environment().kafkaClientVersion()).isEqualTo("4.3.1");
        assertThat(result.cluster().mode()).isEqualTo("embedded");
        assertThat(result.cluster().brokers()).isEqualTo(1);
        assertThat(result.workload().producers().properties().get("acks")).isEqualTo("all");
        assertThat(result.intervals().size()).isPositive();
        assertThat(Files.exists(resultDir().resolve("publish-latency.hlog"))).isTrue();
        assertThat(Files.readString(resultDir().resolve("report.html"))).contains("it-produce").contains("kbench");
        assertThat(run.stdout()).contains("results: ");
    }

    @Test
    void endToEndOnThreeBrokersReceivesEveryMeasuredRecord() throws IOException {
        CliRun run = CliRun.of("run", workload("it-e2e-3.yaml"), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = onlyResult();
        Summary summary = result.summary();
        assertThat(result.cluster().brokers()).isEqualTo(3);
        assertThat(summary.produced().records()).as(run.transcript()).isEqualTo(4000);
        assertThat(summary.consumed().records()).as(run.transcript()).isEqualTo(4000);
        assertThat(summary.latencyMeasuredFrom()).isEqualTo("intendedSendTime");
        assertOrderedLatency(summary.publishLatencyMicros(), 4000);
        assertOrderedLatency(summary.endToEndLatencyMicros(), 4000);
        assertThat(summary.endToEndLatencyMicros().p50())
                .isGreaterThanOrEqualTo(summary.publishLatencyMicros().p50() / 10);
        assertThat(summary.sendDelayMicros().count()).isEqualTo(4000);
    }

    @Test
    void backlogConsumersReadWhatWasWritten() throws IOException {
        CliRun run = CliRun.of("run", workload("it-backlog.yaml"), "--bootstrap-server", cluster.bootstrapServers(),
                "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Summary summary = onlyResult().summary();
        assertThat(summary.produced().records()).isEqualTo(6000);
        assertThat(summary.consumed().records()).as(run.transcript()).isEqualTo(6000);
        assertThat(summary.consumed().bytes()).isEqualTo(6000L * 100);
        assertThat(summary.consumed().recordsPerSec()).isPositive();
        assertThat(summary.endToEndLatencyMicros()).isNull();
    }

    @Test
    void produceDropInPrintsThePerfTestLine() throws IOException {
        CliRun run = CliRun.of("produce", "--bootstrap-server", cluster.bootstrapServers(), "--topic", "dropin",
                "--num-records", "3000", "--record-size", "64",
                "--throughput", "-1", "--producer-props", "acks=1", "linger.ms=1", "--warmup-records", "500",
                "--threshold", "publish.p99<60s", "--threshold", "produced.recordsPerSec>999999999",
                "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(3);
        assertThat(run.stdout()).contains("PASS publish.p99<60s").contains("FAIL produced.recordsPerSec>999999999");
        assertThat(onlyResult().thresholds().get(1).passed()).isFalse();
        assertThat(run.stdout()).containsPattern("2500 records sent, [0-9.]+ records/sec \\([0-9.]+ MB/sec\\)");
        assertThat(onlyResult().summary().produced().records()).isEqualTo(2500);
    }

    private static void assertOrderedLatency(LatencyStats l, long count) {
        assertThat(l.count()).isEqualTo(count);
        long p50 = l.p50();
        assertThat(p50).isPositive();
        assertThat(p50).isLessThanOrEqualTo(l.p95());
        assertThat(l.p95()).isLessThanOrEqualTo(l.p99());
        assertThat(l.p99()).isLessThanOrEqualTo(l.p999());
        assertThat(l.p999()).isLessThanOrEqualTo(l.max());
    }

    private static String workload(String name) {
        return Path.of("src/test/resources/workloads", name).toString();
    }

    private Path resultDir() throws IOException {
        return ItFixture.onlyRunDir(results);
    }

    private RunResult onlyResult() throws IOException {
        return ItFixture.onlyRun(results);
    }
}
