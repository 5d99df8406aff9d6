package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Settling;
import io.kbench.result.run.Warmup;
import io.kbench.result.run.WarmupEnd;
import io.kbench.testkit.ItFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The auto warm-up on a real broker (docs/warmup.md): it ends within its cap on the quick start, and when the broker is
 * stopped in the first seconds (SIGSTOP, as a pause fault does) it outlasts a fixed 1 s warm-up, which lets the stall
 * into the measured window. Each figure is read from result.json. A stall in a 3 s window, or a busy machine, keeps a
 * run below half its rate: {@code --min-rate-ratio 0}, since the rate is not what these tests judge.
 */
// Timing-sensitive: runs with the other timing ITs only (pom.xml, failsafe "timing-its").
@Tag("timing")
@EmbeddedKafka
class WarmupIT {
    /** How long the broker is stopped once the first records are in the topic. */
    private static final long PAUSE_MS = 3000;

    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;
    @TempDir
    Path dir;

    @Test
    void autoWarmupEndsWithinItsCapOnTheQuickStartAndTheWindowIsChecked() throws Exception {
        // 250 ms intervals: a 6 s window holds 24, enough for MSER-5's 4 batches of 5 without a 20 s run.
        Path results = dir.resolve("quickstart");
        CliRun run = CliRun.of("run", "--bootstrap-server", cluster.bootstrapServers(), "--set", "producers.duration=6s",
                "--set", "reportInterval=250ms", "--set", "topic.name=it-warmup-quickstart", "--min-rate-ratio", "0",
                "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Warmup warmup = ItFixture.onlyRun(results).warmup();
        assertThat(warmup).as(run.transcript()).isNotNull();
        assertThat(warmup.mode()).isEqualTo("auto");
        assertThat(warmup.ended()).as(run.transcript()).isIn(WarmupEnd.STEADY, WarmupEnd.CAP);
        double seconds = warmup.seconds();
        // A tick on a loaded machine may come late: the cap holds to within one report interval.
        assertThat(seconds).as(run.transcript()).isBetween(warmup.minSec(), warmup.maxSec() + 1.0);
        assertThat(warmup.intervals().size()).as(run.transcript()).isPositive();
        assertThat(run.stdout()).contains("warm-up: auto, ");
        // The check of the measured window reached result.json, over its intervals, and the terminal has its line
        // exactly when the window had not settled.
        Warmup.Check check = warmup.check();
        assertThat(check).as(run.transcript()).isNotNull();
        System.out.println("quick start, 250 ms intervals: " + warmup.line() + "; check " + check);
        assertThat(check.method()).isEqualTo("MSER-5");
        assertThat(check.intervals()).as(check.toString()).isGreaterThanOrEqualTo(20);
        assertThat(check.truncationSec()).as(check.toString()).isBetween(0.0, ItFixture.onlyRun(results).summary()
                .produced().windowSec() + 1.0);
        assertThat(run.stdout().contains("warm-up check: ")).as(run.transcript())
                .isEqualTo(check.verdict() != Settling.SETTLED);
    }

    @Test
    void autoWarmupOutlastsAFixedOneWhenTheFirstSecondsAreSlow() throws Exception {
        RunResult fixed = runWithAStall("it-warmup-fixed", "warmupDuration: 1s");
        RunResult auto = runWithAStall("it-warmup-auto", "warmup: {max: 30s}");
        assertThat(fixed.warmup()).isNull();
        // The fixed warm-up ended at 1 s, before the broker came back: its measured window holds the stall.
        LatencyStats fixedPublish = fixed.summary().publishLatencyMicros();
        LatencyStats autoPublish = auto.summary().publishLatencyMicros();
        assertThat(fixedPublish.max()).as(fixed.summary().toString()).isGreaterThan(1_000_000);
        Warmup warmup = auto.warmup();
        // The figures, for the record (target/failsafe-reports/io.kbench.experiment.WarmupIT-output.txt).
        System.out.printf("stalled start: fixed 1 s warm-up: publish max %.0f ms, p99 %.0f ms; auto: %s after %.1f s,"
                        + " publish max %.0f ms, p99 %.0f ms%n", fixedPublish.max() / 1000.0,
                fixedPublish.p99() / 1000.0, warmup.ended(), warmup.seconds(), autoPublish.max() / 1000.0,
                autoPublish.p99() / 1000.0);
        assertThat(warmup.ended()).as(warmup.toString()).isIn(WarmupEnd.STEADY, WarmupEnd.CAP);
        // Stopped for 3 s after its first records, then 3 intervals without a new low: well past the fixed 1 s.
        assertThat(warmup.seconds()).as(warmup.toString()).isGreaterThan(1.0 + PAUSE_MS / 1000.0)
                .isLessThanOrEqualTo(31.0);
        assertThat(warmup.intervals()).as("an interval of the stall acknowledged nothing: " + warmup)
                .anyMatch(i -> i.recordsPerSec() == 0.0);
        // Not asserted: that the auto run's measured latency is lower. On a machine too busy to drain the stall's
        // backlog the run settles at capacity with a standing queue, which the rule rightly calls steady.
    }

    /** Runs {@code name} with {@code warmup}, stopping the broker for 3 s once its topic holds records. */
    private RunResult runWithAStall(String name, String warmup) throws Exception {
        Path workload = Files.writeString(dir.resolve(name + ".yaml"), """
                name: %s
                topic: {name: %s, partitions: 1, replicationFactor: 1}
                producers: {count: 1, rate: 2000, duration: 3s, %s, recordSize: 256, properties: {acks: all, linger.ms: 1}}
                consumers: {mode: none}
                """.formatted(name, name, warmup));
        Path results = dir.resolve(name);
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of("run", workload.toString(),
                "--bootstrap-server", cluster.bootstrapServers(), "--no-telemetry", "--min-rate-ratio", "0",
                "--results-dir", results.toString()));
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            awaitRecords(admin, new TopicPartition(name, 0), run);
        }
        cluster.pause(1);
        try {
            Thread.sleep(PAUSE_MS);
        } finally {
            cluster.resume(1);
        }
        CliRun done = run.get(180, TimeUnit.SECONDS);
        assertThat(done.exitCode()).as(done.transcript()).isZero();
        return ItFixture.onlyRun(results);
    }

    private static void awaitRecords(Admin admin, TopicPartition partition, CompletableFuture<CliRun> run)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && !run.isDone()) {
            try {
                long end = admin.listOffsets(Map.of(partition, OffsetSpec.latest())).partitionResult(partition)
                        .get(5, TimeUnit.SECONDS).offset();
                if (end > 0) {
                    return;
                }
            } catch (java.util.concurrent.ExecutionException e) {
                // the topic is not created yet
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no records in " + partition + (run.isDone() ? ": " + run.get().transcript() : ""));
    }
}
