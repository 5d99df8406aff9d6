package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.capacity.FigureTable;
import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
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
        JsonNode result = new ObjectMapper().readTree(resultDir.resolve("result.json").toFile());
        JsonNode fm = result.get("findMax");
        assertThat(result.get("kind").asText()).isEqualTo("find-max");
        assertThat(result.at("/cluster/brokers").asInt()).isEqualTo(1);
        assertThat(result.at("/tags/label").asText()).isEqualTo("quota");
        assertThat(result.at("/environment/kafkaClientVersion").asText()).isEqualTo("4.3.1");
        assertThat(fm.get("sla").asText()).isEqualTo("publish.p99<500ms");
        assertThat(fm.get("outcome").asText()).as(run.transcript()).isEqualTo("FOUND");
        assertThat(fm.get("recordSizeBytes").asInt()).isEqualTo(RECORD_BYTES);
        assertThat(fm.get("precisionPercent").asDouble()).isEqualTo(10.0);
        double max = fm.get("maxRecordsPerSec").asDouble();
        assertThat(fm.get("maxMebibytesPerSec").asDouble()).isCloseTo(max * RECORD_BYTES / 1048576.0, org.assertj.core.data.Offset.offset(1e-9));
        // The quota counts request bytes (record and batch overhead included) and Kafka throttles after the fact,
        // so the answer sits somewhat below QUOTA / 1 KiB; generous bounds keep this robust on a loaded machine.
        assertThat(max).as(run.transcript()).isBetween(0.6 * QUOTA_RECORDS_PER_SEC, 1.2 * QUOTA_RECORDS_PER_SEC);
        JsonNode probes = result.get("probes");
        assertThat(probes.size()).isBetween(3, 12);
        for (JsonNode p : probes) {
            Path probeResult = resultDir.resolve(p.get("resultDir").asText()).resolve("result.json");
            assertThat(Files.exists(probeResult)).isTrue();
            JsonNode probeRun = new ObjectMapper().readTree(probeResult.toFile());
            assertThat(probeRun.has("summary")).as(probeResult.toString()).isTrue();
            assertThat(probeRun.has("telemetry")).as(probeResult + " was run with --no-telemetry").isFalse();
        }
        assertThat(probes.get(probes.size() - 1).get("phase").asText()).isEqualTo("confirm");
        // The cluster warm-up ran first, is kept beside the probes, and is neither a probe nor judged.
        assertThat(fm.get("clusterWarmup").asText()).isEqualTo("1s");
        assertThat(resultDir.resolve("probes/00-warmup/result.json")).exists();
        assertThat(probes.findValuesAsText("resultDir")).noneMatch(d -> d.contains("00-warmup"));
        assertThat(run.stdout()).contains("find-max: warming the cluster up for 1s at 100 records/s (not judged)");
        JsonNode verdicts = result.get("thresholds");
        assertThat(verdicts.size()).isEqualTo(2);
        assertThat(verdicts.get(0).get("passed").asBoolean()).as(run.transcript()).isTrue();
        assertThat(verdicts.get(1).get("passed").asBoolean()).as(run.transcript()).isFalse();
        JsonNode lastProbe = probes.get(probes.size() - 1);
        assertThat(verdicts.get(0).get("actual").asDouble()).isEqualTo(lastProbe.get("producedRecordsPerSec").asDouble());
        assertThat(run.stdout()).contains("PASS produced.recordsPerSec>100").contains("FAIL produced.recordsPerSec>=1000");
        assertThat(run.stdout()).contains("max sustainable rate: ").contains("records/s").containsPattern("±[0-9.]+% under publish.p99<500ms");

        // Issue 4: plan from the measured result; per-broker capacity = maxRecordsPerSec / brokers.
        Path planJson = dir.resolve("plan.json");
        long ingress = Math.round(max * 3);
        CliRun plan = CliRun.of("plan", "--from-result", resultDir.toString(), "--ingress-records-per-sec", Long.toString(ingress),
                "--record-size-bytes", Integer.toString(RECORD_BYTES), "--replication-factor", "1", "--json", planJson.toString());
        assertThat(plan.exitCode()).as(plan.transcript()).isZero();
        JsonNode report = new ObjectMapper().readTree(planJson.toFile());
        double perBrokerRecords = max / 1;
        double perBrokerMib = perBrokerRecords * RECORD_BYTES / 1048576.0;
        assertThat(report.get("capacitySource").asText()).as(plan.transcript())
                .contains("find-max result").contains("/ 1 brokers = " + FigureTable.formatValue(perBrokerMib) + " MiB/s per broker")
                .contains("(SLA publish.p99<500ms)");
        JsonNode forThroughput = figure(report, "brokersForThroughput");
        assertThat(forThroughput.get("value").asDouble()).as(plan.transcript())
                .isEqualTo(Math.ceil(ingress / (perBrokerRecords * 0.6)));
        assertThat(forThroughput.get("formula").asText()).contains("per-broker " + FigureTable.formatValue(perBrokerMib) + " MiB/s");
        System.out.println(plan.stdout());
    }

    private static void applyProducerQuota(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            ClientQuotaEntity defaultClientId = new ClientQuotaEntity(Collections.singletonMap(ClientQuotaEntity.CLIENT_ID, null));
            admin.alterClientQuotas(List.of(new ClientQuotaAlteration(defaultClientId,
                    List.of(new ClientQuotaAlteration.Op("producer_byte_rate", (double) QUOTA_BYTES_PER_SEC)))))
                    .all().get(30, TimeUnit.SECONDS);
        }
    }

    private static JsonNode figure(JsonNode report, String key) {
        for (String section : List.of("inputs", "traffic", "volume", "brokerCounts", "network", "endurance")) {
            for (JsonNode f : report.path(section)) {
                if (key.equals(f.path("key").asText())) {
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
