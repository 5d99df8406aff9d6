package io.kbench.cli;

import static io.kbench.cli.CliRun.assertInputError;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code producers.client} and {@code consumers.client} on the command line: --dry-run shows the client, a property the
 * client cannot honour is refused before anything starts, and what cannot run a driver yet (transactions with driver
 * producers, also at a sweep's point, a client without a driver) says so in one line, exit 2, never runs the Java
 * client under its name, while a roll with driver producers runs. And {@code kbench drivers}' input errors.
 */
class ClientCommandLineTest {
    @TempDir
    Path dir;

    private CliRun kbench(String... args) {
        return CliRun.leavingNothing(dir.resolve("results"), args);
    }

    @Test
    void dryRunShowsTheClient() {
        CliRun run = kbench("run", "--dry-run", "--set", "producers.client=franz-go", "--set", "consumers.client=librdkafka");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).contains("  client: franz-go").contains("  client: librdkafka")
                .containsPattern("(?m)^# producers.client franz-go: driver (built|not built yet|cannot be built here)")
                .containsPattern("(?m)^# consumers.client librdkafka: driver (built|not built yet|cannot be built here)");
        CliRun java = kbench("run", "--dry-run");
        assertThat(java.stdout()).as("java is the default, not written").doesNotContain("  client: ");
    }

    @Test
    void aPropertyTheClientCannotHonourIsRefusedEvenInADryRun() {
        assertInputError(kbench("run", "--dry-run", "--set", "producers.client=franz-go",
                "--set", "producers.properties.max.block.ms=1000"),
                "producers.properties.max.block.ms: client franz-go does not understand it", "(got 1000)");
    }

    @Test
    void whatARunCannotDoWithDriverProducersYetIsRefusedEvenInADryRun() {
        CliRun verify = kbench("run", "--dry-run", "--set", "producers.client=franz-go", "--set", "verify=true");
        assertThat(verify.exitCode()).as("verify reads a driver's send logs: " + verify.transcript()).isZero();
        assertThat(verify.stdout()).contains("verify: true");
        // A roll's steps count the driver's acknowledged records per window (done.faults.acknowledged, DriverRollIT).
        CliRun roll = kbench("run", "--dry-run", "--set", "producers.client=franz-go", "--set", "cluster.brokers=3",
                "--set", "faults=[{action: roll, at: 5s}]");
        assertThat(roll.exitCode()).as(roll.transcript()).isZero();
        assertThat(roll.stdout()).contains("action: roll");
        assertInputError(kbench("run", "--dry-run", "--set", "producers.client=franz-go", "--set",
                "producers.transactions.recordsPerTransaction=100"),
                "producers.transactions: runs with client java only; the franz-go driver does not do it yet",
                "(got client franz-go)");
        // Workers run the driver their slice names (DistributedDriversIT): a distributed dry run shows the client.
        CliRun workers = kbench("run", "--dry-run", "--set", "producers.client=franz-go", "--set",
                "producers.warmupDuration=2s", "--local-workers", "2");
        assertThat(workers.exitCode()).as(workers.transcript()).isZero();
        assertThat(workers.stdout()).contains("  client: franz-go");
    }

    /**
     * find-max runs a driver as its probes are runs (FindMaxDriverIT); its --dry-run shows the first probe's workload
     * with the client, and refuses what a run with a driver refuses, as a run's --dry-run does.
     */
    @Test
    void findMaxShowsTheDriverClientAndRefusesWhatARunWould() {
        CliRun dryRun = kbench("find-max", "--dry-run", "--set", "producers.client=franz-go",
                "--set", "consumers.client=franz-go", "--sla", "e2e.p99<200ms");
        assertThat(dryRun.exitCode()).as(dryRun.transcript()).isZero();
        assertThat(dryRun.stdout()).contains("  client: franz-go").contains("# find-max: ");
        assertInputError(kbench("find-max", "--dry-run", "--set", "producers.client=franz-go",
                "--set", "producers.properties.max.block.ms=1000"),
                "producers.properties.max.block.ms: client franz-go does not understand it", "(got 1000)");
    }

    /**
     * A sweep runs a driver point as a run does (ClientsSweepIT), so what a run refuses with a driver is refused for
     * the point before the sweep's first repetition, and in its --dry-run as in a run's: here transactions with driver
     * producers, the last point's.
     */
    @Test
    void aSweepPointThatARunWouldRefuseIsRefusedBeforeItsFirstRepetition() throws Exception {
        Path sweep = Files.writeString(dir.resolve("sweep.yaml"), """
                base:
                  producers:
                    duration: 10s
                    transactions: {recordsPerTransaction: 100}
                axes:
                  producers.client: [java, franz-go]
                """);
        String refusal = "producers.transactions: runs with client java only; the franz-go driver does not do it yet";
        assertInputError(kbench("sweep", sweep.toString(), "--dry-run"), "point producers.client=franz-go", refusal,
                "(got client franz-go)");
        assertInputError(kbench("sweep", sweep.toString()), "point producers.client=franz-go", refusal,
                "(got client franz-go)");
    }

    @Test
    void driversBuildRefusesJavaAndAnUnknownClient() {
        assertInputError(CliRun.of("drivers", "build", "java"), "CLIENT: java runs in kbench and has no driver (got java)");
        assertInputError(CliRun.of("drivers", "build", "sarama"), "CLIENT: must be one of librdkafka, franz-go (got sarama)");
    }

    @Test
    void driversListSaysWhatEachClientNeedsAndBuildsNothing() {
        CliRun list = CliRun.of("drivers", "list", "--cache", dir.resolve("cache").toString());
        assertThat(list.exitCode()).as(list.transcript()).isZero();
        assertThat(list.stdout()).contains("cache: " + dir.resolve("cache")).containsPattern("(?m)^java +- +in kbench")
                .containsPattern("(?m)^librdkafka .*(not built: 'kbench drivers build librdkafka' builds it|cannot be built here)")
                .containsPattern("(?m)^franz-go .*(not built: 'kbench drivers build franz-go' builds it|cannot be built here)");
        assertThat(dir.resolve("cache")).doesNotExist();
    }
}
