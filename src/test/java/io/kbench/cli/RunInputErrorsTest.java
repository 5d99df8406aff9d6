package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to {@code kbench run}: exit 2 (or 1 for an unreachable cluster), one {@code kbench: error:} line,
 * no stack trace, and no broker started. Only the unreachable case talks to the network (a closed port).
 */
class RunInputErrorsTest {
    @TempDir
    Path dir;

    record Outcome(int exit, String out, String err, Duration took) {
        List<String> errLines() {
            return err.lines().filter(l -> !l.isBlank()).toList();
        }

        @Override
        public String toString() {
            return "exit " + exit + " after " + took.toMillis() + " ms\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
        }
    }

    private Outcome run(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--results-dir");
        all.add(dir.resolve("results").toString());
        CliRun r = CliRun.of(all.toArray(String[]::new));
        return new Outcome(r.exitCode(), r.stdout(), r.stderr(), r.took());
    }

    /** Exit code as given, exactly one stderr line starting "kbench: error:" that contains {@code expected}. */
    private static void assertOneLineError(Outcome o, int exit, Duration within, String... expected) {
        assertThat(o.exit()).as(o.toString()).isEqualTo(exit);
        assertThat(o.errLines()).as(o.toString()).hasSize(1);
        assertThat(o.errLines().get(0)).as(o.toString()).startsWith("kbench: error:").contains(expected);
        assertNoStackTrace(o);
        assertThat(o.took()).as(o.toString()).isLessThan(within);
        assertThat(o.out()).as(o.toString()).doesNotContain("cluster: starting");
    }

    private static void assertNoStackTrace(Outcome o) {
        assertThat(o.err() + o.out()).as(o.toString())
                .doesNotContain("at io.").doesNotContain("Exception in thread").doesNotContain("\tat ");
    }

    private static final Duration FAST = Duration.ofSeconds(5);

    @Test
    void malformedYaml() throws IOException {
        Path f = Files.writeString(dir.resolve("bad.yaml"), "topic:\n  partitions: 3\n producers: [\n");
        assertOneLineError(run("run", f.toString()), 2, FAST, "malformed YAML", "line 3");
    }

    @Test
    void unknownKey() throws IOException {
        Path f = Files.writeString(dir.resolve("unknown.yaml"), "producers:\n  rat: 5\n");
        assertOneLineError(run("run", f.toString()), 2, FAST, "producers.rat");
    }

    /** Issue 42: a misspelt topic config passed --dry-run and failed only once the broker was up. */
    @Test
    void misspeltTopicConfigFailsDryRun() {
        assertOneLineError(run("run", "--dry-run", "--set", "topic.configs.retention.msec=60000"), 2, FAST,
                "topic.configs.retention.msec: not a Kafka topic config; did you mean retention.ms?", "(got 60000)");
        assertOneLineError(run("run", "--set", "topic.configs.retention.msec=60000"), 2, FAST, "did you mean retention.ms?");
    }

    @Test
    void zeroPartitions() {
        assertOneLineError(run("run", "--set", "topic.partitions=0"), 2, FAST, "topic.partitions", "got 0");
    }

    @Test
    void negativeRecordSize() {
        assertOneLineError(run("run", "--set", "producers.recordSize=-5"), 2, FAST, "producers.recordSize", "got -5");
    }

    @Test
    void replicationFactorAboveEmbeddedBrokersIsRejectedBeforeAnyBrokerStarts() {
        Outcome o = run("run", "--set", "topic.replicationFactor=3");
        assertOneLineError(o, 2, FAST, "topic.replicationFactor", "3", "1");
    }

    @Test
    void missingPayloadFileIsRejectedBeforeAnyBrokerStarts() throws IOException {
        // the quick-start sets compressibility (synthetic only), so start from a file without it
        Path f = Files.writeString(dir.resolve("w.yaml"), "name: w\n");
        Outcome o = run("run", f.toString(), "--set", "producers.payload.type=file", "--set", "producers.payload.file=/nope");
        assertOneLineError(o, 2, FAST, "producers.payload.file", "/nope");
        // on the quick-start, which also sets a synthetic-only field, it is still one input error and no broker
        o = run("run", "--set", "producers.payload.type=file", "--set", "producers.payload.file=/nope");
        assertOneLineError(o, 2, FAST, "producers.payload");
    }

    @Test
    void verifyNeedsProducersAndRoomForTheRecordIdBeforeAnyBrokerStarts() throws IOException {
        Path backlog = Files.writeString(dir.resolve("b.yaml"),
                "name: b\nproducers: {count: 0}\nconsumers: {mode: backlog, records: 10}\nverify: true\n");
        assertOneLineError(run("run", backlog.toString()), 2, FAST, "verify", "producers.count 0", "got true");
        assertOneLineError(run("run", "--verify", "--set", "producers.recordSize=20"), 2, FAST,
                "producers.recordSize", ">= 24 bytes with verify", "got 20");
        Path payloads = Files.writeString(dir.resolve("p.txt"), "short\nalso short\n");
        Path f = Files.writeString(dir.resolve("w.yaml"), "name: w\nconsumers: {mode: none}\nverify: true\n"
                + "producers: {payload: {type: file, file: " + payloads + "}}\n");
        assertOneLineError(run("run", f.toString()), 2, FAST, "producers.payload.file", "shorter than 24 bytes");
        assertOneLineError(run("run", "--set", "verify=often"), 2, FAST, "verify");
    }

    @Test
    void verifyShowsInTheResolvedWorkload() {
        Outcome o = run("run", "--verify", "--dry-run");
        assertThat(o.exit()).as(o.toString()).isZero();
        assertThat(o.out()).as(o.toString()).contains("verify: true");
    }

    @Test
    void bootstrapServerConflictsWithBrokers() {
        assertOneLineError(run("run", "--bootstrap-server", "127.0.0.1:1", "--brokers", "3"), 2, FAST,
                "--bootstrap-server", "--brokers");
    }

    @Test
    void unknownOption() {
        Outcome o = run("run", "--no-such-option");
        assertThat(o.exit()).as(o.toString()).isEqualTo(2);
        List<String> errors = o.errLines().stream().filter(l -> l.startsWith("kbench: error:")).toList();
        assertThat(errors).as(o.toString()).hasSize(1);
        assertThat(errors.get(0)).as(o.toString()).contains("--no-such-option");
        // picocli's usage hint may follow, but every line is kbench's own
        assertThat(o.errLines()).as(o.toString()).allSatisfy(l -> assertThat(l).startsWith("kbench: "));
        assertNoStackTrace(o);
        assertThat(o.took()).as(o.toString()).isLessThan(FAST);
    }

    @Test
    void missingWorkloadFile() {
        assertOneLineError(run("run", dir.resolve("missing.yaml").toString()), 2, FAST,
                "workload file not found", "missing.yaml");
    }

    @Test
    void missingCommandConfig() {
        assertOneLineError(run("run", "--command-config", "/nope"), 2, FAST, "--command-config", "/nope");
    }

    @Test
    void unreachableBootstrapServerFailsWithinBoundedTime() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // free, and closed once this block ends
        }
        Outcome o = run("run", "--bootstrap-server", "127.0.0.1:" + port, "--set", "producers.duration=2s",
                "--set", "producers.warmupDuration=0s");
        assertOneLineError(o, 1, Duration.ofSeconds(60), "127.0.0.1:" + port);
    }
}
