package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.ConsumerStats;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.LoadBreakdown;
import io.kbench.result.run.PartitionLatency;
import io.kbench.result.run.PartitionStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.run.TransactionStats;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Transactions, zipf keys and the per-partition breakdown in result.json: valid against the schema, read back equal. */
class BreakdownSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchema SCHEMA = SchemaFiles.load("result.schema.json");

    @Test
    void aTransactionalZipfRunWithItsBreakdownIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of(
                "producers.transactions={recordsPerTransaction: 100, abortFraction: 0.2}",
                "producers.keys={type: zipf, count: 50, exponent: 1.2}",
                "consumers.properties.isolation.level=read_committed"));
        LatencyStats l = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
        Totals t = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);
        TransactionStats tx = new TransactionStats(8, 2, 800, 200, 4.0, l, 0, "read_committed");
        Summary summary = new Summary("intendedSendTime", t, t, l, l, l, tx);
        LoadBreakdown breakdown = new LoadBreakdown(PartitionLatency.END_TO_END,
                List.of(new PartitionStats(0, 7, 7L, l), new PartitionStats(1, 3, 3L, null)),
                List.of(new ConsumerStats(0, 10, 10_240, 100.0, l)));
        RunResult result = RunResult.builder().name(spec.name()).status(RunStatus.COMPLETED)
                .startTime(Instant.parse("2026-01-01T00:00:00Z")).endTime(Instant.parse("2026-01-01T00:00:30Z"))
                .environment(Environment.capture())
                .cluster(new ClusterInfo("external", "b:9092", 1, null, null, null, null, null, null)).workload(spec)
                .clientProperties(Map.of("bootstrap.servers", "b:9092")).summary(summary).intervals(List.of())
                .breakdown(breakdown).build();
        Path file = ResultWriter.write(result, dir);
        JsonNode written = JSON.readTree(file.toFile());
        assertThat(SCHEMA.validate(written)).isEmpty();
        assertThat(written.at("/workload/producers/transactions/abortFraction").asDouble()).isEqualTo(0.2);
        assertThat(written.at("/workload/producers/keys/type").asText()).isEqualTo("zipf");
        assertThat(written.at("/breakdown/partitionLatency").asText()).isEqualTo("endToEnd");
        assertThat(written.at("/breakdown/partitions/1").has("latencyMicros")).isFalse();
        RunResult back = ResultReader.read(file, RunResult.class);
        assertThat(back.summary().transactions()).isEqualTo(tx);
        assertThat(back.breakdown()).isEqualTo(breakdown);

        ObjectNode bad = written.deepCopy();
        ((ObjectNode) bad.at("/workload/producers/transactions")).put("abortFraction", 1.0);
        assertThat(SCHEMA.validate(bad)).isNotEmpty();
        bad = written.deepCopy();
        ((ObjectNode) bad.at("/summary/transactions")).put("isolationLevel", "dirty");
        assertThat(SCHEMA.validate(bad)).isNotEmpty();
        bad = written.deepCopy();
        ((ObjectNode) bad.at("/breakdown/partitions/0")).put("hot", true);
        assertThat(SCHEMA.validate(bad)).isNotEmpty();
    }
}
