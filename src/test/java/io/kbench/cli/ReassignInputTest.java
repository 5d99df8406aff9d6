package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad add-broker, reassign and remove-broker input: exit 2, one line naming the field and value, no broker started. */
class ReassignInputTest {
    @TempDir
    Path dir;

    private CliRun run(String... args) {
        List<String> all = new ArrayList<>(List.of("--brokers", "3"));
        all.addAll(List.of(args));
        return external(all.toArray(String[]::new));
    }

    private CliRun external(String... args) {
        List<String> all = new ArrayList<>(List.of("run", "--dry-run", "--results-dir", dir.toString(),
                "--set", "topic.partitions=3", "--set", "producers.duration=20s"));
        all.addAll(List.of(args));
        return CliRun.of(all.toArray(String[]::new));
    }

    @Test
    void aPlanNamingAnUnknownPartitionOrBrokerIsRefused() {
        CliRun.assertInputError(run("--fault", "at=2s action=reassign plan=0:1,2;7:2,3"), "faults[0].plan.7", "no such partition",
                "0 to 2");
        CliRun.assertInputError(run("--fault", "at=2s action=reassign plan=0:1,5"), "faults[0].plan.0", "[1, 5]", "broker 5",
                "1 to 3");
        CliRun.assertInputError(run("--fault", "at=2s action=reassign plan=0:1,1"), "faults[0].plan.0", "twice");
        CliRun.assertInputError(run("--fault", "at=2s action=reassign plan=0-1"), "--fault", "partition:replicas");
    }

    @Test
    void anAddedBrokerCountsForTheFaultsAfterItOnly() {
        assertThat(run("--fault", "at=2s action=add-broker", "--fault", "at=3s action=reassign plan=0:1,4")
                .exitCode()).isZero();
        CliRun.assertInputError(run("--fault", "at=2s action=add-broker", "--fault", "at=1s action=reassign plan=0:1,4"),
                "faults[1].plan.0", "broker 4", "1 to 3");
        CliRun.assertInputError(run("--fault", "at=2s action=remove-broker target=4"), "faults[0].target", "4");
    }

    @Test
    void aThrottleNeedsAUnit() {
        CliRun.assertInputError(run("--fault", "at=2s action=reassign throttle=10485760"), "faults[0].throttle", "'10485760'",
                "needs a unit", "10MiB/s");
        CliRun.assertInputError(run("--fault", "at=2s action=reassign throttle=10MB/s"), "faults[0].throttle", "'10MB/s'",
                "binary");
        CliRun.assertInputError(run("--fault", "at=2s action=kill target=1 throttle=10MiB/s"), "faults[0].throttle",
                "reassign and remove-broker");
    }

    @Test
    void addAndRemoveBrokerNeedTheEmbeddedCluster() {
        CliRun.assertInputError(external("--bootstrap-server", "127.0.0.1:1", "--fault", "at=2s action=add-broker"),
                "faults[0].action", "add-broker", "embedded");
        CliRun.assertInputError(external("--bootstrap-server", "127.0.0.1:1", "--fault", "at=2s action=remove-broker target=1"),
                "faults[0].action", "remove-broker", "embedded");
        CliRun.assertInputError(run("--fault", "at=2s action=add-broker target=2"), "faults[0].target", "add-broker");
    }
}
