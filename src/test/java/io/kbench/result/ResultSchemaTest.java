package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.kbench.kpi.Threshold;
import io.kbench.load.RunOutcome;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.Anomaly;
import io.kbench.result.run.DeletedRecords;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegritySettings;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RecordPosition;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** schema/result.schema.json against a real result.json and against results written now by ResultWriter. */
class ResultSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static JsonSchema schema;

    @BeforeAll
    static void loadSchema() throws IOException {
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
        try (InputStream in = Files.newInputStream(Path.of("schema/result.schema.json"))) {
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in, config);
        }
    }

    private static Set<ValidationMessage> validate(JsonNode node) {
        return schema.validate(node);
    }

    @Test
    void aRealQuickstartResultIsValid() throws IOException {
        JsonNode real = JSON.readTree(Path.of("src/test/resources/result-schema/quickstart-result.json").toFile());
        assertThat(validate(real)).isEmpty();
    }

    @Test
    void aFreshlyWrittenResultIsValid(@TempDir Path dir) throws IOException {
        Path yaml = Files.writeString(dir.resolve("w.yaml"), "producers: {rate: 1000, recordSize: {min: 100, max: 2000},"
                + " keys: {type: random}, warmupRecords: 10}\nconsumers: {mode: live, group: g1}\n");
        WorkloadSpec spec = new SpecLoader().load(yaml, List.of("producers.properties.ssl.key.password=hunter2",
                "topic.configs.retention.ms=60000", "uncheckedProperties=[my.interceptor.rate, myplugin.]",
                "producers.properties.my.interceptor.rate=5"));
        JsonNode written = write(spec, "completed", null, Map.of("bootstrap.servers", "b:9092", "sasl.jaas.config", "x"),
                new ClusterInfo("embedded", "127.0.0.1:1234", 1, "4.3.1", "17", 9000L, Map.of("num.io.threads", "8"), null, null),
                true, dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.toString()).doesNotContain("hunter2");
        assertThat(written.at("/workload/uncheckedProperties/1").asText()).isEqualTo("myplugin.");
    }

    @Test
    void aFailedExternalProduceOnlyUnlimitedRunIsValid(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("consumers.mode=none", "producers.rate=-1"));
        JsonNode written = write(spec, "failed", "producer failed: boom", Map.of("bootstrap.servers", "b:9092"),
                new ClusterInfo("external", "b:9092", 0, null, null, null, null, null, null), false, dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.has("failure")).isTrue();
        assertThat(written.at("/summary").has("consumed")).isFalse();
    }

    @Test
    void aVerifiedResultIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("verify=true"));
        Anomaly none = new Anomaly(0, IntegrityVerdict.OK, null, List.of());
        Anomaly lost = new Anomaly(2, IntegrityVerdict.VIOLATION, "acks=all, min.insync.replicas=2 ...",
                List.of(new RecordPosition(0, 3L, 1, 503L), new RecordPosition(1, 7L, null, null)));
        Anomaly foreign = new Anomaly(1, IntegrityVerdict.VIOLATION, "records this run did not write",
                List.of(new RecordPosition(null, null, 0, 9L)));
        Integrity integrity = new Integrity(IntegrityVerdict.VIOLATION,
                new IntegritySettings("-1", true, 5, 2, 3, false), 100, 98, 0, 2, 97, 96, 1, 4, lost, none, none, foreign, null,
                new DeletedRecords(3, List.of(new RecordPosition(0, 0L, 0, 0L))));
        JsonNode written = write(spec, "completed", null, Map.of("bootstrap.servers", "b:9092"),
                new ClusterInfo("external", "b:9092", 3, null, null, null, null, null, null), true, integrity, dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/workload/verify").asBoolean()).isTrue();
        assertThat(written.at("/integrity/settings/acks").asText()).isEqualTo("all");
        assertThat(written.at("/integrity/lost/examples/1").has("offset")).isFalse();
        assertThat(written.at("/integrity/deleted/count").asLong()).isEqualTo(3);
        RunResult back = ResultReader.read(dir.resolve("result.json"), RunResult.class);
        assertThat(back.integrity()).isEqualTo(integrity);
        assertThat(back.integrityViolated()).isTrue();
        JsonNode bad = written.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) bad.at("/integrity/lost")).put("verdict", "fine");
        assertThat(validate(bad)).isNotEmpty();
    }

    @Test
    void anInconclusiveVerifiedResultIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("verify=true"));
        Anomaly none = new Anomaly(0, IntegrityVerdict.OK, null, List.of());
        Anomaly lost = new Anomaly(40, IntegrityVerdict.INCONCLUSIVE, "not found in the part read back",
                List.of(new RecordPosition(0, 3L, 1, 503L)));
        Integrity integrity = new Integrity(IntegrityVerdict.INCONCLUSIVE,
                new IntegritySettings("all", true, 5, 2, 3, false), 100, 100, 0, 0, 60, 60, 0, 0, lost, none, none, none,
                40L, null);
        RunOutcome stalled = RunOutcome.of(RunStatus.COMPLETED, null,
                new Summary("intendedSendTime", null, null, null, null, null, null), List.of()).withIntegrity(integrity);
        assertThat(stalled.status()).isEqualTo(RunStatus.FAILED);
        assertThat(stalled.failure()).isEqualTo("verify: 40 records of the topic could not be read back (no progress "
                + "for 60 s); the integrity check is inconclusive");
        JsonNode written = write(spec, "failed", stalled.failure(), Map.of("bootstrap.servers", "b:9092"),
                new ClusterInfo("external", "b:9092", 3, null, null, null, null, null, null), true, integrity, dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/integrity/unread").asLong()).isEqualTo(40);
        assertThat(written.at("/integrity/verdict").asText()).isEqualTo("inconclusive");
        RunResult back = ResultReader.read(dir.resolve("result.json"), RunResult.class);
        assertThat(back.integrity()).isEqualTo(integrity);
        assertThat(back.integrityViolated()).isFalse();
    }

    @Test
    void theSchemaCatchesMissingAndWrongFields() throws IOException {
        JsonNode real = JSON.readTree(Path.of("src/test/resources/result-schema/quickstart-result.json").toFile());
        JsonNode missing = real.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) missing).remove("summary");
        assertThat(validate(missing)).isNotEmpty();
        JsonNode wrong = real.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) wrong).put("status", "great");
        assertThat(validate(wrong)).isNotEmpty();
        JsonNode extra = real.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) extra.get("summary")).put("surprise", 1);
        assertThat(validate(extra)).isNotEmpty();
    }

    private static JsonNode write(WorkloadSpec spec, String status, String failure, Map<String, String> conn,
                                  ClusterInfo cluster, boolean live, Path dir) throws IOException {
        return write(spec, status, failure, conn, cluster, live, null, dir);
    }

    private static JsonNode write(WorkloadSpec spec, String status, String failure, Map<String, String> conn,
                                  ClusterInfo cluster, boolean live, Integrity integrity, Path dir) throws IOException {
        LatencyStats l = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
        Totals t = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);
        RunOutcome outcome = RunOutcome.of(RunStatus.of(status), failure,
                new Summary(spec.producers().unlimitedRate() ? "actualSendTime" : "intendedSendTime", t, live ? t : null, l,
                        live ? l : null, spec.producers().unlimitedRate() ? null : l, null),
                List.of(new IntervalPoint(1.0, IntervalPhase.WARMUP, 1, 1, 0, 0, 0, LatencyStats.EMPTY, LatencyStats.EMPTY, LatencyStats.EMPTY),
                        new IntervalPoint(2.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, l, l, l)));
        RunResult result = RunResult.builder().name(spec.name()).status(RunStatus.of(status))
                .failure(failure).tags(Map.of("instanceType", "m5.xlarge"))
                .startTime(Instant.parse("2026-01-01T00:00:00Z")).endTime(Instant.parse("2026-01-01T00:00:30.5Z"))
                .environment(Environment.capture()).cluster(cluster).workload(spec).clientProperties(conn)
                .summary(outcome.summary()).intervals(outcome.intervals())
                .thresholds(List.of(Threshold.parse("publish.p99<50ms").evaluate(outcome.summary()),
                        Threshold.parse("e2e.p99<50ms").evaluate(outcome.summary())))
                .integrity(integrity).build();
        Path file = ResultWriter.write(result, dir);
        return JSON.readTree(file.toFile());
    }
}
