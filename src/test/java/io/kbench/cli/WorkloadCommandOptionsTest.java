package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * run, sweep and find-max take the same workload options from one mixin ({@link RunContextOptions}): --set, --verify,
 * --fault and --dry-run work on each, checked before anything starts.
 */
class WorkloadCommandOptionsTest {
    private static final Duration FAST = Duration.ofSeconds(10);
    private static final String S1 = "scenarios/s1-compression.yaml";

    @TempDir
    Path dir;

    private CliRun kbench(String... args) {
        return CliRun.leavingNothing(dir.resolve("results"), args);
    }

    private static Set<String> options(String command) {
        return new TreeSet<>(Main.newCommandLine().getSubcommands().get(command).getCommandSpec().optionsMap().keySet());
    }

    @Test
    void everyWorkloadCommandTakesTheSharedOptions() {
        Set<String> shared = new TreeSet<>(new CommandLine(new SharedOnly()).getCommandSpec().optionsMap().keySet());
        assertThat(shared).contains("--set", "--verify", "--fault", "--dry-run", "--bootstrap-server", "--brokers",
                "--security", "--results-dir", "--tag", "--threshold", "--metrics-port", "--no-telemetry", "--workers",
                "--client-java-home", "--client-kafka-version", "--client-cpus");
        for (String command : List.of("run", "sweep", "find-max")) {
            assertThat(options(command)).as(command).containsAll(shared);
        }
    }

    /** The mixin alone, to list its options. */
    @CommandLine.Command(name = "shared")
    static final class SharedOnly {
        @CommandLine.Mixin
        RunContextOptions options = new RunContextOptions();
    }

    @Test
    void sweepTakesSetAsTheScenarioFileSaysAndDryRunPrintsEveryPoint() {
        CliRun run = kbench("sweep", S1, "--set", "producers.records=5000", "--set", "topic.partitions=3", "--dry-run");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stderr()).as(run.transcript()).isBlank();
        assertThat(run.stdout()).as(run.transcript()).contains("# point 1/5: compression.type=none, 3 repetition(s)",
                "# point 5/5: compression.type=zstd", "compression.type: gzip", "compression.type: zstd");
        assertThat(run.stdout().lines().filter(l -> l.trim().equals("records: 5000")).count()).as(run.transcript())
                .isEqualTo(5);
        assertThat(run.stdout().lines().filter(l -> l.trim().equals("partitions: 3")).count()).as(run.transcript())
                .isEqualTo(5);
        assertThat(dir.resolve("results")).as("a dry run writes nothing").doesNotExist();
    }

    @Test
    void sweepVerifyIsSetVerifyTrue() {
        CliRun run = kbench("sweep", S1, "--verify", "--dry-run");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout().lines().filter(l -> l.trim().equals("verify: true")).count()).as(run.transcript())
                .isEqualTo(5);
    }

    @Test
    void sweepRefusesBadSetValuesAndSettingAVariedPath() {
        kbench("sweep", S1, "--set", "producers.count=many").assertOneErrorLine(2, FAST, "producers.count", "many");
        kbench("sweep", S1, "--set", "producers.properties.compression.type=gzip")
                .assertOneErrorLine(2, FAST, "--set", "producers.properties.compression.type", "sweep varies");
        kbench("sweep", S1, "--set", "nonsense").assertOneErrorLine(2, FAST, "--set", "path=value");
    }

    @Test
    void sweepDryRunMakesTheSweepsChecks() throws IOException {
        Path sweep = Files.writeString(dir.resolve("s.yaml"), "name: s\nbase: {producers: {count: 1}}\n"
                + "axes: {cluster.brokers: [1, 2]}\n");
        kbench("sweep", sweep.toString(), "--dry-run", "--bootstrap-server", "127.0.0.1:1")
                .assertOneErrorLine(2, FAST, "cluster.brokers", "cannot be varied against an existing cluster");
        kbench("sweep", sweep.toString(), "--dry-run", "--set", "topic.replicationFactor=2")
                .assertOneErrorLine(2, FAST, "topic.replicationFactor", "embedded brokers (1)");
    }

    @Test
    void findMaxDryRunPrintsTheFirstProbeAndTheSearch() {
        CliRun run = kbench("find-max", "--set", "consumers.mode=none", "--start-rate", "2000", "--probe-duration",
                "4s", "--dry-run");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).as(run.transcript()).contains("rate: 2000", "duration: 4s", "warmupDuration: 3s",
                "deleteAfter: true", "# find-max: probes from 2,000 records/s", "SLA: ");
        assertThat(dir.resolve("results")).as("a dry run writes nothing").doesNotExist();
        CliRun auto = kbench("find-max", "--set", "consumers.mode=none", "--searches", "auto", "--budget", "4", "--dry-run");
        assertThat(auto.stdout()).as(auto.transcript()).contains("# find-max: searches until the 95% interval of the answer"
                + " is within ±10% (at least 3, at most 4); probes from 1,000 records/s", "at most 20 probes per search");
    }

    @Test
    void findMaxRefusesFaultsBeforeAnythingStarts() {
        kbench("find-max", "--set", "consumers.mode=none", "--fault", "at=2s action=kill target=leader")
                .assertOneErrorLine(2, FAST, "faults", "not by find-max");
    }
}
