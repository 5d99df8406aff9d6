package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunResults;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.spec.SpecLoader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** cluster.brokerVersions and cluster.metadataVersion: valid against schema/result.schema.json, read back unchanged. */
class BrokerVersionsSchemaTest {
    private static final LatencyStats L = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
    private static final Totals T = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);

    private static RunResult withCluster(ClusterInfo cluster) {
        return RunResults.of(new SpecLoader().load(null, List.of())).cluster(cluster)
                .summary(new Summary("intendedSendTime", T, T, L, L, L, null))
                .intervals(List.of(new IntervalPoint(2.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, L, L, L))).build();
    }

    @Test
    void anExternalClusterWithVersionsReadOverJmxIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        List<BrokerVersion> versions = List.of(
                new BrokerVersion(1, "10.0.0.5:9999", "4.3.1", "a1b2c3d4e5f6a7b8", "17.0.15"),
                new BrokerVersion(2, "10.0.0.6:9999", "4.4.0", "0f1e2d3c4b5a6978", null));
        ClusterInfo cluster = new ClusterInfo("external", "10.0.0.5:9092", 2, BrokerVersion.summary(versions), null, null,
                null, null, null, versions, "4.3-IV0");

        JsonNode json = new ObjectMapper().readTree(ResultWriter.write(withCluster(cluster), dir).toFile());

        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/cluster/kafkaBrokerVersion").asText()).isEqualTo("mixed: 4.3.1 (broker 1), 4.4.0 (broker 2)");
        assertThat(json.at("/cluster/brokerVersions/1").has("jdk")).isFalse();
        assertThat(json.at("/cluster/metadataVersion").asText()).isEqualTo("4.3-IV0");
        assertThat(ResultReader.read(dir.resolve("result.json"), RunResult.class).cluster()).isEqualTo(cluster);
    }

    @Test
    void aClusterWhoseVersionsWereNotReadWritesNeitherKey(@TempDir Path dir) throws IOException {
        ClusterInfo cluster = new ClusterInfo("embedded", "127.0.0.1:1", 1, "4.3.1", "17", 9000L, Map.of(), null, null);

        JsonNode json = new ObjectMapper().readTree(ResultWriter.write(withCluster(cluster), dir).toFile());

        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/cluster").has("brokerVersions")).isFalse();
        assertThat(json.at("/cluster").has("metadataVersion")).isFalse();
    }
}
