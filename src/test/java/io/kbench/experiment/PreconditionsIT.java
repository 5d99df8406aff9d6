package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.io.ResultReader;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Findings judged where their cause is absent end "not testable here" with the reason measured in these runs: a
 * thread-count claim on a broker held at its CPU quota, a disk claim on data that fits in the page cache, and a claim
 * judged outside its stated range (issue 37).
 */
@EmbeddedKafka
class PreconditionsIT {
    @TempDir
    Path results;

    @Test
    void findingsWhoseCauseIsAbsentAreNotTestableHereWithTheMeasuredReason() throws IOException {
        assumeTrue(Files.isWritable(Path.of("/sys/fs/cgroup/cpu")), "needs a writable cgroup v1 cpu controller");
        CliRun run = CliRun.of("sweep", SweepIT.SWEEPS + "it-preconditions.yaml", "--results-dir", results.toString(),
                "--broker-heap", "384m");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        // The findings, kept in failsafe's report (target/failsafe-reports/*PreconditionsIT-output.txt): docs/sweeps.md
        // quotes them.
        run.stdout().lines().dropWhile(l -> !l.startsWith("finding "))
                .takeWhile(l -> !l.isBlank() && !l.startsWith("results: ")).forEach(System.out::println);
        SweepResult sweep = ResultReader.read(onlyDir().resolve("sweep.json"), SweepResult.class);
        for (SweepResult.Point p : sweep.points()) {
            assertThat(p.conditions()).as(p.name()).isNotNull();
            assertThat(p.conditions().cpuQuotaCores()).isEqualTo(0.3);
            assertThat(p.conditions().brokerThrottledPercent()).as("sampled from cpu.stat: " + p.name()).isNotNull();
            assertThat(p.conditions().pageCacheBytes()).isGreaterThan((long) p.conditions().writtenBytes().max());
        }

        FindingVerdict threads = finding(sweep, "more I/O threads");
        assertThat(threads.outcome()).as(threads.toString()).isEqualTo(FindingOutcome.NOT_TESTABLE);
        assertThat(threads.groups().get(0).shown()).startsWith("not testable here: at ")
                .containsPattern("a broker was throttled in \\d+% of its CPU quota periods \\(0.3 cores; median of 2 runs;"
                        + " the claim needs under 25%\\)");

        FindingVerdict disk = finding(sweep, "throughput falls");
        assertThat(disk.outcome()).as(disk.toString()).isEqualTo(FindingOutcome.NOT_TESTABLE);
        assertThat(disk.groups().get(0).shown()).containsPattern("the most any compared point wrote was [0-9.,]+ (MiB|GiB) per run")
                .contains("the brokers' page cache can hold");

        FindingVerdict range = finding(sweep, "not influenced");
        List<FindingOutcome> outcomes = range.groups().stream().map(FindingVerdict.Group::outcome).toList();
        assertThat(outcomes).as(range.toString()).hasSize(2).contains(FindingOutcome.NOT_TESTABLE);
        assertThat(range.groups()).anySatisfy(g -> assertThat(g.shown())
                .isEqualTo("not testable here: count=3 lies outside the claim's range 1..2"));
        assertThat(run.stdout()).contains("NOT_TESTABLE").contains("throttled in");
    }

    private static FindingVerdict finding(SweepResult sweep, String claimStart) {
        return sweep.findings().stream().filter(f -> f.claim().contains(claimStart)).findFirst().orElseThrow();
    }

    private Path onlyDir() throws IOException {
        try (Stream<Path> dirs = Files.list(results)) {
            return dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }
}
