package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.ValidationMessage;
import io.kbench.experiment.FindMaxFigures;
import io.kbench.experiment.FindMaxSettings;
import io.kbench.experiment.RateProbe;
import io.kbench.experiment.SearchPlan;
import io.kbench.experiment.SearchSeries;
import io.kbench.kpi.Threshold;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.SearchMethod;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.Clients;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * schema/find-max.schema.json against find-max result.json files written now by ResultWriter from a FindMaxResult, one
 * per search outcome. The search is the real RateSearch over fake probes (no find-max result of a real run is kept).
 */
class FindMaxSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static JsonSchema schema;

    @BeforeAll
    static void loadSchema() {
        schema = SchemaFiles.load("find-max.schema.json");
    }

    private static Set<ValidationMessage> validate(JsonNode node) {
        return schema.validate(node);
    }

    @Test
    void aFoundAnswerOnAnEmbeddedClusterWithLiveConsumersIsValid(@TempDir Path dir) throws IOException {
        JsonNode written = found(dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/findMax/outcome").asText()).isEqualTo("FOUND");
        assertThat(written.at("/findMax").has("achievedPrecisionPercent")).isTrue();
        assertThat(written.at("/findMax/recordSizeBytes").isIntegralNumber()).isTrue();
        assertThat(written.at("/probes/0/phase").asText()).isEqualTo("bracket");
        assertThat(written.at("/probes/0").has("endToEndP99Micros")).isTrue();
        assertThat(written.at("/probes/0/resultDir").asText()).isEqualTo("probes/01-1000");
        assertThat(written.toString()).doesNotContain("hunter2");
    }

    /** find-max runs a driver as its probes are runs: the drivers of its first probe are recorded (issue 40). */
    @Test
    void aSearchOfDriverProducersRecordsItsDriversAndIsValid(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = workload(dir, "producers: {client: franz-go}\nconsumers: {mode: none}\n");
        JsonNode written = write(spec, "produced.recordsPerSec>100", 3, (rate, call) -> true,
                new ClusterInfo("external", "b:9092", 0, null, null, null, null, null, null), dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/clients/producers/client").asText()).isEqualTo("franz-go");
        assertThat(written.at("/clients/producers/clientVersion").asText()).isEqualTo("v1.22.3");
    }

    @Test
    void aLowerBoundOnAnUnaskableExternalClusterWithoutConsumersIsValid(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = workload(dir, "producers: {recordSize: {min: 100, max: 2000}}\nconsumers: {mode: none}\n");
        JsonNode written = write(spec, "produced.recordsPerSec>100", 3, (rate, call) -> true,
                new ClusterInfo("external", "b:9092", 0, null, null, null, null, null, null), dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/findMax/outcome").asText()).isEqualTo("LOWER_BOUND");
        assertThat(written.at("/findMax").has("firstFailRecordsPerSec")).isFalse();
        assertThat(written.at("/findMax/recordSizeBytes").isFloatingPointNumber()).isTrue();
        assertThat(written.at("/probes/0").has("endToEndP99Micros")).isFalse();
    }

    @Test
    void noSustainableRateIsValid(@TempDir Path dir) throws IOException {
        JsonNode written = write(workload(dir, "consumers: {mode: live}\n"), "e2e.p99<200ms", 20,
                (rate, call) -> false, embedded(), dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/findMax/outcome").asText()).isEqualTo("NO_SUSTAINABLE_RATE");
        assertThat(written.at("/findMax").has("maxRecordsPerSec")).isFalse();
        // No rate passes: from the start, 1,000 records/s, six halvings down to the default --min-rate, 1,000 / 64.
        assertThat(written.at("/probes")).hasSize(7);
        assertThat(written.at("/findMax/minRateRecordsPerSec").asDouble()).isEqualTo(15.625);
        assertThat(written.at("/findMax/firstFailRecordsPerSec").asDouble()).isEqualTo(15.625);
    }

    @Test
    void anUnconfirmedSearchIsValid(@TempDir Path dir) throws IOException {
        // Passes up to 5,000 records/s while bracketing and bisecting (7 probes), then every confirmation fails.
        JsonNode written = write(workload(dir, "consumers: {mode: live}\n"), "e2e.p99<200ms", 20,
                (rate, call) -> rate <= 5_000 && call <= 7, embedded(), dir);
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/findMax/outcome").asText()).isEqualTo("UNCONFIRMED");
        assertThat(written.at("/probes/7/phase").asText()).isEqualTo("confirm");
    }

    @Test
    void threeSearchesWithTheirAnswersAndTheIntervalAreValid(@TempDir Path dir) throws IOException {
        // The limit moves per search (5,000, 6,000, 5,000 records/s by call number): three answers with a spread.
        JsonNode written = write(workload(dir, "consumers: {mode: live}\n"), "e2e.p99<200ms", 20,
                (rate, call) -> rate <= (call > 8 && call <= 16 ? 6_000 : 5_000), embedded(), dir, SearchPlan.fixed(3));
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/searches")).hasSize(3);
        assertThat(written.at("/searches/2/search").asInt()).isEqualTo(3);
        assertThat(written.at("/probes/0/search").asInt()).isEqualTo(1);
        assertThat(written.at("/findMax/spread/mode").asText()).isEqualTo("fixed");
        assertThat(written.at("/findMax/spread/confidencePercent").asDouble()).isEqualTo(95.0);
        assertThat(written.at("/findMax/spread/answers")).hasSize(3);
        assertThat(written.at("/findMax/maxRecordsPerSec").asDouble()).isEqualTo(written.at("/findMax/spread/medianRecordsPerSec").asDouble());
        assertThat(written.at("/findMax/spread").has("budget")).isFalse();
        ObjectNode bad = ((ObjectNode) written).deepCopy();
        ((ObjectNode) bad.at("/findMax/spread")).put("mode", "sometimes");
        assertRejected(bad, "mode");
        ObjectNode extra = ((ObjectNode) written).deepCopy();
        ((ObjectNode) extra.at("/searches/0")).put("rate", 1);
        assertRejected(extra, "rate");
    }

    @Test
    void anAutoSearchRecordsItsBudgetAndTarget(@TempDir Path dir) throws IOException {
        JsonNode written = write(workload(dir, "consumers: {mode: live}\n"), "e2e.p99<200ms", 20,
                (rate, call) -> rate <= 5_000, embedded(), dir, SearchPlan.auto(4, 0.1));
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/findMax/spread/mode").asText()).isEqualTo("auto");
        assertThat(written.at("/findMax/spread/budget").asInt()).isEqualTo(4);
        assertThat(written.at("/findMax/spread/targetPercent").asDouble()).isEqualTo(10.0);
        assertThat(written.at("/findMax/spread/stopped").asText()).startsWith("the 95% interval lies within ±0%");
    }

    @Test
    void aStepLadderRecordsItsMethodAndStepAndNoPercentage(@TempDir Path dir) throws IOException {
        // 1,000, 1,500, ... 5,000 pass, 5,500 fails: the answer is the last step that passed, to one step of 500.
        JsonNode written = write(workload(dir, "consumers: {mode: live}\n"), "e2e.p99<200ms", 20,
                (rate, call) -> rate <= 5_000, embedded(), dir, SearchPlan.ONE, new FindMaxSettings.Ladder(500, 8_000.0));
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/findMax/method").asText()).isEqualTo("steps");
        assertThat(written.at("/findMax/stepRecordsPerSec").asDouble()).isEqualTo(500.0);
        assertThat(written.at("/findMax/maxRateRecordsPerSec").asDouble()).isEqualTo(8_000.0);
        assertThat(written.at("/findMax/maxRecordsPerSec").asDouble()).isEqualTo(5_000.0);
        assertThat(written.at("/findMax/firstFailRecordsPerSec").asDouble()).isEqualTo(5_500.0);
        assertThat(written.at("/findMax").has("precisionPercent")).isFalse();
        assertThat(written.at("/probes")).hasSize(10).allSatisfy(p -> assertThat(p.at("/phase").asText()).isEqualTo("step"));
        // A ladder without its step, or with a percentage it never used, is refused; so is a bisection with a step.
        ObjectNode noStep = ((ObjectNode) written).deepCopy();
        ((ObjectNode) noStep.at("/findMax")).remove("stepRecordsPerSec");
        assertRejected(noStep, "stepRecordsPerSec");
        ObjectNode percent = ((ObjectNode) written).deepCopy();
        ((ObjectNode) percent.at("/findMax")).put("precisionPercent", 5.0);
        assertRejected(percent, "precisionPercent");
        ObjectNode bisection = found(dir);
        assertThat(bisection.at("/findMax/method").asText()).isEqualTo("bisection");
        ((ObjectNode) bisection.at("/findMax")).put("stepRecordsPerSec", 500.0);
        assertRejected(bisection, "stepRecordsPerSec");
        // It reads back into the same record.
        FindMaxResult read = ResultReader.read(dir.resolve("result.json"), FindMaxResult.class);
        assertThat(read.findMax().searchMethod()).isEqualTo(SearchMethod.STEPS);
        assertThat(read.findMax().stepRecordsPerSec()).isEqualTo(500.0);
    }

    /** The optional top-level thresholds array: the verdicts of result.schema.json, checked through its $ref. */
    @Test
    void thresholdVerdictsAreAcceptedAndChecked(@TempDir Path dir) throws IOException {
        ObjectNode doc = found(dir);
        assertThat(doc.has("thresholds")).isFalse();
        LatencyStats l = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
        Summary summary = new Summary("intendedSendTime",
                new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null), null, l, null, l, null);
        doc.set("thresholds", ResultWriter.mapper().valueToTree(List.of(
                Threshold.parse("publish.p99<50ms").evaluate(summary), Threshold.parse("e2e.p99<50ms").evaluate(summary))));
        assertThat(doc.at("/thresholds/1/actual").asText()).isEqualTo("NaN");
        assertThat(validate(doc)).isEmpty();
        ObjectNode bad = doc.deepCopy();
        ((ObjectNode) bad.at("/thresholds/0/threshold")).put("operator", "==");
        assertRejected(bad, "operator");
        ObjectNode missing = doc.deepCopy();
        ((ObjectNode) missing.at("/thresholds/0")).remove("passed");
        assertRejected(missing, "passed");
    }

    @Test
    void theSchemaCatchesMissingFields(@TempDir Path dir) throws IOException {
        ObjectNode top = found(dir);
        top.remove("findMax");
        assertRejected(top, "findMax");
        ObjectNode probe = found(dir);
        ((ObjectNode) probe.at("/probes/0")).remove("phase");
        assertRejected(probe, "phase");
        ObjectNode answer = found(dir);
        ((ObjectNode) answer.at("/findMax")).remove("maxRecordsPerSec");
        assertRejected(answer, "maxRecordsPerSec");
    }

    @Test
    void theSchemaCatchesWrongEnumValues(@TempDir Path dir) throws IOException {
        ObjectNode outcome = found(dir);
        ((ObjectNode) outcome.at("/findMax")).put("outcome", "found");
        assertRejected(outcome, "outcome");
        ObjectNode phase = found(dir);
        ((ObjectNode) phase.at("/probes/1")).put("phase", "warmup");
        assertRejected(phase, "phase");
        // The workload and cluster come from result.schema.json by $ref.
        ObjectNode consumers = found(dir);
        ((ObjectNode) consumers.at("/workload/consumers")).put("mode", "sometimes");
        assertRejected(consumers, "mode");
        ObjectNode cluster = found(dir);
        ((ObjectNode) cluster.at("/cluster")).put("mode", "cloud");
        assertRejected(cluster, "mode");
    }

    @Test
    void theSchemaCatchesUnknownFields(@TempDir Path dir) throws IOException {
        ObjectNode top = found(dir);
        top.put("status", "completed");
        assertRejected(top, "status");
        ObjectNode probe = found(dir);
        ((ObjectNode) probe.at("/probes/0")).put("rate", 1000);
        assertRejected(probe, "rate");
        ObjectNode env = found(dir);
        ((ObjectNode) env.at("/environment")).put("gpu", "none");
        assertRejected(env, "gpu");
    }

    @Test
    void anAnswerIsRefusedWhereThereIsNone(@TempDir Path dir) throws IOException {
        ObjectNode none = (ObjectNode) write(workload(dir, "consumers: {mode: live}\n"), "e2e.p99<200ms", 20,
                (rate, call) -> false, embedded(), dir);
        assertThat(validate(none)).isEmpty();
        ((ObjectNode) none.at("/findMax")).put("maxRecordsPerSec", 1000.0).put("maxMebibytesPerSec", 1.0);
        assertRejected(none, "maxRecordsPerSec");
    }

    private static void assertRejected(JsonNode doc, String mentioned) {
        Set<ValidationMessage> errors = validate(doc);
        assertThat(errors).isNotEmpty();
        assertThat(errors).anySatisfy(m -> assertThat(m.toString()).contains(mentioned));
    }

    /** FOUND at 5,000 records/s: bracket 1k..8k, bisect to 5k-5.5k, confirm 5k. Checked valid before it is changed. */
    private static ObjectNode found(Path dir) throws IOException {
        Path sub = Files.createTempDirectory(dir, "found");
        ObjectNode doc = (ObjectNode) write(workload(sub, "consumers: {mode: live}\n"), "e2e.p99<200ms", 20,
                (rate, call) -> rate <= 5_000, embedded(), sub);
        assertThat(validate(doc)).isEmpty();
        return doc;
    }

    private static ClusterInfo embedded() {
        return new ClusterInfo("embedded", "127.0.0.1:1234", 1, "4.3.1", "17", 5100L, Map.of("num.io.threads", "8"), null, null);
    }

    private static WorkloadSpec workload(Path dir, String yaml) throws IOException {
        Path file = Files.writeString(dir.resolve("w.yaml"), "name: fm\n" + yaml);
        return new SpecLoader().load(file, List.of("producers.properties.ssl.key.password=hunter2"));
    }

    /**
     * Searches with a fake probe that passes when {@code passes(rate, call number)}, builds the result the way
     * FindMax does and writes it with ResultWriter.
     */
    private static JsonNode write(WorkloadSpec spec, String sla, int maxProbes, BiPredicate<Double, Integer> passes,
                                  ClusterInfo cluster, Path dir) throws IOException {
        return write(spec, sla, maxProbes, passes, cluster, dir, SearchPlan.ONE);
    }

    private static JsonNode write(WorkloadSpec spec, String sla, int maxProbes, BiPredicate<Double, Integer> passes,
                                  ClusterInfo cluster, Path dir, SearchPlan plan) throws IOException {
        return write(spec, sla, maxProbes, passes, cluster, dir, plan, null);
    }

    private static JsonNode write(WorkloadSpec spec, String sla, int maxProbes, BiPredicate<Double, Integer> passes,
                                  ClusterInfo cluster, Path dir, SearchPlan plan, FindMaxSettings.Ladder ladder)
            throws IOException {
        FindMaxSettings settings = new FindMaxSettings(Threshold.parse(sla), 1_000, 0.1, Duration.ofSeconds(10),
                Duration.ofSeconds(3), maxProbes, 0.05, Duration.ZERO, Duration.ZERO, plan, ladder);
        boolean live = spec.consumers().enabled();
        AtomicInteger calls = new AtomicInteger();
        RateProbe probe = rate -> {
            int call = calls.incrementAndGet();
            String resultDir = "probes/" + String.format(Locale.ROOT, "%02d-%.0f", call, rate);
            return passes.test(rate, call)
                    ? new ProbeOutcome(null, null, rate, true, "ok", rate * 0.999, 1_800L, 6_400L, live ? 2_400L : null,
                    live ? 9_000L : null, resultDir)
                    : call % 2 == 0 ? ProbeOutcome.fail(rate, "nothing produced")
                    : new ProbeOutcome(null, null, rate, false, "achieved 900 rec/s < 95% of target; SLA " + sla + " failed",
                    rate * 0.9, 1_800L, 250_000L, live ? 2_400L : null, live ? 300_000L : null, resultDir);
        };
        SearchSeries series = SearchSeries.run(plan, settings.search(), n -> probe, new PrintStream(OutputStream.nullOutputStream()));
        FindMaxResult result = new FindMaxResult(RunResult.SCHEMA_VERSION, FindMaxResult.KIND, spec.name(),
                Map.of("instanceType", "m5.xlarge"), Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-01-01T00:03:10.250Z"), Environment.capture(), cluster, spec,
                Map.of("bootstrap.servers", cluster.bootstrapServers(), "sasl.jaas.config", "x"),
                FindMaxFigures.of(spec, settings, series.searches(), series.stopped()),
                series.searches().stream().flatMap(r -> r.probes().stream()).toList(), null,
                FindMaxFigures.answersOf(series.searches()), spec.producers().client().external()
                        ? new Clients(new Clients.Driver(spec.producers().client().text(), "v1.22.3", 4711), null) : null);
        return JSON.readTree(ResultWriter.write(result, dir).toFile());
    }

}
