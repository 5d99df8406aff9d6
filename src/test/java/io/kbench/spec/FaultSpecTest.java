package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.release.ReleaseVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fault model: YAML and --fault forms, and every check naming faults[i]. */
class FaultSpecTest {
    private static final String BASE = "producers: {duration: 30s}\ncluster: {brokers: 3}\n";

    @TempDir
    Path dir;

    private WorkloadSpec load(String faultsYaml, String... cliFaults) throws IOException {
        Path file = Files.writeString(Files.createTempFile(dir, "w", ".yaml"), BASE + faultsYaml);
        return new SpecLoader().load(file, List.of(), List.of(cliFaults));
    }

    private void rejects(String faultsYaml, String... expected) {
        assertThatThrownBy(() -> load(faultsYaml)).isInstanceOf(InvalidInputException.class)
                .message().contains(expected).doesNotContain("\n");
    }

    private void rejectsCli(String cliFault, String... expected) {
        assertThatThrownBy(() -> load("", cliFault)).isInstanceOf(InvalidInputException.class)
                .message().contains(expected);
    }

    @Test
    void yamlFaultsBindToTypedRecords() throws IOException {
        WorkloadSpec spec = load("""
                faults:
                  - {at: 10s, action: kill, target: leader, partition: 2, duration: 5s}
                  - {at: 12s, action: pause, target: 3, duration: 500ms}
                  - {at: 20s, action: terminate, target: random, seed: 7}
                  - {at: 25s, action: restart}
                  - {at: 26s, action: exec, target: controller, command: "echo {broker}"}
                """);
        List<FaultSpec> f = spec.faults();
        assertThat(f).hasSize(5);
        assertThat(f.get(0).target().kind()).isEqualTo(FaultTargetKind.LEADER);
        assertThat(f.get(0).leaderPartition()).isEqualTo(2);
        assertThat(f.get(0).endsAt()).isEqualTo(Duration.ofSeconds(15));
        assertThat(f.get(1).target()).isEqualTo(new FaultTarget(FaultTargetKind.BROKER, 3));
        assertThat(f.get(1).duration()).isEqualTo(Duration.ofMillis(500));
        assertThat(f.get(2).randomSeed()).isEqualTo(7);
        assertThat(f.get(3).target()).isNull();
        assertThat(FaultSpec.previousStop(f, 3)).isEqualTo(2);
        assertThat(f.get(4).action()).isEqualTo(FaultAction.EXEC);
        assertThat(f.get(4).command()).isEqualTo("echo {broker}");
    }

    @Test
    void aRollBindsWithItsDefaultsAndItsSettingsAsText() throws IOException {
        WorkloadSpec spec = load("""
                faults:
                  - {at: 5s, action: roll, roll: {brokerConfig: {num.io.threads: 16, log.flush.interval.ms: "1000"},
                     order: ids, settle: 2s}}
                  - {at: 25s, action: roll}
                """);
        FaultSpec config = spec.faults().get(0);
        assertThat(config.action()).isEqualTo(FaultAction.ROLL);
        assertThat(config.roll().changes()).containsExactly(java.util.Map.entry("log.flush.interval.ms", "1000"),
                java.util.Map.entry("num.io.threads", "16"));
        assertThat(config.roll().orderOrDefault()).isEqualTo(RollOrder.IDS);
        assertThat(config.roll().settleOrDefault()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.describe()).isEqualTo("roll (log.flush.interval.ms=1000, num.io.threads=16, ids, settle 2s) at 5s");
        FaultSpec plain = spec.faults().get(1);
        assertThat(plain.roll()).isNull();
        assertThat(plain.rollOrPlain().changes()).isEmpty();
        assertThat(plain.rollOrPlain().orderOrDefault()).isEqualTo(RollOrder.ACTIVE_CONTROLLER_LAST);
        assertThat(plain.rollOrPlain().baselineOrDefault()).isEqualTo(RollSpec.DEFAULT_BASELINE);
        assertThat(plain.describe()).isEqualTo("roll (no config change, active controller last) at 25s");
        assertThat(load("", "at=5s action=roll").faults().get(0).action()).isEqualTo(FaultAction.ROLL);
    }

    @Test
    void badRollsNameTheField() {
        rejects("faults: [{at: 5s, action: roll, roll: {settle: 11m}}]", "faults[0].roll.settle", "11m");
        rejects("faults: [{at: 5s, action: roll, roll: {baseline: 0s}}]", "faults[0].roll.baseline", "positive");
        rejects("faults: [{at: 5s, action: roll, roll: {brokerConfig: {}}}]", "faults[0].roll.brokerConfig",
                "plain rolling restart");
        rejects("faults: [{at: 5s, action: roll, duration: 5s}]", "faults[0].duration");
        rejects("faults: [{at: 5s, action: pause, target: 1, roll: {}}]", "faults[0].roll", "only applies to action roll");
    }

    @Test
    void aRollingUpgradeBindsItsReleaseAndFinalize() throws IOException {
        WorkloadSpec spec = load("""
                faults:
                  - {at: 5s, action: roll, roll: {kafkaVersion: 4.4.0, finalize: true}}
                  - {at: 20s, action: roll, roll: {kafkaVersion: " 3.9.1", finalize: false}}
                """);
        RollSpec upgrade = spec.faults().get(0).roll();
        assertThat(upgrade.kafkaVersion()).isEqualTo("4.4.0");
        assertThat(upgrade.metadataFinalize()).isEqualTo(MetadataFinalize.FINALIZE);
        assertThat(spec.faults().get(0).describe()).isEqualTo("roll (to Kafka 4.4.0 then finalize metadata.version,"
                + " no config change, active controller last) at 5s");
        assertThat(spec.faults().get(1).roll().kafkaVersion()).isEqualTo("3.9.1");
        assertThat(spec.faults().get(1).roll().metadataFinalize()).isEqualTo(MetadataFinalize.KEEP);
        assertThat(spec.faults().get(1).rollOrPlain().release()).hasValue(new ReleaseVersion(3, 9, 1));
    }

    @Test
    void badRollingUpgradesNameTheFieldInOneLine() {
        rejects("faults: [{at: 5s, action: roll, roll: {kafkaVersion: \"4.4\"}}]", "faults[0].roll.kafkaVersion: must be a"
                + " Kafka release version major.minor.patch, like 4.4.0 (got '4.4')");
        rejects("faults: [{at: 5s, action: roll, roll: {kafkaVersion: 3.6.2}}]",
                "faults[0].roll.kafkaVersion: must be a KRaft release from 3.7.0 on (got '3.6.2')");
        rejects("faults: [{at: 5s, action: roll, roll: {finalize: true}}]",
                "faults[0].roll.finalize: only applies with roll.kafkaVersion");
    }

    @Test
    void cliFaultsAreAppendedAfterTheFilesFaults() throws IOException {
        WorkloadSpec spec = load("faults: [{at: 1s, action: pause, target: 1}]\n",
                "at=20s action=kill target=leader duration=10s",
                "at=21s action=exec target=2 command=ssh host-{broker} sudo kill -9 $(pgrep kafka)");
        assertThat(spec.faults()).hasSize(3);
        assertThat(spec.faults().get(1).describe()).isEqualTo("kill leader at 20s for 10s");
        assertThat(spec.faults().get(2).command()).isEqualTo("ssh host-{broker} sudo kill -9 $(pgrep kafka)");
    }

    @Test
    void noFaultsIsAnEmptyListLeftOutOfTheJson() throws IOException {
        assertThat(load("").faults()).isEmpty();
    }

    @Test
    void badFaultsNameTheFaultAndTheField() {
        rejects("faults: [{at: 10s, action: explode, target: 1}]", "faults[0].action", "explode", "kill, terminate");
        rejects("faults: [{at: 10s, action: kill, target: everyone}]", "faults[0].target", "everyone",
                "leader, controller or random");
        rejects("faults: [{at: 10s, action: kill, target: 1}, {action: kill, target: 2}]", "faults[1].at", "required");
        rejects("faults: [{at: 10s, target: 1}]", "faults[0].action", "required");
        rejects("faults: [{at: 10s, action: kill}]", "faults[0].target", "required");
        rejects("faults: [{at: 10s, action: exec, target: 1, duration: 2s, command: x}]", "faults[0].duration",
                "only applies to kill, terminate and pause");
        rejects("faults: [{at: 10s, action: kill, target: 1, partition: 1}]", "faults[0].partition", "target leader");
        rejects("faults: [{at: 10s, action: kill, target: 1, command: x}]", "faults[0].command", "exec");
        rejects("faults: [{at: 10s, action: exec, target: 1}]", "faults[0].command", "required");
        rejects("faults: [{at: 10s, action: kill, target: 1, seed: 3}]", "faults[0].seed", "target random");
        rejects("faults: [{at: 10s, action: kill, target: 1, bogus: 3}]", "unknown key", "faults[0].bogus");
    }

    @Test
    void faultsMustLieInTheMeasuredWindow() {
        rejects("faults: [{at: 30s, action: kill, target: 1}]", "faults[0].at", "30s", "inside the measured window");
        rejects("faults: [{at: 25s, action: pause, target: 1, duration: 10s}]", "faults[0].duration", "35s");
        assertThatThrownBy(() -> new SpecLoader().load(Files.writeString(dir.resolve("r.yaml"),
                "producers: {records: 1000}\nfaults: [{at: 1s, action: kill, target: 1}]\n"), List.of()))
                .hasMessageContaining("faults[0].at").hasMessageContaining("producers.duration");
    }

    @Test
    void aRestartWithoutTargetNeedsAnEarlierStop() {
        rejects("faults: [{at: 10s, action: restart}]", "faults[0].target", "earlier kill or terminate");
        rejects("faults: [{at: 10s, action: kill, target: 1, duration: 5s}, {at: 20s, action: restart}]",
                "faults[1].target");
    }

    @Test
    void badCliFaultsNameTheText() {
        rejectsCli("at=10s action=kill target=1 colour=red", "--fault", "unknown key 'colour'");
        rejectsCli("kill the leader", "--fault", "key=value");
        rejectsCli("at=1s at=2s action=kill target=1", "--fault", "given twice");
        rejectsCli("at=soon action=kill target=1", "faults[0].at", "soon");
    }

    /** Network faults (delay, drop, isolate): YAML and --fault forms, and their checks naming faults[i].field. */
    @Nested
    class NetworkFaults {
        @Test
        void yamlAndCliNetworkFaultsBind() throws IOException {
            WorkloadSpec spec = load("""
                    faults:
                      - {at: 5s, action: delay, target: 2, duration: 10s, delay: 50ms, jitter: 5ms, scope: peers}
                      - {at: 16s, action: isolate, target: leader, duration: 2s, scope: clients}
                    """, "at=20s action=drop target=random duration=1s", "at=22s action=delay target=1 delay=1s");
            List<FaultSpec> f = spec.faults();
            assertThat(f.get(0).delay()).isEqualTo(Duration.ofMillis(50));
            assertThat(f.get(0).delayJitter()).isEqualTo(Duration.ofMillis(5));
            assertThat(f.get(0).networkScope()).isEqualTo(FaultScope.PEERS);
            assertThat(f.get(0).describe()).isEqualTo("delay 2 by 50ms +- 5ms (peers) at 5s for 10s");
            assertThat(f.get(1).networkScope()).isEqualTo(FaultScope.CLIENTS);
            assertThat(f.get(2).action()).isEqualTo(FaultAction.DROP);
            assertThat(f.get(2).networkScope()).as("default scope").isEqualTo(FaultScope.ALL);
            assertThat(f.get(3).delayJitter()).isEqualTo(Duration.ZERO);
            assertThat(f.get(3).endsAt()).as("a delay without duration lasts to the end of the run").isNull();
            assertThat(f.stream().allMatch(x -> x.action().isNetwork())).isTrue();
        }

        @Test
        void theSlowFollowerScenarioDelaysOneFollowersReplication() throws IOException {
            FaultSpec f = new SpecLoader().load(Path.of("scenarios/faults-slow-follower.yaml"), List.of()).faults().get(0);
            assertThat(f.target().kind()).isEqualTo(FaultTargetKind.FOLLOWER);
            assertThat(f.action()).isEqualTo(FaultAction.DELAY);
            assertThat(f.networkScope()).isEqualTo(FaultScope.PEERS);
            assertThat(f.describe()).isEqualTo("delay follower of partition 0 by 50ms +- 5ms (peers) at 20s for 20s");
        }

        @Test
        void badNetworkFaultsNameTheField() {
            rejects("faults: [{at: 5s, action: kill, target: 1, partition: 0}]", "faults[0].partition", "leader or follower");
            rejects("faults: [{at: 5s, action: delay, target: 1}]", "faults[0].delay", "required");
            rejects("faults: [{at: 5s, action: delay, target: 1, delay: 0ms}]", "faults[0].delay", "positive");
            rejects("faults: [{at: 5s, action: delay, target: 1, delay: 11s}]", "faults[0].delay", "at most 10s");
            rejects("faults: [{at: 5s, action: delay, target: 1, delay: 10ms, jitter: 20ms}]", "faults[0].jitter",
                    "between 0 and the delay");
            rejects("faults: [{at: 5s, action: drop, target: 1, delay: 10ms}]", "faults[0].delay", "only applies");
            rejects("faults: [{at: 5s, action: isolate, target: 1, jitter: 10ms}]", "faults[0].jitter", "only applies");
            rejects("faults: [{at: 5s, action: kill, target: 1, scope: peers}]", "faults[0].scope", "network actions");
            rejects("faults: [{at: 5s, action: isolate, target: 1, scope: everybody}]", "faults[0].scope", "everybody");
            rejects("faults: [{at: 25s, action: delay, target: 1, delay: 5ms, duration: 10s}]", "faults[0].duration",
                    "after the measured window");
        }
    }
}
