package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import io.kbench.result.run.WorkerRun;
import io.kbench.result.run.WorkerStatus;
import io.kbench.testkit.ItFixture;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Distributed runs end to end: worker processes on this machine ({@code --local-workers}) on an embedded cluster,
 * coordinated through Kafka, merged exactly; a worker killed with SIGKILL; workers that never come; a worker of
 * another version.
 */
// Timing-sensitive (offered rate within 2%, a lost worker reported within 10 s): runs with the other timing ITs only,
// after the heavy ones (pom.xml, failsafe "timing-its").
// The tests that point workers at an existing cluster share one: a start costs seconds on a busy machine.
@Tag("timing")
@EmbeddedKafka(heap = "512m")
class DistributedIT {
    @TempDir
    Path dir;

    private static Set<Long> children() {
        return ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    @Test
    void threeLocalWorkersGiveOneExactResult(EmbeddedCluster cluster) throws IOException {
        Set<Long> before = children();
        Path results = dir.resolve("results");
        // On the shared cluster like the other tests here: what this checks is the workers' merge, whoever started the
        // broker (an embedded cluster of its own was a broker start more in the timing phase).
        CliRun run = CliRun.of("run", ItFixture.workload("it-distributed.yaml"), "--local-workers", "3",
                "--bootstrap-server", cluster.bootstrapServers(), "--no-telemetry", "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(children()).as("every worker process stopped: " + run.transcript()).isSubsetOf(before);

        RunResult r = ItFixture.onlyRun(results);
        Summary summary = r.summary();
        long produced = summary.produced().records();
        List<WorkerRun> workers = r.distributed().workerRuns();
        assertThat(workers).as(run.transcript()).hasSize(3);
        long sumOfWorkers = 0;
        for (WorkerRun w : workers) {
            assertThat(w.status()).as(run.transcript()).isEqualTo(WorkerStatus.COMPLETED);
            assertThat(w.producers()).isEqualTo(1);
            assertThat(w.clockBoundMicros()).isPositive();
            sumOfWorkers += w.summary().produced().records();
        }
        assertThat(produced).as("records produced equal the sum of the workers'").isEqualTo(sumOfWorkers).isPositive();
        assertThat(summary.consumed().records()).as("what the consumers received").isEqualTo(produced);
        assertThat(summary.publishLatencyMicros().count()).as("merged histogram count").isEqualTo(produced);
        assertThat(summary.endToEndLatencyMicros().count()).isEqualTo(produced);
        assertThat(hlogCount(ItFixture.onlyRunDir(results).resolve("publish-latency.hlog"))).as("the .hlog intervals add up")
                .isEqualTo(produced);
        // 3,000 records/s offered for the 4 s measured window: the shares' schedules together send it within 2%. (The
        // summary's records/s divides by the window up to the last acknowledgement, which on a loaded machine carries
        // the latency tail, so the count over the scheduled window is what says whether the rate was offered.)
        assertThat(produced).as(run.transcript()).isBetween(11_760L, 12_240L);
        assertThat(summary.produced().windowSec()).as(run.transcript()).isGreaterThanOrEqualTo(3.9);
        assertThat(r.distributed().endToEndClockBoundMicros()).isPositive();
        assertThat(run.stdout()).contains("local-1", "local-2", "local-3", "merged exactly");
    }

    @Test
    void aKilledWorkerIsReportedWithinTenSecondsAndFailsTheRun(EmbeddedCluster cluster) throws Exception {
        Set<Long> before = children();
        Path results = dir.resolve("results");
        AtomicLong detectedNanos = new AtomicLong();
        StringWriter out = new StringWriter() {
            // Whichever write picocli's stream uses, the time the coordinator printed the loss is noted.
            @Override
            public void write(String s, int off, int len) {
                super.write(s, off, len);
                noteDetection();
            }

            @Override
            public void write(char[] c, int off, int len) {
                super.write(c, off, len);
                noteDetection();
            }

            @Override
            public void write(int c) {
                super.write(c);
                if (c == '\n') {
                    noteDetection();
                }
            }

            private void noteDetection() {
                if (detectedNanos.get() == 0 && toString().contains("worker local-2 stopped heartbeating")) {
                    detectedNanos.set(System.nanoTime());
                }
            }
        };
        StringWriter err = new StringWriter();
        AtomicLong killedNanos = new AtomicLong();
        Thread killer = new Thread(() -> killOnceMeasuring(results, "local-2", killedNanos), "it-killer");
        killer.setDaemon(true);
        killer.start();
        int code = CliRun.execute(new PrintWriter(out, true), new PrintWriter(err, true),
                "run", ItFixture.workload("it-distributed.yaml"), "--set", "producers.duration=15s",
                "--local-workers", "3", "--bootstrap-server", cluster.bootstrapServers(), "--no-telemetry",
                "--results-dir", results.toString());
        String transcript = "--- stdout ---\n" + out + "--- stderr ---\n" + err + workerLogs(results);
        assertThat(killedNanos.get()).as("the worker was killed: " + transcript).isPositive();
        assertThat(code).as(transcript).isEqualTo(1);
        assertThat(detectedNanos.get()).as(transcript).isPositive();
        assertThat(Duration.ofNanos(detectedNanos.get() - killedNanos.get())).as(transcript).isLessThan(Duration.ofSeconds(10));
        RunResult r = ItFixture.onlyRun(results);
        assertThat(r.status()).isEqualTo(RunStatus.FAILED);
        assertThat(r.failure()).contains("local-2");
        WorkerRun lost = r.distributed().workerRuns().stream()
                .filter(w -> w.id().equals("local-2")).findFirst().orElseThrow();
        assertThat(lost.status()).isEqualTo(WorkerStatus.LOST);
        assertThat(children()).as("no worker process left behind: " + transcript).isSubsetOf(before);
    }

    /** Waits until the worker's load is on (its log shows progress), lets it run a few seconds, then SIGKILLs it. */
    private static void killOnceMeasuring(Path results, String id, AtomicLong killedNanos) {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < deadline) {
            String log = workerLog(results, id);
            java.util.regex.Matcher pid = java.util.regex.Pattern.compile("worker " + id + ": pid (\\d+)").matcher(log);
            // Its first progress line: the common start has passed and its load is on.
            if (log.contains("rec/s") && pid.find()) {
                sleep(3_000);
                killedNanos.set(System.nanoTime());
                ProcessHandle.of(Long.parseLong(pid.group(1))).ifPresent(ProcessHandle::destroyForcibly);
                return;
            }
            sleep(200);
        }
    }

    private static String workerLog(Path results, String id) {
        try (java.util.stream.Stream<Path> logs = java.nio.file.Files.find(results, 3,
                (p, a) -> p.getFileName().toString().equals(id + ".log"))) {
            StringBuilder text = new StringBuilder();
            for (Path log : logs.toList()) {
                text.append(java.nio.file.Files.readString(log));
            }
            return text.toString();
        } catch (IOException | java.io.UncheckedIOException e) {
            return "";
        }
    }

    /** The local workers' logs, for a failure's transcript. */
    private static String workerLogs(Path results) {
        StringBuilder all = new StringBuilder();
        try (java.util.stream.Stream<Path> logs = java.nio.file.Files.find(results, 3,
                (p, a) -> p.getFileName().toString().startsWith("local-"))) {
            for (Path log : logs.sorted().toList()) {
                all.append("--- ").append(log.getFileName()).append(" ---\n").append(java.nio.file.Files.readString(log));
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            all.append("(worker logs unreadable: ").append(e.getMessage()).append(")\n");
        }
        return all.toString();
    }

    @Test
    void workersThatNeverArriveTimeOutInOneLine(EmbeddedCluster cluster) {
        String bootstrap = cluster.bootstrapServers();
        CliRun run = CliRun.of("run", ItFixture.workload("it-distributed.yaml"), "--workers", "2", "--bootstrap-server",
                bootstrap, "--worker-timeout", "3s", "--insecure-control", "--no-telemetry", "--results-dir",
                dir.resolve("results").toString());
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(1);
        assertThat(run.stderr().lines().filter(l -> !l.isBlank()).toList()).as(run.transcript()).singleElement()
                .asString().startsWith("kbench: error: only 0 of 2 workers joined within 3s");
    }

    @Test
    void aWorkerOfAnotherVersionIsRefusedWithBothVersionsNamed(EmbeddedCluster cluster) throws Exception {
        String bootstrap = cluster.bootstrapServers();
        ByteArrayOutputStream workerOut = new ByteArrayOutputStream();
        Map<String, String> conn = Map.of("bootstrap.servers", bootstrap);
        Path key = controlKeyFile();
        Worker old = new Worker(conn, conn, controlAuth(key), "old-one", "0.0.1-old",
                new PrintStream(workerOut, true, StandardCharsets.UTF_8));
        Thread serving = new Thread(old::serve, "it-old-worker");
        serving.start();
        try {
            // The run waits out the whole timeout (the refused worker may not be the only one); the refusal comes about
            // a second after the start (1.4 s in the first test of a busy machine's JVM).
            CliRun run = CliRun.of("run", ItFixture.workload("it-distributed.yaml"), "--workers", "1", "--bootstrap-server",
                    bootstrap, "--worker-timeout", "5s", "--control-key-file", key.toString(), "--no-telemetry",
                    "--results-dir", dir.resolve("results").toString());
            assertThat(run.exitCode()).as(run.transcript()).isEqualTo(1);
            // Refused for that worker, not the run: the run waits on for others and names it when too few came.
            assertThat(run.stdout()).as(run.transcript()).contains("coordinator: refused worker old-one runs kbench 0.0.1-old");
            assertThat(run.stderr().lines().filter(l -> !l.isBlank()).toList()).as(run.transcript()).singleElement()
                    .asString().startsWith("kbench: error: only 0 of 1 workers joined within 5s")
                    .contains("refused: worker old-one runs kbench 0.0.1-old")
                    .contains("this coordinator runs kbench " + io.kbench.result.Versions.kbench());
        } finally {
            old.stop();
            serving.join(30_000);
        }
        assertThat(serving.isAlive()).as(workerOut.toString(StandardCharsets.UTF_8)).isFalse();
    }

    @Test
    void aWorkerOnAnotherHostServesOneRunAfterAnother(EmbeddedCluster cluster) throws Exception {
        String bootstrap = cluster.bootstrapServers();
        ByteArrayOutputStream workerOut = new ByteArrayOutputStream();
        Map<String, String> conn = Map.of("bootstrap.servers", bootstrap);
        Path key = controlKeyFile();
        Worker worker = new Worker(conn, conn, controlAuth(key), "remote-1", io.kbench.result.Versions.kbench(),
                new PrintStream(workerOut, true, StandardCharsets.UTF_8));
        Thread serving = new Thread(worker::serve, "it-worker");
        serving.start();
        try {
            for (int i = 1; i <= 2; i++) {
                Path results = dir.resolve("results-" + i);
                CliRun run = CliRun.of("run", ItFixture.workload("it-distributed.yaml"), "--set", "producers.duration=2s",
                        "--workers", "1", "--bootstrap-server", bootstrap, "--control-key-file", key.toString(),
                        "--no-telemetry", "--results-dir", results.toString());
                String transcript = run.transcript() + "--- worker ---\n" + workerOut.toString(StandardCharsets.UTF_8);
                assertThat(run.exitCode()).as(transcript).isZero();
                RunResult r = ItFixture.onlyRun(results);
                assertThat(r.distributed().workerRuns().get(0).id()).isEqualTo("remote-1");
                assertThat(r.distributed().localWorkers()).isFalse();
                assertThat(r.summary().produced().records()).as(transcript).isEqualTo(6_000);
                assertThat(r.summary().consumed().records()).as(transcript).isEqualTo(6_000);
            }
        } finally {
            worker.stop();
            serving.join(30_000);
        }
        assertThat(serving.isAlive()).isFalse();
    }

    /**
     * Issue 24's end-to-end check: a worker and a coordinator on a SASL_SSL cluster (SCRAM) with a control key; while
     * the run goes, someone with write access to the control topic but without the key publishes a plan of their own
     * and a stop for the running run. The run completes with every record, and the worker's log names both refusals.
     */
    @Test
    void onASaslSslClusterAForgedPlanAndStopAreRefusedAndNamedWhileTheRunCompletes() throws Exception {
        Path clusterDir = dir.resolve("sasl-cluster");
        CliRun start = ItFixture.startCluster(clusterDir, "--broker-heap", "384m", "--security", "SASL_SSL");
        String bootstrap = ItFixture.bootstrap(start);
        Path clientConfig = clusterDir.resolve("client.properties");
        Map<String, String> conn = CliRun.commandConfig(clientConfig);
        Path key = controlKeyFile();
        ByteArrayOutputStream workerOut = new ByteArrayOutputStream();
        Worker worker = new Worker(conn, conn, controlAuth(key), "sasl-1", io.kbench.result.Versions.kbench(),
                new PrintStream(workerOut, true, StandardCharsets.UTF_8));
        Thread serving = new Thread(worker::serve, "it-sasl-worker");
        serving.start();
        Thread forger = new Thread(() -> forgeWhenJoined(conn, workerOut), "it-forger");
        forger.setDaemon(true);
        forger.start();
        try {
            Path results = dir.resolve("results");
            CliRun run = CliRun.of("run", ItFixture.workload("it-distributed.yaml"), "--set", "producers.duration=3s",
                    "--set", "producers.rate=1500", "--workers", "1", "--bootstrap-server", bootstrap, "--command-config",
                    clientConfig.toString(), "--control-key-file", key.toString(), "--no-telemetry",
                    "--results-dir", results.toString());
            forger.join(30_000);
            String log = workerOut.toString(StandardCharsets.UTF_8);
            String transcript = run.transcript() + "--- worker ---\n" + log;
            assertThat(run.exitCode()).as(transcript).isZero();
            RunResult r = ItFixture.onlyRun(results);
            assertThat(r.summary().produced().records()).as(transcript).isEqualTo(4_500);
            assertThat(r.summary().consumed().records()).as(transcript).isEqualTo(4_500);
            assertThat(run.stdout()).contains("control messages authenticated (HMAC-SHA256");
            assertThat(log).as(transcript)
                    .contains("worker sasl-1 refused record of run forged-plan-1 from coordinator")
                    .contains("its MAC does not match")
                    .containsPattern("worker sasl-1 refused record of run [0-9a-f-]+ from coordinator .*its MAC does not match")
                    .doesNotContain("joined run forged-plan-1").doesNotContain("stopping run");
        } finally {
            worker.stop();
            serving.join(30_000);
            CliRun.of("cluster", "stop", "--dir", clusterDir.toString());
        }
        assertThat(serving.isAlive()).isFalse();
    }

    /**
     * Once the worker joined a run, writes to the control topic as anyone with the cluster's credentials could: a
     * plan sealed with another key, and a stop of the running run.
     */
    private static void forgeWhenJoined(Map<String, String> conn, ByteArrayOutputStream workerOut) {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        java.util.regex.Pattern joined = java.util.regex.Pattern.compile("joined run ([0-9a-f-]{36})");
        while (System.nanoTime() < deadline) {
            java.util.regex.Matcher m = joined.matcher(workerOut.toString(StandardCharsets.UTF_8));
            if (m.find()) {
                sleep(3_000); // the slice's load is on
                long now = System.currentTimeMillis();
                String otherKey = "{\"v\":1,\"runId\":\"%s\",\"sender\":\"coordinator\",\"seq\":%d,\"sentMillis\":%d,"
                        + "\"body\":%s,\"mac\":\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\"}";
                String plan = String.format(otherKey, "forged-plan-1", now * 1000, now,
                        com.fasterxml.jackson.databind.node.TextNode.valueOf(
                                "{\"type\":\"plan\",\"runId\":\"forged-plan-1\",\"kbenchVersion\":\""
                                        + io.kbench.result.Versions.kbench() + "\",\"workers\":1}"));
                String stop = String.format(otherKey, m.group(1), now * 2000, now,
                        com.fasterxml.jackson.databind.node.TextNode.valueOf(
                                "{\"type\":\"stop\",\"runId\":\"" + m.group(1) + "\",\"reason\":\"forged\"}"));
                Map<String, Object> p = new java.util.HashMap<>(conn);
                try (org.apache.kafka.clients.producer.KafkaProducer<String, String> producer =
                             new org.apache.kafka.clients.producer.KafkaProducer<>(p,
                                     new org.apache.kafka.common.serialization.StringSerializer(),
                                     new org.apache.kafka.common.serialization.StringSerializer())) {
                    producer.send(new org.apache.kafka.clients.producer.ProducerRecord<>("kbench-control", "forged-plan-1", plan));
                    producer.send(new org.apache.kafka.clients.producer.ProducerRecord<>("kbench-control", m.group(1), stop));
                    producer.flush();
                }
                return;
            }
            sleep(200);
        }
    }

    /** A control key file as an operator makes one, owner-only. */
    private Path controlKeyFile() throws IOException {
        return io.kbench.testkit.ControlKeyFiles.write(dir);
    }

    private static io.kbench.distributed.ControlAuth controlAuth(Path key) {
        return io.kbench.distributed.ControlAuth.of(io.kbench.distributed.ControlKey.fromFile(key, "--control-key-file"));
    }

    private static long hlogCount(Path hlog) throws IOException {
        long count = 0;
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            count += ((org.HdrHistogram.Histogram) h).getTotalCount();
        }
        return count;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
