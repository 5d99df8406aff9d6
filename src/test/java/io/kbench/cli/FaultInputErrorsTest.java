package io.kbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad faults through the CLI (run, sweep, find-max): exit 2, one stderr line naming the fault, nothing on stdout, no
 * process started, fast. The external-cluster case names a closed port: the fault check comes before any connection.
 */
class FaultInputErrorsTest {
    private static final Duration FAST = Duration.ofSeconds(8);

    @TempDir
    Path dir;

    private CliRun kbench(String... args) {
        return CliRun.leavingNothing(dir.resolve("results"), args);
    }

    private static void assertInputError(CliRun run, String... expected) {
        run.assertOneErrorLine(2, FAST, expected);
    }

    private Path workload(String faults) throws IOException {
        return Files.writeString(dir.resolve("w.yaml"), """
                name: f
                topic: {partitions: 3, replicationFactor: 3}
                producers: {rate: 100, duration: 20s}
                cluster: {brokers: 3}
                """ + faults);
    }

    @Test
    void faultTimeOutsideTheMeasuredWindow() {
        assertInputError(kbench("run", "--set", "producers.duration=10s", "--fault", "at=20s action=kill target=1"),
                "faults[0].at", "20s", "inside the measured window");
    }

    @Test
    void unknownActionOrTarget() throws IOException {
        assertInputError(kbench("run", "--fault", "at=5s action=explode target=1"), "faults[0].action", "explode");
        assertInputError(kbench("run", "--fault", "at=5s action=kill target=somebody"), "faults[0].target", "somebody");
        assertInputError(kbench("run", workload("faults: [{at: 1s, action: pause, target: 1, colour: red}]\n").toString()),
                "unknown key", "faults[0].colour");
    }

    @Test
    void brokerThatDoesNotExist() throws IOException {
        assertInputError(kbench("run", workload("").toString(), "--fault", "at=5s action=pause target=4 duration=1s"),
                "faults[0].target", "4", "brokers 1 to 3");
        assertInputError(kbench("run", "--fault", "at=5s action=kill target=2"), "faults[0].target", "brokers 1 to 1");
    }

    @Test
    void processFaultsAgainstAnExternalCluster() {
        assertInputError(kbench("run", "--bootstrap-server", "127.0.0.1:1", "--fault", "at=5s action=kill target=leader"),
                "faults[0].action", "kill", "only actions exec and reassign");
    }

    @Test
    void badFaultText() {
        assertInputError(kbench("run", "--fault", "kill the leader at 20s"), "--fault", "key=value");
        assertInputError(kbench("run", "--fault", "at=5s action=exec target=1"), "faults[0].command", "required");
    }

    /**
     * A roll is refused before any broker starts: on an external cluster, on fewer than 3 brokers, with a broker key
     * Kafka does not define, a key kbench sets per node, a target, or a roll block on another action.
     */
    @Test
    void rollRefusals() throws IOException {
        assertInputError(kbench("run", "--bootstrap-server", "127.0.0.1:1", "--fault", "at=5s action=roll"),
                "faults[0].action", "roll", "only actions exec and reassign");
        assertInputError(kbench("run", "--fault", "at=5s action=roll"), "faults[0].action", "roll",
                "at least 3 brokers (this one has 1)");
        assertInputError(kbench("run", workload("faults: [{at: 5s, action: roll, roll: {brokerConfig:"
                + " {num.io.thread: 16}}}]\n").toString()), "faults[0].roll.brokerConfig.num.io.thread", "16",
                "not a Kafka broker config", "num.io.threads");
        assertInputError(kbench("run", workload("faults: [{at: 5s, action: roll, roll: {brokerConfig:"
                + " {num.io.threads: 0}}}]\n").toString()), "faults[0].roll.brokerConfig.num.io.threads", "0");
        assertInputError(kbench("run", workload("faults: [{at: 5s, action: roll, roll: {brokerConfig:"
                + " {node.id: \"7\"}}}]\n").toString()), "faults[0].roll.brokerConfig.node.id", "set by kbench");
        assertInputError(kbench("run", workload("faults: [{at: 5s, action: roll, target: 1}]\n").toString()),
                "faults[0].target", "does not apply to roll");
        assertInputError(kbench("run", workload("faults: [{at: 5s, action: kill, target: 1, roll: {order: ids}}]\n")
                .toString()), "faults[0].roll", "only applies to action roll");
        assertInputError(kbench("run", workload("faults: [{at: 5s, action: roll, roll: {order: backwards}}]\n")
                .toString()), "faults[0].roll.order", "backwards");
    }

    @Test
    void findMaxRefusesFaults() throws IOException {
        Path w = workload("faults: [{at: 1s, action: pause, target: 1, duration: 1s}]\n");
        assertInputError(kbench("find-max", w.toString(), "--sla", "publish.p99<200ms"), "faults", "find-max");
    }

    /** A sweep checks every point's faults (workload and --fault) before the first repetition. */
    @Test
    void sweepChecksEveryPointsFaultsFirst() throws IOException {
        workload("faults: [{at: 1s, action: pause, target: 1, duration: 1s}]\n");
        Path sweep = Files.writeString(dir.resolve("s.yaml"),
                "name: s\nworkload: w.yaml\nrepeat: 1\naxes:\n  cluster.brokers: [3, 2]\n");
        assertInputError(kbench("sweep", sweep.toString(), "--fault", "at=2s action=kill target=3"),
                "point cluster.brokers=2", "faults[1].target", "3", "brokers 1 to 2");
        assertInputError(kbench("sweep", sweep.toString(), "--fault", "at=30s action=kill target=1"),
                "faults[1].at", "30s", "inside the measured window");
        Path external = Files.writeString(dir.resolve("e.yaml"),
                "name: e\nworkload: w.yaml\nrepeat: 1\naxes:\n  producers.properties.acks: [all]\n");
        assertInputError(kbench("sweep", external.toString(), "--bootstrap-server", "127.0.0.1:1"),
                "faults[0].action", "pause", "only actions exec and reassign");
    }
}
