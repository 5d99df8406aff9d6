package io.kbench.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.measure.LatencyMetric;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Totals;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench merge} on real runs: two {@code kbench run} processes started at the same time against one embedded
 * broker (each its own topic and consumer group, as docs/merge.md advises), then merged. The merged records are the
 * sum of the two runs', and each merged latency log holds exactly the sum of the two runs' histograms.
 */
@EmbeddedKafka
class MergeIT {
    private static final String WORKLOAD = ItFixture.workload("it-merge.yaml");

    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;
    @TempDir
    static Path dir;

    @Test
    void twoSimultaneousRunsMergeIntoTheirExactSum() throws Exception {
        // Two separate kbench processes, as two hosts would run them, started together.
        List<Process> runs = new ArrayList<>();
        try {
            for (String id : List.of("a", "b")) {
                runs.add(kbench(dir.resolve("log-" + id), "run", WORKLOAD, "--set", "topic.name=it-merge-" + id,
                        "--set", "consumers.group=it-merge-" + id, "--set", "name=it-merge-" + id,
                        "--bootstrap-server", cluster.bootstrapServers(), "--no-telemetry",
                        "--results-dir", dir.resolve("results-" + id).toString()));
            }
            for (int i = 0; i < runs.size(); i++) {
                assertThat(runs.get(i).waitFor(90, TimeUnit.SECONDS)).as(log(i)).isTrue();
                assertThat(runs.get(i).exitValue()).as(log(i)).isZero();
            }
        } finally {
            runs.forEach(Process::destroyForcibly);
            for (int i = 0; i < runs.size(); i++) {
                System.out.println(log(i)); // failsafe keeps it in target/failsafe-reports
            }
        }
        Path a = ItFixture.onlyRunDir(dir.resolve("results-a"));
        Path b = ItFixture.onlyRunDir(dir.resolve("results-b"));
        Path out = dir.resolve("merged");

        CliRun merge = CliRun.of("merge", a.toString(), b.toString(), "--out", out.toString());
        assertThat(merge.exitCode()).as(merge.transcript()).isZero();

        RunResult ra = ResultReader.read(a, RunResult.class);
        RunResult rb = ResultReader.read(b, RunResult.class);
        RunResult merged = ResultReader.read(out, RunResult.class);
        assertThat(merged.summary().produced().records()).as(merge.transcript())
                .isEqualTo(ra.summary().produced().records() + rb.summary().produced().records())
                .isGreaterThanOrEqualTo(2 * 4000);
        assertThat(merged.summary().consumed().records())
                .isEqualTo(ra.summary().consumed().records() + rb.summary().consumed().records());
        assertThat(merged.summary().publishLatencyMicros().count()).isEqualTo(merged.summary().produced().records());
        assertThat(merged.merge().commonSec()).as("the runs measured at the same time").isPositive();
        for (RunResult r : List.of(ra, rb)) {
            // Each run places its measured window on the wall clock, inside the run, as long as windowSec says.
            Totals p = r.summary().produced();
            assertThat(Duration.between(p.windowStart(), p.windowEnd()).toNanos() / 1e9).isCloseTo(p.windowSec(), within(1e-6));
            assertThat(p.windowStart()).isBetween(r.startTime(), r.endTime());
        }
        for (LatencyMetric metric : LatencyMetric.values()) {
            Histogram sum = RunFixture.total(a, metric);
            sum.add(RunFixture.total(b, metric));
            assertThat(RunFixture.total(out, metric)).as(metric.fileName()).isEqualTo(sum);
        }
        assertThat(out.resolve("report.html")).isNotEmptyFile();
    }

    private static String log(int i) {
        try {
            return Files.readString(dir.resolve("log-" + (char) ('a' + i)), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    /** kbench in a JVM of its own (target/classes and target/lib, as ./kbench runs it), output to {@code log}. */
    private static Process kbench(Path log, String... args) throws IOException {
        return new ProcessBuilder(ItFixture.kbenchJvm(args)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
