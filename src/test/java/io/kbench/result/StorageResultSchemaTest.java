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
import io.kbench.result.run.StorageInfo;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A result with emulated storage (cluster.storage): valid against schema/result.schema.json, read back unchanged. */
class StorageResultSchemaTest {
    private static final LatencyStats L = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
    private static final Totals T = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);

    @Test
    void aStorageResultIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("cluster.storage.filesystem=xfs",
                "cluster.storage.options=noatime", "cluster.storage.size=1GiB", "cluster.storage.dataDirs=2",
                "cluster.heap=512m"));
        StorageInfo storage = new StorageInfo("xfs", "noatime", 1L << 30, 2, "/tmp/c", "ext4 /dev/vda on / (rw,relatime)",
                List.of(new StorageInfo.Broker(1, List.of(
                        new StorageInfo.Dir("/tmp/c/broker-1/disk-1/data", "/dev/loop0", true,
                                "xfs /dev/loop0 on /tmp/c/broker-1/disk-1 (rw,noatime)"),
                        new StorageInfo.Dir("/tmp/c/broker-1/disk-2/data", "/dev/loop1", true,
                                "xfs /dev/loop1 on /tmp/c/broker-1/disk-2 (rw,noatime)")))));
        RunResult result = RunResults.of(spec)
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 1, "4.3.1", "17", 9000L, Map.of(), null, null))
                .summary(new Summary("intendedSendTime", T, T, L, L, L, null))
                .intervals(List.of(new IntervalPoint(2.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, L, L, L)))
                .storage(storage).build();
        Path file = ResultWriter.write(result, dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/storage/brokers/0/dirs/1/device").asText()).isEqualTo("/dev/loop1");
        assertThat(json.at("/workload/cluster/storage/filesystem").asText()).isEqualTo("xfs");
        assertThat(ResultReader.read(dir.resolve("result.json"), RunResult.class).storage()).isEqualTo(storage);
    }

    @Test
    void aResultWithoutStorageWritesNoStorageKey(@TempDir Path dir) throws IOException {
        RunResult result = RunResults.of(new SpecLoader().load(null, List.of()))
                .summary(new Summary("intendedSendTime", T, T, L, L, L, null)).build();
        JsonNode json = new ObjectMapper().readTree(ResultWriter.write(result, dir).toFile());
        assertThat(json.has("storage")).isFalse();
        assertThat(json.at("/workload/cluster").has("storage")).isFalse();
        assertThat(json.at("/workload/cluster").has("heap")).isFalse();
    }
}
