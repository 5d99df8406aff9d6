package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.format.StrictMapper;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.PartitionGap;
import io.kbench.result.run.RebalanceStats;
import io.kbench.result.run.RebalanceWindow;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunResults;
import io.kbench.result.run.ShareConsumerStats;
import io.kbench.result.run.ShareStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.spec.ShareAcknowledgement;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results with share-group and rebalance figures: valid against schema/result.schema.json, read back unchanged. */
class GroupResultSchemaTest {
    private static final LatencyStats L = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
    private static final Totals T = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);

    @Test
    void aShareResultIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("consumers.mode=share", "consumers.count=3",
                "consumers.share.acknowledgement=explicit", "consumers.share.accept=0.8", "consumers.share.release=0.1",
                "consumers.share.reject=0.1", "consumers.share.processingTime=1ms", "consumers.share.deliveryCountLimit=3"));
        ShareStats share = new ShareStats(ShareAcknowledgement.EXPLICIT, 3, 120, 20, 15, 90, 12, 8, 2, 0, L, L, L,
                List.of(new ShareConsumerStats(0, 60, 45, 45.0), new ShareConsumerStats(1, 60, 45, 44.0)),
                Spread.of(List.of(45.0, 44.0)));
        JsonNode json = writeAndCheck(spec, share, null, dir);
        assertThat(json.at("/workload/consumers/share/accept").asDouble()).isEqualTo(0.8);
        assertThat(json.at("/share/archived").asLong()).isEqualTo(2);
        assertThat(ResultReader.read(dir.resolve("result.json"), RunResult.class).share()).isEqualTo(share);
    }

    @Test
    void aRebalanceResultIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("consumers.groupProtocol=consumer",
                "consumers.changes=[{at: 5s, add: 2}, {at: 10s, remove: 1}]"));
        RebalanceWindow base = new RebalanceWindow(0, 5, 0, 1, L, L, List.of(new PartitionGap(0, 5, 5)));
        RebalanceStats rebalances = new RebalanceStats("consumer", base, List.of(
                new RebalanceWindow(5, 10, 2, 3, L, L, List.of(new PartitionGap(0, 5, 5), new PartitionGap(1, 4, 3))),
                new RebalanceWindow(10, 25, -1, 2, L, L, List.of())));
        JsonNode json = writeAndCheck(spec, null, rebalances, dir);
        assertThat(json.at("/workload/consumers/changes/1/remove").asInt()).isEqualTo(1);
        assertThat(json.at("/workload/consumers/groupProtocol").asText()).isEqualTo("consumer");
        assertThat(ResultReader.read(dir.resolve("result.json"), RunResult.class).rebalances()).isEqualTo(rebalances);
    }

    @Test
    void aWorkloadWithoutTheNewSettingsWritesNoNewKeys() {
        JsonNode consumers = StrictMapper.json().valueToTree(new SpecLoader().load(null, List.of()).consumers());
        assertThat(consumers.has("groupProtocol")).isFalse();
        assertThat(consumers.has("changes")).isFalse();
        assertThat(consumers.has("share")).isFalse();
    }

    private static JsonNode writeAndCheck(WorkloadSpec spec, ShareStats share, RebalanceStats rebalances, Path dir)
            throws IOException {
        RunResult result = RunResults.of(spec)
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 1, "4.3.1", "17", 9000L, Map.of(), null, null))
                .summary(new Summary("intendedSendTime", T, T, L, L, L, null))
                .intervals(List.of(new IntervalPoint(2.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, L, L, L)))
                .share(share).rebalances(rebalances).build();
        Path file = ResultWriter.write(result, dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        return json;
    }
}
