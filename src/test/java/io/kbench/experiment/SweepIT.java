package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.Spread;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.SweepOrder;
import io.kbench.result.sweep.SweepResult;
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
        SweepResult sweep = ResultReader.read(dir.resolve("sweep.json"), SweepResult.class);
        assertThat(sweep.kind()).isEqualTo("sweep");
        assertThat(sweep.repeat()).isEqualTo(2);
        assertThat(sweep.cluster().brokers()).isEqualTo(1);
        assertThat(sweep.points()).hasSize(4);
        for (SweepResult.Point point : sweep.points()) {
            assertThat(point.completed()).as(point.toString()).isEqualTo(2);
            assertThat(point.repetitions()).hasSize(2);
            for (String rep : point.repetitions()) {
                RunResult result = ResultReader.read(dir.resolve(rep), RunResult.class);
                assertThat(result.summary().produced().records()).isEqualTo(2000);
                assertThat(result.workload().topic().name()).startsWith("it-sweep-").contains("-r");
            }
            Spread rate = point.summary().produced().recordsPerSec();
            assertThat(rate.min()).isPositive().isLessThanOrEqualTo(rate.median());
            assertThat(rate.max()).isGreaterThanOrEqualTo(rate.median());
            assertThat(point.summary().endToEndLatencyMicros().p99().median()).isPositive();
            assertThat(point.thresholds().get(0).passed()).isTrue();
        }
        assertThat(sweep.points().get(3).name()).isEqualTo("acks=all,linger.ms=5");
        // Interleaved by default: every point's first repetition before any second one, and the order is recorded.
        assertThat(sweep.order()).isEqualTo(SweepOrder.INTERLEAVED);
        assertThat(sweep.runOrder()).hasSize(8);
        for (int i = 0; i < 8; i++) {
            assertThat(sweep.runOrder().get(i).repetition()).as(sweep.runOrder().toString()).isEqualTo(i < 4 ? 1 : 2);
        }
        FindingVerdict finding = sweep.findings().get(0);
        assertThat(finding.claim()).startsWith("acks=1 publishes faster");
        assertThat(finding.groups()).as("one group per linger.ms").hasSize(2);
        assertThat(finding.outcome()).isIn(FindingOutcome.HELD, FindingOutcome.CONTRADICTED, FindingOutcome.INCONCLUSIVE);
        assertThat(run.stdout()).contains("finding " + finding.outcome().json().toUpperCase(java.util.Locale.ROOT)
                + ": acks=1 publishes faster");
        assertThat(sweep.points().get(0).variation().producedRecordsPerSecCvPercent()).isNotNull();
        assertThat(sweep.points().get(3).overrides().get("producers.properties.acks").asText()).isEqualTo("all");
        List<String> csv = Files.readAllLines(dir.resolve("sweep.csv"));
        assertThat(csv).hasSize(5);
        assertThat(csv.get(0)).contains("produced_MiB_per_s").contains("publish_p99_ms");
        assertThat(run.stdout()).contains("ranked by median produced records/s").contains("best under SLA e2e.p99<60s: ");

        CliRun compare = CliRun.of("compare", dir.resolve("points/acks=1,linger.ms=0").toString(),
                dir.resolve("points/acks=all,linger.ms=0").toString(), "--json", results.resolve("compare.json").toString());
        assertThat(compare.exitCode()).as(compare.transcript()).isZero();
        assertThat(compare.stdout()).contains("produced records/s").containsAnyOf("higher by", "lower by", "equivalent within",
                "undecided: ");
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
            RunResult result = ResultReader.read(rep, RunResult.class);
            assertThat(result.summary()).as(rep.toString()).isNotNull();
            assertThat(result.telemetry()).as(rep + " was run with --no-telemetry").isNull();
        }
        SweepResult sweep = ResultReader.read(dir.resolve("sweep.json"), SweepResult.class);
        SweepResult.Point point = sweep.points().get(0);
        assertThat(point.completed()).isEqualTo(2);
        assertThat(point.summary().produced().recordsPerSec().count()).isEqualTo(2);
        assertThat(point.thresholds().get(0).passed()).isFalse();
        assertThat(sweep.status()).isEqualTo(RunStatus.COMPLETED);
        // The sweep's times are its repetitions': rep 1 ran in the first invocation, before the resume.
        RunResult r1 = ResultReader.read(rep1, RunResult.class);
        RunResult r2 = ResultReader.read(rep2, RunResult.class);
        assertThat(sweep.startTime()).isEqualTo(r1.startTime());
        assertThat(sweep.endTime()).isAfterOrEqualTo(r2.endTime());

        // Resumed with nothing left to run (how the findings of a finished sweep were judged again): the times stay
        // the repetitions', where they used to become the resume's own, start and end within the same second.
        CliRun again = sweep(SWEEPS + "it-resume.yaml", "--resume", dir.toString(), "--no-telemetry");
        assertThat(again.exitCode()).as(again.transcript()).isZero();
        assertThat(again.stdout()).contains("rep 2/2: already completed, skipped");
        SweepResult rejudged = ResultReader.read(dir.resolve("sweep.json"), SweepResult.class);
        assertThat(rejudged.startTime()).isEqualTo(r1.startTime());
        assertThat(rejudged.endTime()).isEqualTo(r2.endTime().isAfter(r1.endTime()) ? r2.endTime() : r1.endTime());
        assertThat(rejudged.endTime()).isAfter(rejudged.startTime());

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
        SweepResult sweep = ResultReader.read(dir.resolve("sweep.json"), SweepResult.class);
        assertThat(sweep.status()).isEqualTo(RunStatus.FAILED);
        assertThat(sweep.points().get(1).failed()).isEqualTo(1);
        assertThat(sweep.points().get(1).completed()).isZero();
        for (int point : new int[] {0, 2}) {
            assertThat(sweep.points().get(point).completed()).as(run.transcript()).isEqualTo(1);
            RunResult result = ResultReader.read(dir.resolve(sweep.points().get(point).repetitions().get(0)), RunResult.class);
            assertThat(result.cluster().brokerConfig().get("num.io.threads")).as("the point's broker setting took effect")
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
