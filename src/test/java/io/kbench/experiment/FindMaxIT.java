package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.Figure;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.findmax.AnswerSpread;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.ProbePhase;
import io.kbench.result.findmax.SearchMethod;
import io.kbench.result.findmax.SearchMode;
import io.kbench.result.io.ResultReader;
import io.kbench.result.plan.PlanResult;
import io.kbench.result.run.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench find-max} against a broker whose capacity is known: a producer byte-rate quota on the default client
 * id (kbench's one producer is {@code kbench-producer-0}) caps it at QUOTA bytes/s = QUOTA / 1,024 records/s of
 * 1 KiB. Then {@code kbench plan --from-result} on that result.
 */
// Timing-sensitive: runs with the other timing ITs only, after the heavy ones (pom.xml, failsafe "timing-its").
// Short quota windows (2 x 1 s instead of 11 x 1 s) so one probe's traffic barely affects the next one's throttling.
@Tag("timing")
@EmbeddedKafka(heap = "512m", brokerConfig = {"quota.window.num=2", "quota.window.size.seconds=1"})
class FindMaxIT {
    private static final long QUOTA_BYTES_PER_SEC = 256 * 1024;
    private static final int RECORD_BYTES = 1024;
    private static final double QUOTA_RECORDS_PER_SEC = (double) QUOTA_BYTES_PER_SEC / RECORD_BYTES;

    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;
    @TempDir
    Path dir;

    @Test
    void findsTheQuotaBoundAndPlansFromIt() throws Exception {
        applyProducerQuota(cluster.bootstrapServers());
        Path results = dir.resolve("results");
        long started = System.nanoTime();
        CliRun run = CliRun.of("find-max", Path.of("src/test/resources/workloads/it-find-max.yaml").toString(),
                "--sla", "publish.p99<500ms", "--start-rate", "100", "--precision", "10%",
                "--probe-duration", "4s", "--probe-warmup", "1s", "--max-probes", "12", "--cluster-warmup", "1s",
                "--bootstrap-server", cluster.bootstrapServers(), "--results-dir", results.toString(), "--tag", "label=quota",
                // The telemetry flags reach every probe (nothing sampled: less load on a shared CI machine, too).
                "--no-telemetry",
                // Judged on the confirmation run at the answer (~250 records/s): the first holds, the second cannot.
                "--threshold", "produced.recordsPerSec>100", "--threshold", "produced.recordsPerSec>=1000");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
        System.out.println("find-max took " + seconds + " s\n" + run.stdout());
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(3);

        Path resultDir = onlyDir(results);
        FindMaxResult result = ResultReader.read(resultDir.resolve("result.json"), FindMaxResult.class);
        FindMaxResult.Figures fm = result.findMax();
        assertThat(result.kind()).isEqualTo("find-max");
        assertThat(result.cluster().brokers()).isEqualTo(1);
        assertThat(result.tags().get("label")).isEqualTo("quota");
        assertThat(result.environment().kafkaClientVersion()).isEqualTo("4.3.1");
        assertThat(fm.sla()).isEqualTo("publish.p99<500ms");
        assertThat(fm.outcome()).as(run.transcript()).isEqualTo(FindMaxOutcome.FOUND);
        assertThat(fm.recordSizeBytes().intValue()).isEqualTo(RECORD_BYTES);
        assertThat(fm.precisionPercent()).isEqualTo(10.0);
        double max = fm.maxRecordsPerSec();
        assertThat(fm.maxMebibytesPerSec()).isCloseTo(max * RECORD_BYTES / 1048576.0, org.assertj.core.data.Offset.offset(1e-9));
        // The quota counts request bytes (record and batch overhead included) and Kafka throttles after the fact,
        // so the answer sits somewhat below QUOTA / 1 KiB; generous bounds keep this robust on a loaded machine.
        assertThat(max).as(run.transcript()).isBetween(0.6 * QUOTA_RECORDS_PER_SEC, 1.2 * QUOTA_RECORDS_PER_SEC);
        List<ProbeOutcome> probes = result.probes();
        assertThat(probes.size()).isBetween(3, 12);
        for (ProbeOutcome p : probes) {
            Path probeResult = resultDir.resolve(p.resultDir()).resolve("result.json");
            assertThat(Files.exists(probeResult)).isTrue();
            RunResult probeRun = ResultReader.read(probeResult, RunResult.class);
            assertThat(probeRun.summary()).as(probeResult.toString()).isNotNull();
            assertThat(probeRun.telemetry()).as(probeResult + " was run with --no-telemetry").isNull();
        }
        assertThat(probes.get(probes.size() - 1).phase()).isEqualTo(ProbePhase.CONFIRM);
        // The cluster warm-up ran first, is kept beside the probes, and is neither a probe nor judged.
        assertThat(fm.clusterWarmup()).isEqualTo("1s");
        assertThat(resultDir.resolve("probes/00-warmup/result.json")).exists();
        assertThat(probes.stream().map(ProbeOutcome::resultDir).toList()).noneMatch(d -> d.contains("00-warmup"));
        assertThat(run.stdout()).contains("find-max: warming the cluster up for 1s at 100 records/s (not judged)");
        List<ThresholdVerdict> verdicts = result.thresholds();
        assertThat(verdicts.size()).isEqualTo(2);
        assertThat(verdicts.get(0).passed()).as(run.transcript()).isTrue();
        assertThat(verdicts.get(1).passed()).as(run.transcript()).isFalse();
        ProbeOutcome lastProbe = probes.get(probes.size() - 1);
        assertThat(verdicts.get(0).actual()).isEqualTo(lastProbe.producedRecordsPerSec());
        assertThat(run.stdout()).contains("PASS produced.recordsPerSec>100").contains("FAIL produced.recordsPerSec>=1000");
        assertThat(run.stdout()).contains("max sustainable rate: ").contains("records/s").containsPattern("±[0-9.]+% under publish.p99<500ms");

        // Issue 4: plan from the measured result; per-broker capacity = maxRecordsPerSec / brokers.
        Path planJson = dir.resolve("plan.json");
        long ingress = Math.round(max * 3);
        CliRun plan = CliRun.of("plan", "--from-result", resultDir.toString(), "--ingress-records-per-sec", Long.toString(ingress),
                "--record-size-bytes", Integer.toString(RECORD_BYTES), "--replication-factor", "1", "--json", planJson.toString());
        assertThat(plan.exitCode()).as(plan.transcript()).isZero();
        PlanResult report = ResultReader.read(planJson, PlanResult.class);
        double perBrokerRecords = max / 1;
        double perBrokerMib = perBrokerRecords * RECORD_BYTES / 1048576.0;
        assertThat(report.capacitySource()).as(plan.transcript())
                .contains("find-max result").contains("/ 1 brokers = " + Figure.format(perBrokerMib) + " MiB/s per broker")
                .contains("(SLA publish.p99<500ms)");
        Figure forThroughput = figure(report, "brokersForThroughput");
        assertThat(forThroughput.value()).as(plan.transcript())
                .isEqualTo(Math.ceil(ingress / (perBrokerRecords * 0.6)));
        assertThat(forThroughput.formula()).contains("per-broker " + Figure.format(perBrokerMib) + " MiB/s");
        System.out.println(plan.stdout());
    }

    /**
     * {@code --searches 3} on short probes: three independent searches recorded, each probe labelled with its search,
     * and the answer the median of their answers with the geometric mean's 95% interval around it.
     */
    @Test
    void threeSearchesGiveTheMedianWithItsInterval() throws Exception {
        applyProducerQuota(cluster.bootstrapServers());
        Path results = dir.resolve("searches");
        // 50% precision: bracket 100, 200, 400, one bisection, a confirmation: about 5 probes a search.
        CliRun run = CliRun.of("find-max", Path.of("src/test/resources/workloads/it-find-max.yaml").toString(),
                "--searches", "3", "--start-rate", "100", "--precision", "50%", "--probe-duration", "2s",
                "--probe-warmup", "1s", "--max-probes", "8", "--no-telemetry",
                "--bootstrap-server", cluster.bootstrapServers(), "--results-dir", results.toString());
        System.out.println(run.stdout());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        FindMaxResult result = ResultReader.read(onlyDir(results).resolve("result.json"), FindMaxResult.class);
        assertThat(result.searches()).as(run.transcript()).hasSize(3);
        assertThat(result.searches()).extracting(s -> s.search()).containsExactly(1, 2, 3);
        for (var s : result.searches()) {
            // Each search starts again from the start rate, with its own probes.
            List<ProbeOutcome> own = result.probes().stream().filter(p -> p.search() == s.search()).toList();
            assertThat(own).hasSize(s.probes());
            assertThat(own.get(0).rateRecordsPerSec()).isEqualTo(100.0);
        }
        assertThat(result.probes()).allSatisfy(p -> assertThat(p.search()).isBetween(1, 3));
        AnswerSpread spread = result.findMax().spread();
        assertThat(spread.mode()).isEqualTo(SearchMode.FIXED);
        assertThat(spread.searches()).isEqualTo(3);
        assertThat(spread.confidencePercent()).isEqualTo(95.0);
        // A search can fail its confirmations on a loaded machine; two answers are the least an interval needs.
        assertThat(spread.answers()).as(run.transcript()).hasSizeGreaterThanOrEqualTo(2).isEqualTo(result.answers());
        double median = spread.medianRecordsPerSec();
        assertThat(result.findMax().maxRecordsPerSec()).isEqualTo(median);
        assertThat(median).isBetween(spread.lowRecordsPerSec(), spread.highRecordsPerSec());
        assertThat(spread.geometricMeanRecordsPerSec()).isBetween(spread.lowRecordsPerSec(), spread.highRecordsPerSec());
        assertThat(run.stdout()).contains("find-max: search 3 of 3")
                .containsPattern("max sustainable [0-9,]+ records/s \\[[0-9,]+, [0-9,]+\\] \\(95%, (3 searches|2 of 3 searches"
                        + " answered): [0-9,]+, [0-9,]+")
                .contains("kept up with (no SLA)");
    }

    /**
     * {@code --step 100} from 100 records/s under the quota (~250 records/s of 1 KiB): 100 and 200 keep up, 300 cannot,
     * so the ladder ends after 3 short probes and answers the last rate that passed, to one step.
     */
    @Test
    void aStepLadderStopsAtTheFirstFailureAndAnswersTheLastPass() throws Exception {
        applyProducerQuota(cluster.bootstrapServers());
        Path results = dir.resolve("steps");
        CliRun run = CliRun.of("find-max", Path.of("src/test/resources/workloads/it-find-max.yaml").toString(),
                "--step", "100", "--start-rate", "100", "--max-rate", "1000", "--probe-duration", "2s",
                "--probe-warmup", "1s", "--no-telemetry", "--bootstrap-server", cluster.bootstrapServers(),
                "--results-dir", results.toString());
        System.out.println(run.stdout());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Path resultDir = onlyDir(results);
        FindMaxResult result = ResultReader.read(resultDir.resolve("result.json"), FindMaxResult.class);
        FindMaxResult.Figures fm = result.findMax();
        assertThat(fm.method()).isEqualTo(SearchMethod.STEPS);
        assertThat(fm.stepRecordsPerSec()).isEqualTo(100.0);
        assertThat(fm.maxRateRecordsPerSec()).isEqualTo(1000.0);
        assertThat(fm.precisionPercent()).isNull();
        assertThat(fm.outcome()).as(run.transcript()).isEqualTo(FindMaxOutcome.FOUND);
        List<ProbeOutcome> probes = result.probes();
        // Rung n is 100 + 100 n; every rung passed but the last, which is the first failure.
        assertThat(probes.size()).as(run.transcript()).isBetween(2, 4);
        for (int n = 0; n < probes.size(); n++) {
            assertThat(probes.get(n).phase()).isEqualTo(ProbePhase.STEP);
            assertThat(probes.get(n).rateRecordsPerSec()).isEqualTo(100.0 + 100 * n);
            assertThat(probes.get(n).passed()).as(run.transcript()).isEqualTo(n < probes.size() - 1);
            assertThat(resultDir.resolve(probes.get(n).resultDir()).resolve("result.json")).exists();
        }
        double answer = probes.get(probes.size() - 2).rateRecordsPerSec();
        assertThat(fm.maxRecordsPerSec()).isEqualTo(answer);
        assertThat(fm.firstFailRecordsPerSec()).isEqualTo(answer + 100);
        assertThat(answer).as("the quota is ~250 records/s").isBetween(0.6 * QUOTA_RECORDS_PER_SEC - 100, 1.2 * QUOTA_RECORDS_PER_SEC);
        assertThat(run.stdout()).contains(String.format(Locale.ROOT, "max sustainable rate: %,.0f records/s", answer))
                .contains(String.format(Locale.ROOT, "to one step of 100 records/s (%,.0f failed) kept up with (no SLA)",
                        answer + 100))
                .containsPattern("(?m)^" + probes.size() + " +step +" + String.format(Locale.ROOT, "%,.0f", answer + 100));
    }

    private static void applyProducerQuota(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            ClientQuotaEntity defaultClientId = new ClientQuotaEntity(Collections.singletonMap(ClientQuotaEntity.CLIENT_ID, null));
            admin.alterClientQuotas(List.of(new ClientQuotaAlteration(defaultClientId,
                    List.of(new ClientQuotaAlteration.Op("producer_byte_rate", (double) QUOTA_BYTES_PER_SEC)))))
                    .all().get(30, TimeUnit.SECONDS);
        }
    }

    private static Figure figure(PlanResult report, String key) {
        for (List<Figure> section : List.of(report.inputs(), report.traffic(), report.volume(), report.brokerCounts(),
                report.network(), report.endurance())) {
            for (Figure f : section) {
                if (key.equals(f.key())) {
                    return f;
                }
            }
        }
        throw new AssertionError("no figure " + key + " in " + report);
    }

    private static Path onlyDir(Path results) throws IOException {
        try (Stream<Path> s = Files.list(results)) {
            List<Path> dirs = s.filter(Files::isDirectory).toList();
            assertThat(dirs).hasSize(1);
            return dirs.get(0);
        }
    }
}
