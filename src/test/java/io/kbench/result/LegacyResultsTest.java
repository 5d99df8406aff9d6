package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.result.cost.CostResult;
import io.kbench.result.cost.CostRow;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.ProbePhase;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.plan.PlanResult;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files written by the previous release (0.1.0 at commit cf2bc0a), produced by its own {@code kbench} commands (see
 * the README.md next to them), still load through {@link ResultReader} into the right records with their values.
 * The expected values below are copied from the files; the files must never be edited.
 */
class LegacyResultsTest {
    static final Path LEGACY = Path.of("src/test/resources/legacy/0.1.0-cf2bc0a");

    static Stream<Path> everyJsonFile() throws IOException {
        try (Stream<Path> files = Files.walk(LEGACY)) {
            return files.filter(p -> p.toString().endsWith(".json")).sorted().toList().stream();
        }
    }

    @Test
    void theFixtureSetIsComplete() throws IOException {
        // 4 runs + 4 sweep repetitions + 7 + 1 probes + 2 find-max + 1 sweep + 2 plans + 2 costs
        assertThat(everyJsonFile()).hasSize(23);
        assertThat(LEGACY.resolve("README.md")).exists();
    }

    @ParameterizedTest
    @MethodSource("everyJsonFile")
    void everyFileLoadsIntoTheRecordOfItsKind(Path file) {
        KbenchResult result = ResultReader.read(file);
        String name = file.getFileName().toString();
        Class<?> expected = name.equals("sweep.json") ? SweepResult.class
                : name.startsWith("plan") ? PlanResult.class
                : name.startsWith("cost") ? CostResult.class
                : file.getParent().getFileName().toString().startsWith("find-max") ? FindMaxResult.class
                : RunResult.class;
        assertThat(result).as(file.toString()).isInstanceOf(expected);
    }

    /**
     * Reading then writing with the current writer gives the same JSON tree (same names, same number types, nothing
     * dropped or added): a field renamed, retyped or made mandatory since the previous release fails here, naming
     * the file. New fields must stay absent when unknown for this to hold, which is what keeps old files loadable.
     */
    @ParameterizedTest
    @MethodSource("everyJsonFile")
    void theCurrentWriterWritesEveryFileBackUnchanged(Path file, @TempDir Path dir) throws IOException {
        ObjectMapper plain = new ObjectMapper();
        Path written = ResultWriter.writeFile(ResultReader.read(file), dir.resolve(file.getFileName()));
        JsonNode original = plain.readTree(file.toFile());
        assertThat(plain.readTree(written.toFile())).as(file.toString()).isEqualTo(original);
    }

    @Test
    void runWithLiveConsumersTagAndPassingThreshold() {
        RunResult run = ResultReader.read(LEGACY.resolve("run"), RunResult.class);
        assertThat(run.kind()).isEqualTo("run");
        assertThat(run.schemaVersion()).isEqualTo(1);
        assertThat(run.name()).isEqualTo("tiny");
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.tags()).isEqualTo(Map.of("instanceType", "m5.xlarge"));
        assertThat(run.cluster().mode()).isEqualTo("embedded");
        assertThat(run.cluster().brokers()).isEqualTo(1);
        assertThat(run.cluster().kafkaBrokerVersion()).isEqualTo("4.3.1");
        assertThat(run.environment().kbenchVersion()).isEqualTo("0.1.0-SNAPSHOT");
        assertThat(run.workload().name()).isEqualTo("tiny");

        Summary s = run.summary();
        assertThat(s.latencyMeasuredFrom()).isEqualTo("intendedSendTime");
        assertThat(s.produced().records()).isEqualTo(800);
        assertThat(s.produced().bytes()).isEqualTo(204_800);
        assertThat(s.produced().warmupRecords()).isEqualTo(200);
        assertThat(s.produced().errors()).isZero();
        assertThat(s.produced().recordsPerSec()).isCloseTo(199.829, within(0.001));
        assertThat(s.consumed().records()).isEqualTo(800);
        assertThat(s.publishLatencyMicros()).isEqualTo(new LatencyStats(800, 7387, 89023, 165375, 205183, 205183, 16342.37375));
        assertThat(s.endToEndLatencyMicros()).isEqualTo(new LatencyStats(800, 9303, 97471, 178943, 213887, 213887, 19857.9425));
        assertThat(s.sendDelayMicros().p99()).isEqualTo(5559);
        assertThat(run.intervals()).hasSize(6);

        assertThat(run.thresholds()).singleElement().satisfies(v -> {
            assertThat(v.threshold().text()).isEqualTo("e2e.p99<2000ms");
            assertThat(v.threshold().metric()).isEqualTo(new ThresholdVerdict.MetricName("e2e", "p99"));
            assertThat(v.threshold().operator()).isEqualTo(Operator.LT);
            assertThat(v.threshold().limit()).isEqualTo(2_000_000.0);
            assertThat(v.passed()).isTrue();
            assertThat(v.actual()).isEqualTo(178943.0);
        });
        assertThat(run.thresholdsPassed()).isTrue();
    }

    @Test
    void runWithAFailedThreshold() {
        RunResult run = ResultReader.read(LEGACY.resolve("run-threshold-fail/result.json"), RunResult.class);
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.tags()).containsEntry("instanceType", "m5.2xlarge");
        assertThat(run.summary().produced().records()).isEqualTo(1200);
        assertThat(run.summary().endToEndLatencyMicros().p99()).isEqualTo(103679);
        assertThat(run.thresholds()).extracting(v -> v.threshold().text(), ThresholdVerdict::passed)
                .containsExactly(tuple("e2e.p99<1ms", false),
                        tuple("produced.recordsPerSec>250", true));
        assertThat(run.thresholds().get(1).threshold().operator()).isEqualTo(Operator.GT);
        assertThat(run.thresholdsPassed()).isFalse();
    }

    @Test
    void produceResult() {
        RunResult run = ResultReader.read(LEGACY.resolve("produce"), RunResult.class);
        assertThat(run.name()).isEqualTo("produce");
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.tags()).isEmpty();
        assertThat(run.summary().produced().records()).isEqualTo(2000);
        assertThat(run.summary().consumed()).isNull();
        assertThat(run.summary().endToEndLatencyMicros()).isNull();
        assertThat(run.summary().publishLatencyMicros())
                .isEqualTo(new LatencyStats(2000, 8951, 235519, 308991, 323583, 324095, 42359.464));
        assertThat(run.thresholds()).isNull();
        assertThat(run.thresholdsPassed()).isTrue();
    }

    @Test
    void consumeResult() {
        RunResult run = ResultReader.read(LEGACY.resolve("consume"), RunResult.class);
        assertThat(run.name()).isEqualTo("consume");
        assertThat(run.summary().latencyMeasuredFrom()).isEqualTo("actualSendTime");
        assertThat(run.summary().consumed().records()).isEqualTo(2000);
        assertThat(run.summary().consumed().recordsPerSec()).isCloseTo(100_039.956, within(0.001));
        assertThat(run.summary().endToEndLatencyMicros()).isNull();
    }

    @Test
    void sweepOfTwoPointsTwoRepetitions() {
        SweepResult sweep = ResultReader.read(LEGACY.resolve("sweep"), SweepResult.class);
        assertThat(sweep.kind()).isEqualTo("sweep");
        assertThat(sweep.name()).isEqualTo("tiny-sweep");
        assertThat(sweep.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(sweep.repeat()).isEqualTo(2);
        assertThat(sweep.cluster().brokers()).isEqualTo(1);
        assertThat(sweep.axes()).containsOnlyKeys("producers.properties.acks");
        assertThat(sweep.axes().get("producers.properties.acks")).map(Object::toString).containsExactly("1", "\"all\"");
        assertThat(sweep.points()).extracting(SweepResult.Point::name).containsExactly("acks=1", "acks=all");

        SweepResult.Point acks1 = sweep.points().get(0);
        assertThat(acks1.overrides().get("producers.properties.acks").asInt()).isEqualTo(1);
        assertThat(acks1.completed()).isEqualTo(2);
        assertThat(acks1.failed()).isZero();
        assertThat(acks1.repetitions()).containsExactly("points/acks=1/rep-1/result.json", "points/acks=1/rep-2/result.json");
        assertThat(acks1.summary().runs()).isEqualTo(2);
        assertThat(acks1.summary().produced().records()).isEqualTo(new Spread(800, 800, 800, 2));
        assertThat(acks1.summary().endToEndLatencyMicros().p99()).isEqualTo(new Spread(39895, 28687, 51103, 2));
        assertThat(acks1.thresholds()).singleElement().satisfies(v -> {
            assertThat(v.threshold().text()).isEqualTo("e2e.p99<2000ms");
            assertThat(v.actual()).isEqualTo(39895.0);
        });
        assertThat(acks1.thresholdsPassed()).isTrue();
        assertThat(sweep.points().get(1).summary().produced().recordsPerSec().median()).isCloseTo(199.889, within(0.001));
    }

    @Test
    void everyRepetitionTheSweepReferencesIsThereAndLoads() {
        SweepResult sweep = ResultReader.read(LEGACY.resolve("sweep/sweep.json"), SweepResult.class);
        List<String> reps = sweep.points().stream().flatMap(p -> p.repetitions().stream()).toList();
        assertThat(reps).hasSize(4);
        for (String rep : reps) {
            RunResult run = ResultReader.read(LEGACY.resolve("sweep").resolve(rep), RunResult.class);
            assertThat(run.status()).as(rep).isEqualTo(RunStatus.COMPLETED);
            assertThat(run.tags()).as(rep).containsEntry("instanceType", "m5.xlarge");
            assertThat(run.summary().produced().records()).as(rep).isEqualTo(800);
        }
    }

    @Test
    void findMaxWithAnAnswer() {
        FindMaxResult fm = ResultReader.read(LEGACY.resolve("find-max"), FindMaxResult.class);
        assertThat(fm.kind()).isEqualTo("find-max");
        assertThat(fm.name()).isEqualTo("tiny-fm");
        assertThat(fm.tags()).containsEntry("instanceType", "m5.xlarge");
        assertThat(fm.cluster().brokers()).isEqualTo(1);
        FindMaxResult.Figures f = fm.findMax();
        assertThat(f.sla()).isEqualTo("e2e.p99<500ms");
        assertThat(f.outcome()).isEqualTo(FindMaxOutcome.FOUND);
        assertThat(f.maxRecordsPerSec()).isEqualTo(1200.0);
        assertThat(f.maxMebibytesPerSec()).isEqualTo(0.29296875);
        assertThat(f.recordSizeBytes().intValue()).isEqualTo(256);
        assertThat(f.firstFailRecordsPerSec()).isEqualTo(1600.0);
        assertThat(f.precisionPercent()).isEqualTo(50.0);
        assertThat(f.probeDuration()).isEqualTo("3s");
        assertThat(f.probeWarmup()).isEqualTo("1s");
        assertThat(f.probeCooldown()).isEqualTo("0s");
        assertThat(f.maxProbes()).isEqualTo(8);
        assertThat(f.message()).isEqualTo("confirmed");
        assertThat(fm.probes()).extracting(ProbeOutcome::phase, ProbeOutcome::rateRecordsPerSec, ProbeOutcome::passed)
                .containsExactly(
                        tuple(ProbePhase.BRACKET, 100.0, true),
                        tuple(ProbePhase.BRACKET, 200.0, true),
                        tuple(ProbePhase.BRACKET, 400.0, true),
                        tuple(ProbePhase.BRACKET, 800.0, true),
                        tuple(ProbePhase.BRACKET, 1600.0, false),
                        tuple(ProbePhase.BISECT, 1200.0, true),
                        tuple(ProbePhase.CONFIRM, 1200.0, true));
        ProbeOutcome first = fm.probes().get(0);
        assertThat(first.publishP99Micros()).isEqualTo(190975L);
        assertThat(first.endToEndP99Micros()).isEqualTo(197375L);
        assertThat(first.resultDir()).isEqualTo("probes/01-100");
        assertThat(fm.thresholds()).singleElement().satisfies(v -> {
            assertThat(v.threshold().text()).isEqualTo("produced.recordsPerSec>100");
            assertThat(v.passed()).isTrue();
        });
        for (ProbeOutcome probe : fm.probes()) {
            RunResult run = ResultReader.read(LEGACY.resolve("find-max").resolve(probe.resultDir()), RunResult.class);
            assertThat(run.summary().publishLatencyMicros().p99()).as(probe.resultDir()).isEqualTo(probe.publishP99Micros());
        }
    }

    @Test
    void findMaxWithoutAnAnswerAndAThresholdMeasuredOnNoRun() {
        FindMaxResult fm = ResultReader.read(LEGACY.resolve("find-max-no-answer"), FindMaxResult.class);
        assertThat(fm.findMax().outcome()).isEqualTo(FindMaxOutcome.NO_SUSTAINABLE_RATE);
        assertThat(fm.findMax().maxRecordsPerSec()).isNull();
        assertThat(fm.findMax().firstFailRecordsPerSec()).isEqualTo(500.0);
        assertThat(fm.probes()).singleElement().satisfies(p -> {
            assertThat(p.passed()).isFalse();
            assertThat(p.reason()).startsWith("achieved 264 rec/s < 95% of target");
        });
        // The previous release wrote the measured value of a threshold judged on no run as the string "NaN".
        assertThat(fm.thresholds()).singleElement().satisfies(v -> {
            assertThat(v.passed()).isFalse();
            assertThat(v.actual()).isNaN();
            assertThat(v.shown()).isEqualTo("no run at a sustainable rate");
        });
    }

    @Test
    void planFromTheFindMaxAndFromAPlanFile() {
        PlanResult fromFindMax = ResultReader.read(LEGACY.resolve("plan-from-find-max.json"), PlanResult.class);
        assertThat(fromFindMax.capacitySource()).startsWith("find-max result find-max/result.json");
        assertThat(fromFindMax.brokers()).isEqualTo(7);
        assertThat(fromFindMax.bindingConstraint()).isEqualTo("throughput");
        assertThat(fromFindMax.nicRecommendedGbe()).isEqualTo(10);
        assertThat(fromFindMax.figure("brokersForThroughput").value()).isEqualTo(7.0);
        assertThat(fromFindMax.figure("ingressLogical").value()).isEqualTo(1.220703125);

        PlanResult endurance = ResultReader.read(LEGACY.resolve("plan-s3-endurance.json"), PlanResult.class);
        assertThat(endurance.brokers()).isEqualTo(3);
        assertThat(endurance.figure("perDriveTbPerDay").value()).isCloseTo(43.2, within(1e-9));
        assertThat(endurance.figure("enduranceYears.s3-drive-a").value()).isCloseTo(1.05, within(0.001));
    }

    @Test
    void costOfRunsSweepAndFindMax() {
        CostResult cost = ResultReader.read(LEGACY.resolve("cost.json"), CostResult.class);
        assertThat(cost.currency()).isEqualTo("USD");
        assertThat(cost.baselineLabel()).isEqualTo("find-max");
        assertThat(cost.targetRecordsPerSec()).isEqualTo(5000.0);
        assertThat(cost.rows()).extracting(CostRow::label).containsExactly("find-max", "run", "run-threshold-fail", "sweep");
        CostRow fm = cost.row("find-max");
        assertThat(fm.source()).isEqualTo("find-max/result.json");
        assertThat(fm.instanceType()).isEqualTo("m5.xlarge");
        assertThat(fm.clusterRecordsPerSec()).isEqualTo(1200.0);
        assertThat(fm.nodesForTarget()).isEqualTo(5);
        assertThat(cost.row("sweep").source()).isEqualTo("sweep/sweep.json");
        assertThat(cost.row("run-threshold-fail").hourlyPrice()).isEqualTo(0.384);

        CostResult example = ResultReader.read(LEGACY.resolve("cost-example-prices.json"), CostResult.class);
        assertThat(example.targetRecordsPerSec()).isNull();
        assertThat(example.rows()).extracting(CostRow::label, CostRow::instanceType).containsExactly(
                tuple("produce", "s4-broker-node"),
                tuple("consume", "s4-broker-node"));
        assertThat(example.rows().get(0).nodesForTarget()).isNull();
    }
}
