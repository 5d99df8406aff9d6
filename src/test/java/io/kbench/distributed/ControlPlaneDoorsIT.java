package io.kbench.distributed;

import static io.kbench.distributed.ControlTopicsFixture.await;
import static io.kbench.distributed.ControlTopicsFixture.recreate;
import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.Versions;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.WorkerRun;
import io.kbench.result.run.WorkerStatus;
import io.kbench.testkit.ControlKeyFiles;
import io.kbench.testkit.ItFixture;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control plane's doors at a live worker on a real broker: whatever anyone who can write to the control topic
 * sends (random bytes, a record over the bound, deeply nested JSON, a 5,000-digit number, a bare message, an
 * envelope with a forged or no MAC, unknown fields) is named in one line and dropped, and the same worker then runs a
 * real slice; and a key holder's stop with a newline and terminal escapes in its reason is printed as one line and recorded as
 * what stopped the run, in result.json and on the coordinator's terminal. (The control topics' own settings:
 * {@link ControlTopicsIT}.)
 */
// Timing-sensitive (a run stopped mid-load, a run after the forgeries): runs with the other timing ITs.
@Tag("timing")
@EmbeddedKafka
class ControlPlaneDoorsIT {
    @TempDir
    Path dir;

    @Test
    void forgedAndMalformedRecordsAtALiveWorkerAreDroppedAndItRunsARealSliceAfter(EmbeddedCluster cluster) throws Exception {
        recreate(cluster);
        Path keyFile = ControlKeyFiles.write(dir);
        ControlAuth auth = ControlAuth.of(ControlKey.fromFile(keyFile, "--control-key-file"));
        Map<String, String> conn = Map.of("bootstrap.servers", cluster.bootstrapServers());
        ByteArrayOutputStream workerOut = new ByteArrayOutputStream();
        Worker worker = new Worker(conn, conn, auth, "doors-5", Versions.kbench(),
                new PrintStream(workerOut, true, StandardCharsets.UTF_8));
        Thread serving = new Thread(worker::serve, "it-doors-worker");
        serving.start();
        Path results = dir.resolve("results");
        CliRun run;
        try {
            await(workerOut, Pattern.compile("waiting for a coordinator"));
            forge(cluster);
            // The last forgery's refusal: every one before it was read (and dropped) by then.
            await(workerOut, Pattern.compile("refused record of run forged-2 .*carries no MAC"));
            assertThat(serving.isAlive()).as("the worker serves on").isTrue();
            // What this checks is that the worker serves a whole run, not the rate a loaded machine keeps.
            run = CliRun.of("run", ItFixture.workload("it-distributed.yaml"), "--set", "producers.duration=2s",
                    "--set", "producers.rate=600", "--min-rate-ratio", "0", "--workers", "1", "--bootstrap-server", cluster.bootstrapServers(), "--control-key-file",
                    keyFile.toString(), "--no-telemetry", "--results-dir", results.toString());
        } finally {
            worker.stop();
            serving.join(30_000);
        }
        String log = workerOut.toString(StandardCharsets.UTF_8);
        String transcript = "--- worker ---\n" + log + run.transcript();
        assertThat(run.exitCode()).as(transcript).isZero();
        RunResult r = ItFixture.onlyRun(results);
        assertThat(r.distributed().workerRuns()).as(transcript).singleElement()
                .satisfies(w -> assertThat(w.status()).isEqualTo(WorkerStatus.COMPLETED));
        assertThat(r.summary().consumed().records()).as(transcript).isEqualTo(r.summary().produced().records()).isPositive();
        assertThat(log).as(transcript).containsPattern("worker doors-5: run [0-9a-f-]{36}, slice 0: 3 producer\\(s\\)")
                .containsPattern("worker doors-5: run [0-9a-f-]{36} completed; waiting for the next run");
        String refused = "kbench: warning: worker doors-5 refused ";
        assertThat(log).as(transcript)
                .contains(refused + "a record on kbench-control at offset 0: not a kbench control envelope")
                .contains(refused + "a record on kbench-control at offset 1: it is 1048577 characters, over the bound of"
                        + " 1048576")
                .contains(refused + "a record on kbench-control at offset 2: not a kbench control envelope")
                .contains(refused + "a record on kbench-control at offset 3: not a kbench control envelope")
                .contains(refused + "record of run forged-1 from coordinator (seq 1) on kbench-control at offset 4: its"
                        + " MAC does not match")
                .contains(refused + "a record on kbench-control at offset 5: not a kbench control envelope:"
                        + " Unrecognized field \"x\"")
                .contains(refused + "a record on kbench-control at offset 6: not a kbench control envelope: Number value"
                        + " length")
                .contains(refused + "a record on kbench-control at offset 7: its value is null")
                .contains(refused + "record of run forged-2 from coordinator (seq 1) on kbench-control at offset 9: it"
                        + " carries no MAC");
        // One line per refusal, each of them once: no stack trace, no second line of a record.
        assertThat(log.lines().filter(l -> l.contains("refused")).toList()).as(transcript).hasSize(10)
                .allMatch(l -> l.startsWith(refused));
        assertThat(log.lines().filter(l -> l.startsWith("\tat ") || l.startsWith("Caused by")).toList()).as(transcript)
                .isEmpty();
        assertThat(log).as(transcript).doesNotContain("Exception").doesNotContain("joined run forged");
    }

    /**
     * Writes straight to the control topic what any client with WRITE on it can, in this order (offsets 0 to 9): 4 KiB
     * of random bytes (not UTF-8), 1,048,577 characters, 2,000 nested arrays, a bare plan, a plan in an envelope with a
     * made-up MAC, an envelope with a field kbench does not know, a 5,000-digit number (past the parser's bound), a
     * null value, an empty value, and a plan in an envelope without a MAC.
     */
    private static void forge(EmbeddedCluster cluster) throws Exception {
        byte[] random = new byte[4096];
        new Random(41).nextBytes(random);
        // Not UTF-8 from the first byte on, so its refusal is its own whatever the seed draws.
        random[0] = (byte) 0xff;
        String plan = "{\"type\":\"plan\",\"runId\":\"%s\",\"kbenchVersion\":\"" + Versions.kbench() + "\",\"workers\":1}";
        List<byte[]> values = new ArrayList<>();
        values.add(random);
        values.add(utf8("x".repeat(ControlCodec.MAX_CHARS + 1)));
        values.add(utf8("[".repeat(2_000)));
        values.add(utf8(plan.formatted("forged-0")));
        values.add(utf8(ControlCodecTest.envelope("forged-1", plan.formatted("forged-1"))
                .replace("\"mac\":null", "\"mac\":\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\"")));
        values.add(utf8(ControlCodecTest.envelope("forged-1", plan.formatted("forged-1")).replace("{\"v\":1,", "{\"x\":1,\"v\":1,")));
        values.add(utf8("{\"v\":1,\"seq\":" + "9".repeat(5_000) + "}"));
        values.add(null);
        values.add(new byte[0]);
        values.add(utf8(ControlCodecTest.envelope("forged-2", plan.formatted("forged-2"))));
        Map<String, Object> p = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                // The oversized record fits the topic's batch bound (1,049,600 bytes), not the producer's default.
                ProducerConfig.MAX_REQUEST_SIZE_CONFIG, String.valueOf(ControlTopicCheck.MAX_MESSAGE_BYTES),
                ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            for (byte[] v : values) {
                producer.send(new ProducerRecord<>(ControlTopics.CONTROL, v)).get(30, TimeUnit.SECONDS);
            }
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A holder of the control key sends a stop whose reason carries a newline and terminal escapes: the worker prints it
     * as one line, reports it as why its slice stopped, and the coordinator (which sent no stop) fails the run naming
     * the worker and that line, on its terminal and in result.json. Before: the newline made a line of its own that
     * read as kbench's error, the escape cleared the operator's terminal, and the run ended "completed" without the
     * worker's share.
     */
    @Test
    void aStopReasonPrintsAsOneLineAndIsWhatTheResultSaysStoppedTheRun(EmbeddedCluster cluster) throws Exception {
        recreate(cluster);
        Path keyFile = ControlKeyFiles.write(dir);
        ControlAuth auth = ControlAuth.of(ControlKey.fromFile(keyFile, "--control-key-file"));
        Map<String, String> conn = Map.of("bootstrap.servers", cluster.bootstrapServers());
        ByteArrayOutputStream workerOut = new ByteArrayOutputStream();
        Worker worker = new Worker(conn, conn, auth, "doors-3", Versions.kbench(),
                new PrintStream(workerOut, true, StandardCharsets.UTF_8));
        Thread serving = new Thread(worker::serve, "it-doors-worker");
        serving.start();
        Path results = dir.resolve("results");
        AtomicReference<CliRun> run = new AtomicReference<>();
        Thread coordinator = new Thread(() -> run.set(CliRun.of("run", ItFixture.workload("it-distributed.yaml"),
                "--set", "producers.duration=20s", "--workers", "1", "--bootstrap-server", cluster.bootstrapServers(),
                "--control-key-file", keyFile.toString(), "--no-telemetry", "--results-dir", results.toString())),
                "it-doors-coordinator");
        try {
            await(workerOut, Pattern.compile("waiting for a coordinator"));
            coordinator.start();
            Matcher slice = await(workerOut, Pattern.compile("run ([0-9a-f-]{36}), slice 0"));
            // Its first progress line: the common start has passed, the coordinator follows the run.
            await(workerOut, Pattern.compile("rec/s"));
            try (Channel channel = new Channel(conn, ControlTopics.CONTROL, ControlTopics.RESULTS, auth,
                    ControlCodec.COORDINATOR, new PrintStream(OutputStream.nullOutputStream()))) {
                channel.sendAndWait(new Message.Stop(slice.group(1), "forged\n\u001b[2Jkbench: error: all brokers lost"));
            }
            await(workerOut, Pattern.compile("stopping run"));
            coordinator.join(120_000);
        } finally {
            worker.stop();
            serving.join(30_000);
        }
        String log = workerOut.toString(StandardCharsets.UTF_8);
        String transcript = "--- worker ---\n" + log + (run.get() == null ? "" : run.get().transcript());
        String reason = "forged  [2Jkbench: error: all brokers lost";
        assertThat(log).as(transcript).doesNotContain("\u001b");
        assertThat(log.lines().filter(l -> l.contains("stopping run")).toList()).as(transcript).singleElement()
                .asString().endsWith(": " + reason);
        assertThat(log.lines().filter(l -> l.startsWith("kbench: error:")).toList()).as(transcript).isEmpty();
        assertThat(serving.isAlive()).isFalse();

        assertThat(run.get()).as(transcript).isNotNull();
        assertThat(run.get().exitCode()).as(transcript).isEqualTo(1);
        String why = "worker doors-3 stopped before the run ended: " + reason;
        assertThat(run.get().stdout()).as(transcript).doesNotContain("\u001b").contains("coordinator: " + why)
                .contains("worker doors-3 interrupted: " + reason);
        RunResult r = ItFixture.onlyRun(results);
        assertThat(r.status()).as(transcript).isEqualTo(RunStatus.FAILED);
        assertThat(r.failure()).as(transcript).isEqualTo(why);
        WorkerRun w = r.distributed().workerRuns().get(0);
        assertThat(w.status()).as(transcript).isEqualTo(WorkerStatus.INTERRUPTED);
        assertThat(w.failure()).as(transcript).isEqualTo(reason);
    }
}
