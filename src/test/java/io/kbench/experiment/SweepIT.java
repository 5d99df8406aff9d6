package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `kbench sweep` end to end on one embedded broker: a 2x2 sweep repeated twice, compare, and resume. */
@EmbeddedKafka
class SweepIT {
    static final String SWEEPS = "src/test/resources/sweeps/";
    // Two cores are shared with other builds: small brokers start faster and leave room for the clients.
    static final String[] SMALL_BROKER = {"--broker-heap", "512m"};

    @TempDir
    Path results;

    @Test
    void twoByTwoSweepReusesOneBrokerAndSummarisesEveryPoint() throws IOException {
        CliRun run = sweep(SWEEPS + "it-2x2.yaml", "--results-dir", results.toString(),
                "--threshold", "produced.recordsPerSec>1", "--sla", "e2e.p99<60s");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout().split("cluster: starting", -1)).as("one embedded cluster for all points: " + run.transcript()).hasSize(2);
        Path dir = onlyDir();
        JsonNode sweep = new ObjectMapper().readTree(dir.resolve("sweep.json").toFile());
        assertThat(sweep.at("/kind").asText()).isEqualTo("sweep");
        assertThat(sweep.at("/repeat").asInt()).isEqualTo(2);
        assertThat(sweep.at("/cluster/brokers").asInt()).isEqualTo(1);
        assertThat(sweep.at("/points").size()).isEqualTo(4);
        for (JsonNode point : sweep.at("/points")) {
            assertThat(point.at("/completed").asInt()).as(point.toString()).isEqualTo(2);
            assertThat(point.at("/repetitions").size()).isEqualTo(2);
            for (JsonNode rep : point.at("/repetitions")) {
                JsonNode result = new ObjectMapper().readTree(dir.resolve(rep.asText()).toFile());
                assertThat(result.at("/summary/produced/records").asLong()).isEqualTo(2000);
                assertThat(result.at("/workload/topic/name").asText()).startsWith("it-sweep-").contains("-r");
            }
            JsonNode rate = point.at("/summary/produced/recordsPerSec");
            assertThat(rate.at("/min").asDouble()).isPositive().isLessThanOrEqualTo(rate.at("/median").asDouble());
            assertThat(rate.at("/max").asDouble()).isGreaterThanOrEqualTo(rate.at("/median").asDouble());
            assertThat(point.at("/summary/endToEndLatencyMicros/p99/median").asDouble()).isPositive();
            assertThat(point.at("/thresholds/0/passed").asBoolean()).isTrue();
        }
        assertThat(sweep.at("/points/3/name").asText()).isEqualTo("acks=all,linger.ms=5");
        // Interleaved by default: every point's first repetition before any second one, and the order is recorded.
        assertThat(sweep.at("/order").asText()).isEqualTo("interleaved");
        assertThat(sweep.at("/runOrder").size()).isEqualTo(8);
        for (int i = 0; i < 8; i++) {
            assertThat(sweep.at("/runOrder/" + i + "/repetition").asInt()).as(sweep.at("/runOrder").toString()).isEqualTo(i < 4 ? 1 : 2);
        }
        assertThat(sweep.at("/findings/0/claim").asText()).startsWith("acks=1 publishes faster");
        assertThat(sweep.at("/findings/0/groups").size()).as("one group per linger.ms").isEqualTo(2);
        assertThat(sweep.at("/findings/0/outcome").asText()).isIn("held", "contradicted", "inconclusive");
        assertThat(run.stdout()).contains("finding " + sweep.at("/findings/0/outcome").asText().toUpperCase(java.util.Locale.ROOT)
                + ": acks=1 publishes faster");
        assertThat(sweep.at("/points/0/variation/producedRecordsPerSecCvPercent").isNumber()).isTrue();
        assertThat(sweep.at("/points/3/overrides/producers.properties.acks").asText()).isEqualTo("all");
        List<String> csv = Files.readAllLines(dir.resolve("sweep.csv"));
        assertThat(csv).hasSize(5);
        assertThat(csv.get(0)).contains("produced_MiB_per_s").contains("publish_p99_ms");
        assertThat(run.stdout()).contains("ranked by median produced records/s").contains("best under SLA e2e.p99<60s: ");

        CliRun compare = CliRun.of("compare", dir.resolve("points/acks=1,linger.ms=0").toString(),
                dir.resolve("points/acks=all,linger.ms=0").toString(), "--json", results.resolve("compare.json").toString());
        assertThat(compare.exitCode()).as(compare.transcript()).isZero();
        assertThat(compare.stdout()).contains("produced records/s").containsAnyOf("significant", "within noise");
        assertThat(Files.exists(results.resolve("compare.json"))).isTrue();

        // The whole sweep: its four points against the first, and the same sweep twice, point by point.
        CliRun points = CliRun.of("compare", dir.toString(), "--html", results.resolve("points.html").toString());
        assertThat(points.exitCode()).as(points.transcript()).isZero();
        assertThat(points.stdout()).contains("D: ").contains("D vs A");
        assertThat(Files.readString(results.resolve("points.html"))).contains("acks=all,linger.ms=5");
        CliRun twice = CliRun.of("compare", dir.toString(), dir.resolve("sweep.json").toString());
        assertThat(twice.exitCode()).as(twice.transcript()).isZero();
        assertThat(twice.stdout().split("== point ", -1)).hasSize(5);
    }

    @Test
    void resumeRunsOnlyTheMissingRepetition() throws IOException {
        // --no-telemetry reaches every repetition (the sweep command shares run's telemetry flags).
        CliRun first = sweep(SWEEPS + "it-resume.yaml", "--results-dir", results.toString(), "--no-telemetry");
        assertThat(first.exitCode()).as(first.transcript()).isZero();
        Path dir = onlyDir();
        Path rep1 = dir.resolve("points/acks=1/rep-1/result.json");
        Path rep2 = dir.resolve("points/acks=1/rep-2/result.json");
        FileTime rep1Time = Files.getLastModifiedTime(rep1);
        Files.delete(rep2);

        // A threshold no run can meet: the resumed sweep completes but exits 3.
        CliRun resumed = sweep(SWEEPS + "it-resume.yaml", "--resume", dir.toString(), "--no-telemetry",
                "--threshold", "produced.recordsPerSec>1000000000");
        assertThat(resumed.exitCode()).as(resumed.transcript()).isEqualTo(3);
        assertThat(resumed.stdout()).contains("rep 1/2: already completed, skipped");
        assertThat(resumed.stdout().split("results: .*rep-", -1)).as(resumed.transcript()).hasSize(2);
        assertThat(Files.getLastModifiedTime(rep1)).isEqualTo(rep1Time);
        assertThat(rep2).exists();
        for (Path rep : List.of(rep1, rep2)) {
            JsonNode result = new ObjectMapper().readTree(rep.toFile());
            assertThat(result.has("summary")).as(rep.toString()).isTrue();
            assertThat(result.has("telemetry")).as(rep + " was run with --no-telemetry").isFalse();
        }
        JsonNode sweep = new ObjectMapper().readTree(dir.resolve("sweep.json").toFile());
        assertThat(sweep.at("/points/0/completed").asInt()).isEqualTo(2);
        assertThat(sweep.at("/points/0/summary/produced/recordsPerSec/count").asInt()).isEqualTo(2);
        assertThat(sweep.at("/points/0/thresholds/0/passed").asBoolean()).isFalse();
        assertThat(sweep.at("/status").asText()).isEqualTo("completed");

        CliRun other = sweep(SWEEPS + "it-2x2.yaml", "--resume", dir.toString());
        assertThat(other.exitCode()).as(other.transcript()).isEqualTo(2);
        assertThat(other.stderr()).contains("different sweep");
    }

    @Test
    void brokerSettingsRestartTheClusterAndAPointWhoseBrokerCannotStartFailsAlone() throws IOException {
        CliRun run = sweep(SWEEPS + "it-broker-points.yaml", "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(1);
        assertThat(run.stdout().split("cluster: starting", -1)).as("a cluster per point: " + run.transcript()).hasSize(4);
        assertThat(run.stdout()).contains("sweep: cluster settings change, restarting the embedded cluster")
                .contains("sweep: repetition failed: ");
        Path dir = onlyDir();
        JsonNode sweep = new ObjectMapper().readTree(dir.resolve("sweep.json").toFile());
        assertThat(sweep.at("/status").asText()).isEqualTo("failed");
        assertThat(sweep.at("/points/1/failed").asInt()).isEqualTo(1);
        assertThat(sweep.at("/points/1/completed").asInt()).isZero();
        for (int point : new int[] {0, 2}) {
            assertThat(sweep.at("/points/" + point + "/completed").asInt()).as(run.transcript()).isEqualTo(1);
            JsonNode result = new ObjectMapper().readTree(dir.resolve(sweep.at("/points/" + point + "/repetitions/0").asText()).toFile());
            assertThat(result.at("/cluster/brokerConfig/num.io.threads").asText()).as("the point's broker setting took effect")
                    .isEqualTo(point == 0 ? "2" : "4");
        }
    }

    private static CliRun sweep(String file, String... args) {
        String[] all = new String[args.length + SMALL_BROKER.length + 2];
        all[0] = "sweep";
        all[1] = file;
        System.arraycopy(args, 0, all, 2, args.length);
        System.arraycopy(SMALL_BROKER, 0, all, 2 + args.length, SMALL_BROKER.length);
        return CliRun.of(all);
    }

    private Path onlyDir() throws IOException {
        try (Stream<Path> dirs = Files.list(results)) {
            List<Path> all = dirs.filter(Files::isDirectory).toList();
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }
}
