package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
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
        JsonNode result = onlyResult();
        JsonNode produced = result.at("/summary/produced");
        assertThat(produced.get("records").asLong()).as(run.transcript()).isEqualTo(5000);
        assertThat(produced.get("bytes").asLong()).isEqualTo(5000L * 200);
        assertThat(produced.get("errors").asLong()).isZero();
        assertThat(produced.get("warmupRecords").asLong()).isEqualTo(1000);
        assertThat(produced.get("recordsPerSec").asDouble()).isPositive();
        assertOrderedLatency(result.at("/summary/publishLatencyMicros"), 5000);
        assertThat(result.at("/summary/latencyMeasuredFrom").asText()).isEqualTo("actualSendTime");
        assertThat(result.at("/summary/consumed").isMissingNode()).isTrue();
        assertThat(result.at("/schemaVersion").asInt()).isEqualTo(1);
        assertThat(result.at("/environment/kafkaClientVersion").asText()).isEqualTo("4.3.1");
        assertThat(result.at("/cluster/mode").asText()).isEqualTo("embedded");
        assertThat(result.at("/cluster/brokers").asInt()).isEqualTo(1);
        assertThat(result.at("/workload/producers/properties/acks").asText()).isEqualTo("all");
        assertThat(result.at("/intervals").size()).isPositive();
        assertThat(Files.exists(resultDir().resolve("publish-latency.hlog"))).isTrue();
        assertThat(Files.readString(resultDir().resolve("report.html"))).contains("it-produce").contains("kbench");
        assertThat(run.stdout()).contains("results: ");
    }

    @Test
    void endToEndOnThreeBrokersReceivesEveryMeasuredRecord() throws IOException {
        CliRun run = CliRun.of("run", workload("it-e2e-3.yaml"), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        JsonNode result = onlyResult();
        assertThat(result.at("/cluster/brokers").asInt()).isEqualTo(3);
        assertThat(result.at("/summary/produced/records").asLong()).as(run.transcript()).isEqualTo(4000);
        assertThat(result.at("/summary/consumed/records").asLong()).as(run.transcript()).isEqualTo(4000);
        assertThat(result.at("/summary/latencyMeasuredFrom").asText()).isEqualTo("intendedSendTime");
        assertOrderedLatency(result.at("/summary/publishLatencyMicros"), 4000);
        assertOrderedLatency(result.at("/summary/endToEndLatencyMicros"), 4000);
        assertThat(result.at("/summary/endToEndLatencyMicros/p50").asLong())
                .isGreaterThanOrEqualTo(result.at("/summary/publishLatencyMicros/p50").asLong() / 10);
        assertThat(result.at("/summary/sendDelayMicros/count").asLong()).isEqualTo(4000);
    }

    @Test
    void backlogConsumersReadWhatWasWritten() throws IOException {
        CliRun run = CliRun.of("run", workload("it-backlog.yaml"), "--bootstrap-server", cluster.bootstrapServers(),
                "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        JsonNode result = onlyResult();
        assertThat(result.at("/summary/produced/records").asLong()).isEqualTo(6000);
        assertThat(result.at("/summary/consumed/records").asLong()).as(run.transcript()).isEqualTo(6000);
        assertThat(result.at("/summary/consumed/bytes").asLong()).isEqualTo(6000L * 100);
        assertThat(result.at("/summary/consumed/recordsPerSec").asDouble()).isPositive();
        assertThat(result.at("/summary/endToEndLatencyMicros").isMissingNode()).isTrue();
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
        assertThat(onlyResult().at("/thresholds/1/passed").asBoolean()).isFalse();
        assertThat(run.stdout()).containsPattern("2500 records sent, [0-9.]+ records/sec \\([0-9.]+ MB/sec\\)");
        assertThat(onlyResult().at("/summary/produced/records").asLong()).isEqualTo(2500);
    }

    private static void assertOrderedLatency(JsonNode l, long count) {
        assertThat(l.get("count").asLong()).isEqualTo(count);
        long p50 = l.get("p50").asLong();
        assertThat(p50).isPositive();
        assertThat(p50).isLessThanOrEqualTo(l.get("p95").asLong());
        assertThat(l.get("p95").asLong()).isLessThanOrEqualTo(l.get("p99").asLong());
        assertThat(l.get("p99").asLong()).isLessThanOrEqualTo(l.get("p999").asLong());
        assertThat(l.get("p999").asLong()).isLessThanOrEqualTo(l.get("max").asLong());
    }

    private static String workload(String name) {
        return Path.of("src/test/resources/workloads", name).toString();
    }

    private Path resultDir() throws IOException {
        return ItFixture.onlyRunDir(results);
    }

    /** The one run directory under {@code results}. */
    static Path onlyRunDir(Path results) throws IOException {
        try (Stream<Path> dirs = Files.list(results)) {
            List<Path> all = dirs.filter(Files::isDirectory).toList();
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }

    private JsonNode onlyResult() throws IOException {
        return new ObjectMapper().readTree(resultDir().resolve("result.json").toFile());
    }
}
