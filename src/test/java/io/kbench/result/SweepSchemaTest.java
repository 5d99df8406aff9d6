package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.ValidationMessage;
import io.kbench.console.SweepTable;
import io.kbench.experiment.Sweep;
import io.kbench.experiment.SweepDesign;
import io.kbench.experiment.SweepFiles;
import io.kbench.experiment.SweepPoint;
import io.kbench.kpi.Threshold;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.FaultRecovery;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.sweep.FaultSpread;
import io.kbench.result.sweep.PointSummary;
import io.kbench.result.sweep.RepetitionMode;
import io.kbench.result.sweep.SweepRepetitions;
import io.kbench.result.sweep.SweepResult;
import io.kbench.spec.FaultSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** schema/sweep.schema.json against a real sweep.json and against sweep.json written now by SweepFiles. */
class SweepSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** sweep.json of the S1 codec sweep (scenarios/s1-compression.yaml) run on the development machine. */
    private static final Path REAL = Path.of("src/test/resources/result-schema/s1-compression-sweep.json");
    private static final Path SWEEP_FILE = Path.of("sweep.yaml");
    private static JsonSchema schema;

    @BeforeAll
    static void loadSchema() {
        schema = SchemaFiles.load("sweep.schema.json");
    }

    private static Set<ValidationMessage> validate(JsonNode node) {
        return schema.validate(node);
    }

    @Test
    void aRealSweepIsValid() throws IOException {
        JsonNode real = JSON.readTree(REAL.toFile());
        assertThat(real.path("kind").asText()).isEqualTo("sweep");
        assertThat(real.path("points")).hasSize(5);
        assertThat(validate(real)).isEmpty();
    }

    @Test
    void aFreshAxisSweepWithThresholdsAndAPointWithoutCompletedRunsIsValid(@TempDir Path dir) throws IOException {
        SweepDesign design = SweepDesign.parse("name: codecs\ndescription: two codecs\nrepeat: 2\n"
                + "base: {name: b, producers: {rate: 1000, records: 100, recordSize: 100}, consumers: {mode: live}}\n"
                + "axes:\n  producers.properties.compression.type: [none, gzip]\n", SWEEP_FILE);
        List<Threshold> thresholds = List.of(Threshold.parse("publish.p99<50ms"), Threshold.parse("e2e.p99<1ms"));
        PointSummary summary = PointSummary.of(List.of(run(100.0, true, true), run(120.0, true, true)));
        SweepPoint none = design.points().get(0);
        SweepPoint gzip = design.points().get(1);
        Sweep.PointResult done = new Sweep.PointResult(none, 1, reps(none, 2), 2, 2, 0, summary,
                thresholds.stream().map(t -> t.evaluate(summary.median())).toList(), 0, List.of(), null);
        Sweep.PointResult failed = new Sweep.PointResult(gzip, 1, reps(gzip, 2), 0, 2, 2, null,
                thresholds.stream().map(t -> new ThresholdVerdict(t.condition(), false, Double.NaN, "no completed repetition")).toList(),
                0, List.of(), null);

        JsonNode written = write(new Sweep.SweepOutcome(design, List.of(done, failed), false, Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-01-01T00:10:00Z"), Environment.capture(), List.of(), null), dir);

        assertThat(validate(written)).isEmpty();
        assertThat(written.path("status").asText()).isEqualTo("failed");
        assertThat(written.path("startTime").asText()).isEqualTo("2026-01-01T00:00:00Z");
        assertThat(written.at("/environment/kafkaClientVersion").asText()).isNotBlank();
        assertThat(written.has("axes")).isTrue();
        assertThat(written.at("/points/0/summary").has("sendDelayMicros")).isTrue();
        assertThat(written.at("/points/0/summary").has("endToEndLatencyMicros")).isTrue();
        assertThat(written.at("/points/0/thresholds")).hasSize(2);
        assertThat(written.at("/points/1").has("summary")).isFalse();
        assertThat(written.at("/points/1/thresholds/0/actual").asText()).isEqualTo("NaN");
    }

    @Test
    void aFreshInterruptedExplicitPointsSweepOnAnUnaskableExternalClusterIsValid(@TempDir Path dir) throws IOException {
        SweepDesign design = SweepDesign.parse("name: explicit\nrepeat: 3\n"
                + "base: {name: b, producers: {records: 100, recordSize: 100}, consumers: {mode: none}}\n"
                + "points:\n  - {producers.properties.acks: all, producers.recordSize: {min: 10, max: 20}}\n"
                + "  - {producers.properties.acks: '1', producers.count: 2}\n", SWEEP_FILE);
        SweepPoint first = design.points().get(0);
        PointSummary summary = PointSummary.of(List.of(run(50.0, false, false)));
        Sweep.PointResult interrupted = new Sweep.PointResult(first, 0, reps(first, 2), 1, 2, 0, summary, List.of(), 0,
                List.of(), null);

        JsonNode written = write(new Sweep.SweepOutcome(design, List.of(interrupted), true, Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-01-01T00:01:00Z"), Environment.capture(), List.of(), null), dir);

        assertThat(validate(written)).isEmpty();
        assertThat(written.path("status").asText()).isEqualTo("interrupted");
        assertThat(written.has("axes")).isFalse();
        assertThat(written.at("/cluster/brokers").asInt()).isZero();
        assertThat(written.at("/points/0/overrides/producers.recordSize").isObject()).isTrue();
        assertThat(written.at("/points/0/summary").has("consumed")).isFalse();
        assertThat(written.at("/points/0/summary").has("sendDelayMicros")).isFalse();
        assertThat(written.at("/points/0").has("thresholds")).isFalse();
    }

    @Test
    void aCampaignNamesEachPointsClusterItsTypeAndVersionAndNoOneClusterOfTheSweep(@TempDir Path dir) throws IOException {
        SweepDesign design = SweepDesign.parse("name: campaign\nrepeat: 1\n"
                + "base: {name: b, producers: {records: 100, recordSize: 100}, consumers: {mode: none}}\n"
                + "clusters:\n  - {name: a, instanceType: m.large, brokers: 3, vcpus: 2, bootstrapServers: 'a.example.com:9092'}\n"
                + "  - {name: b, instanceType: m.xlarge, brokers: 3, bootstrapServers: 'b.example.com:9092',"
                + " set: {producers.count: 2}}\n", SWEEP_FILE);
        PointSummary summary = PointSummary.of(List.of(run(100.0, false, false)));
        List<Sweep.PointResult> points = design.points().stream().map(p -> new Sweep.PointResult(p, 3, reps(p, 1), 1, 1, 0,
                summary, List.of(), 0, List.of(), null, "4.3-IV0")).toList();
        JsonNode written = write(new Sweep.SweepOutcome(design, points, false, Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-01-01T00:10:00Z"), Environment.capture(), List.of(), null), dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.has("cluster")).isFalse();
        assertThat(written.at("/points/0/name").asText()).isEqualTo("cluster=a");
        assertThat(written.at("/points/0/overrides")).isEmpty();
        assertThat(written.at("/points/0/cluster/vcpus").asInt()).isEqualTo(2);
        assertThat(written.at("/points/1/cluster/instanceType").asText()).isEqualTo("m.xlarge");
        assertThat(written.at("/points/1/cluster/kafkaBrokerVersion").asText()).isEqualTo("4.3-IV0");
        assertThat(written.at("/points/1/overrides/producers.count").asInt()).isEqualTo(2);
        assertThat(ResultReader.read(dir.resolve("sweep.json"), SweepResult.class).points().get(1).cluster())
                .isEqualTo(new SweepResult.Brokers(3, "b", "m.xlarge", null, "b.example.com:9092", "4.3-IV0"));
        ObjectNode bad = written.deepCopy();
        ((ObjectNode) bad.at("/points/0/cluster")).put("vcpus", 0);
        assertRejected(bad, "vcpus");
    }

    @Test
    void aSweepWithFaultsRecordsEachPointsScheduleAndRecoveryAndReadsBack(@TempDir Path dir) throws IOException {
        SweepDesign design = SweepDesign.parse("name: faulted\nrepeat: 2\n"
                + "base: {name: b, producers: {rate: 1000, duration: 20s, recordSize: 100}, consumers: {mode: none},"
                + " cluster: {brokers: 3}, topic: {replicationFactor: 3}}\n"
                + "axes:\n  producers.properties.acks: [all]\n", SWEEP_FILE)
                .withFaults(List.of("at=5s action=kill target=leader duration=3s"));
        SweepPoint point = design.points().get(0);
        FaultSpec spec = design.workload(point, null).faults().get(0);
        List<List<FaultResult>> runs = List.of(
                List.of(fault(spec, 2.0, 1.5, 0)),
                List.of(fault(spec, 4.0, null, 3)));
        FaultSpread spread = FaultSpread.of(0, spec, runs);
        assertThat(spread.fired()).isEqualTo(2);
        assertThat(spread.throughputRecoverySec()).isEqualTo(new Spread(3.0, 2.0, 4.0, 2, List.of(2.0, 4.0)));
        assertThat(spread.p99RecoverySec()).isEqualTo(Spread.single(1.5));
        assertThat(spread.notRecovered()).as("the second never got p99 back").isEqualTo(1);
        assertThat(spread.failedRecords()).isEqualTo(new Spread(1.5, 0, 3, 2, List.of(0.0, 3.0)));
        PointSummary summary = PointSummary.of(List.of(run(100.0, true, false), run(90.0, true, false)));
        Sweep.PointResult done = new Sweep.PointResult(point, 3, reps(point, 2), 2, 2, 0, summary, List.of(), 0,
                List.of(spread), null);
        JsonNode written = write(new Sweep.SweepOutcome(design, List.of(done), false, Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-01-01T00:10:00Z"), Environment.capture(), List.of(), null), dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/points/0/faults/0/spec/action").asText()).isEqualTo("kill");
        assertThat(written.at("/points/0/faults/0/throughputRecoverySec/median").asDouble()).isEqualTo(3.0);
        SweepResult back = ResultReader.read(dir.resolve("sweep.json"), SweepResult.class);
        assertThat(back.points().get(0).faults()).containsExactly(spread);
        ObjectNode bad = written.deepCopy();
        ((ObjectNode) bad.at("/points/0/faults/0")).put("recovered", true);
        assertThat(validate(bad)).isNotEmpty();
    }

    @Test
    void anAutoSweepRecordsItsBudgetLooksAndDecisionsAndReadsBack(@TempDir Path dir) throws IOException {
        SweepDesign design = SweepDesign.parse("name: labels\nrepeat: auto\nbudget: 12\n"
                + "base: {name: b, producers: {rate: 1000, records: 100, recordSize: 100}, consumers: {mode: none}}\n"
                + "points: [{description: a}, {description: b}]\n", SWEEP_FILE);
        List<Sweep.PointResult> points = design.points().stream().map(p -> new Sweep.PointResult(p, 1, reps(p, 3), 3, 3, 0,
                PointSummary.of(List.of(run(100.0, true, false), run(101.0, true, false), run(99.0, true, false))),
                List.of(), 0, List.of(), null)).toList();
        SweepRepetitions repetitions = new SweepRepetitions(RepetitionMode.AUTO, 12, null, 3,
                List.of(new SweepRepetitions.Look(3, 6, 0.5, 0.0056, 0.9944, 1, 2)), 0.9944,
                List.of(new SweepRepetitions.Decision("description=b vs description=a on produced records/s", "equivalent", 3, 1,
                                "equivalent within ±5.0%"),
                        new SweepRepetitions.Decision("description=b vs description=a on publish p99", "undecided", 3, null,
                                "undecided")),
                List.of("description=b vs description=a on publish p99"));
        JsonNode written = write(new Sweep.SweepOutcome(design, points, false, Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-01-01T00:10:00Z"), Environment.capture(), List.of(), null, repetitions, null), dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.path("repeat").asInt()).as("the rounds run").isEqualTo(3);
        assertThat(written.at("/repetitions/mode").asText()).isEqualTo("auto");
        assertThat(written.at("/repetitions/looks/0/confidence").asDouble()).isEqualTo(0.9944);
        assertThat(written.at("/repetitions/decisions/1").has("look")).isFalse();
        assertThat(ResultReader.read(dir.resolve("sweep.json"), SweepResult.class).repetitions()).isEqualTo(repetitions);
        ObjectNode bad = written.deepCopy();
        ((ObjectNode) bad.at("/repetitions")).put("mode", "sometimes");
        assertRejected(bad, "mode");
        ObjectNode fixed = write(new Sweep.SweepOutcome(design.withRepetitions(io.kbench.experiment.Repeat.fixed(3), null),
                points, false, Instant.EPOCH, Instant.EPOCH, Environment.capture(), List.of(), null), dir.resolve("fixed")).deepCopy();
        assertThat(validate(fixed)).isEmpty();
        assertThat(fixed.at("/repetitions/mode").asText()).isEqualTo("fixed");
    }

    private static FaultResult fault(FaultSpec spec, Double throughputSec, Double p99Sec, long failed) {
        return new FaultResult(0, spec, 2, 5.5, 8.5, null, null, null, failed, LatencyStats.EMPTY,
                new FaultRecovery(1000.0, 2000.0, throughputSec, p99Sec, null), null, null);
    }

    @Test
    void theSchemaCatchesMissingFields() throws IOException {
        ObjectNode missing = real();
        missing.remove("points");
        assertRejected(missing, "points");
        ObjectNode nested = real();
        ((ObjectNode) nested.at("/points/2/summary/produced/recordsPerSec")).remove("count");
        assertRejected(nested, "count");
    }

    /** A sweep over clients: each side's CPU per record as a spread, in sweep.json, sweep.csv and the table. */
    @Test
    void eachSidesCpuPerRecordIsValidAndShownInTheCsvAndTheTable(@TempDir Path dir) throws IOException {
        SweepDesign design = SweepDesign.parse("name: clients\nrepeat: 2\n"
                + "base: {name: b, producers: {rate: 1000, records: 100, recordSize: 100}, consumers: {mode: live}}\n"
                + "axes:\n  producers.client: [java, franz-go]\n", SWEEP_FILE);
        SweepPoint java = design.points().get(0);
        SweepPoint franz = design.points().get(1);
        List<Summary> runs = List.of(run(100.0, true, true), run(120.0, true, true));
        PointSummary javaSummary = PointSummary.of(runs, List.of(
                new LoadCpu(LoadCpu.Side.of("java", LoadCpu.Process.KBENCH, 40_000_000L, 1_000),
                        LoadCpu.Side.of("java", LoadCpu.Process.KBENCH, 40_000_000L, 1_000)),
                new LoadCpu(LoadCpu.Side.of("java", LoadCpu.Process.KBENCH, 44_000_000L, 1_000),
                        LoadCpu.Side.of("java", LoadCpu.Process.KBENCH, 44_000_000L, 1_000))));
        PointSummary franzSummary = PointSummary.of(runs, List.of(
                new LoadCpu(LoadCpu.Side.of("franz-go", LoadCpu.Process.DRIVER, 18_000_000L, 1_000), null)));
        JsonNode written = write(new Sweep.SweepOutcome(design, List.of(
                new Sweep.PointResult(java, 1, reps(java, 2), 2, 2, 0, javaSummary, List.of(), 0, List.of(), null),
                new Sweep.PointResult(franz, 1, reps(franz, 2), 2, 2, 0, franzSummary, List.of(), 0, List.of(), null)),
                false, Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:10:00Z"),
                Environment.capture(), List.of(), null), dir);

        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/points/0/summary/cpuMicrosPerRecord/producers/median").asDouble()).isEqualTo(42.0);
        assertThat(written.at("/points/1/summary/cpuMicrosPerRecord/producers/median").asDouble()).isEqualTo(18.0);
        assertThat(written.at("/points/1/summary/cpuMicrosPerRecord").has("consumers")).isFalse();
        SweepResult read = ResultReader.read(dir, SweepResult.class);
        String csv = SweepTable.csv(read);
        assertThat(csv.lines().findFirst().orElseThrow())
                .endsWith(",producers_cpu_us_per_record,consumers_cpu_us_per_record");
        assertThat(csv).contains(",42.000,42.000\n").contains(",18.000,\n");
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        SweepTable.print(read, null, new PrintStream(table, true, StandardCharsets.UTF_8));
        assertThat(table.toString(StandardCharsets.UTF_8)).contains("prod CPU us/rec", "cons CPU us/rec")
                .contains("42.0 [40.0..44.0]");
        ObjectNode extra = (ObjectNode) written.deepCopy();
        ((ObjectNode) extra.at("/points/0/summary/cpuMicrosPerRecord")).set("broker", extra.at("/points/0/summary/cpuMicrosPerRecord/producers"));
        assertRejected(extra, "broker");
    }

    @Test
    void theSchemaCatchesWrongEnumValues() throws IOException {
        ObjectNode status = real();
        status.put("status", "great");
        assertRejected(status, "status");
        ObjectNode from = real();
        ((ObjectNode) from.at("/points/0/summary")).put("latencyMeasuredFrom", "whenever");
        assertRejected(from, "latencyMeasuredFrom");
    }

    @Test
    void theSchemaCatchesUnknownFields() throws IOException {
        ObjectNode top = real();
        top.put("finishedAt", "2026-11-21T22:15:03Z");
        assertRejected(top, "finishedAt");
        ObjectNode spread = real();
        ((ObjectNode) spread.at("/points/1/summary/publishLatencyMicros/p99")).put("stddev", 1.0);
        assertRejected(spread, "stddev");
    }

    /** The threshold verdicts come from result.schema.json by $ref; a bad one must still be caught. */
    @Test
    void thresholdVerdictsAreCheckedThroughTheRunSchema() throws IOException {
        LatencyStats l = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
        JsonNode verdict = ResultWriter.mapper().valueToTree(Threshold.parse("publish.p99<50ms")
                .evaluate(new Summary("actualSendTime", totals(1.0), null, l, null, null, null)));
        ObjectNode good = real();
        ((ObjectNode) good.at("/points/0")).set("thresholds", JSON.createArrayNode().add(verdict.deepCopy()));
        assertThat(validate(good)).isEmpty();
        ObjectNode bad = good.deepCopy();
        ((ObjectNode) bad.at("/points/0/thresholds/0/threshold")).put("operator", "==");
        assertRejected(bad, "operator");
        ObjectNode extra = good.deepCopy();
        ((ObjectNode) extra.at("/points/0/thresholds/0")).put("margin", 1);
        assertRejected(extra, "margin");
    }

    private static void assertRejected(JsonNode doc, String mentioned) {
        Set<ValidationMessage> errors = validate(doc);
        assertThat(errors).isNotEmpty();
        assertThat(errors).anySatisfy(m -> assertThat(m.toString()).contains(mentioned));
    }

    private static ObjectNode real() throws IOException {
        ObjectNode real = (ObjectNode) JSON.readTree(REAL.toFile());
        assertThat(validate(real)).isEmpty();
        return real;
    }

    private static JsonNode write(Sweep.SweepOutcome outcome, Path dir) throws IOException {
        return JSON.readTree(SweepFiles.write(SweepFiles.toResult(outcome), dir).toFile());
    }

    private static List<String> reps(SweepPoint point, int count) {
        return IntStream.rangeClosed(1, count)
                .mapToObj(i -> "points/" + point.name() + "/rep-" + i + "/result.json").toList();
    }

    private static Summary run(double recordsPerSec, boolean fixedRate, boolean live) {
        LatencyStats l = new LatencyStats(100, 1_000, 2_000, 3_000, 4_000, (long) (5_000 + recordsPerSec), 1_500.5);
        return new Summary(fixedRate ? "intendedSendTime" : "actualSendTime", totals(recordsPerSec),
                live ? totals(recordsPerSec) : null, l, live ? l : null, fixedRate ? l : null, null);
    }

    private static Totals totals(double recordsPerSec) {
        return new Totals(100, 10_000, recordsPerSec, recordsPerSec * 100 / 1_048_576, 1.0, 0,
                Map.of(), 10, null, null);
    }
}
