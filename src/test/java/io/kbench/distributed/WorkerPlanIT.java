package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.Versions;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.WorkerStatus;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import io.kbench.testkit.ItFixture;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.TransactionListing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A holder of the control key hands a real worker plans that reach outside kbench: another application's consumer
 * group, a 64 GiB producer buffer, another application's transactional id. The worker refuses each with one line,
 * reports it {@code failed} with the reason, never joins that group, and serves the next real run, whose group and
 * transactional ids start with {@code kbench-<runId>}. Before the bounds and the prefix the worker ran each forged
 * assignment: its consumers joined {@code payments}, and its report was {@code interrupted} 15 s later, not refused.
 */
@EmbeddedKafka
class WorkerPlanIT {
    private static final Duration WITHIN = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void forgedPlansAreRefusedInOneLineAndTheWorkerServesTheNextRunUnderTheRunsPrefix(EmbeddedCluster cluster)
            throws Exception {
        Map<String, String> conn = Map.of("bootstrap.servers", cluster.bootstrapServers());
        Path keyFile = controlKeyFile();
        ControlAuth auth = ControlAuth.of(ControlKey.fromFile(keyFile, "--control-key-file"));
        ByteArrayOutputStream workerOut = new ByteArrayOutputStream();
        Worker worker = new Worker(conn, conn, auth, "plan-1", Versions.kbench(),
                new PrintStream(workerOut, true, StandardCharsets.UTF_8));
        Thread serving = new Thread(worker::serve, "it-plan-worker");
        serving.start();
        CliRun run;
        try {
            await(workerOut, Pattern.compile("waiting for a coordinator"));
            WorkloadSpec base = new SpecLoader().load(Path.of(ItFixture.workload("it-distributed.yaml")), List.of());
            try (Channel forger = new Channel(conn, ControlTopics.CONTROL, ControlTopics.RESULTS, auth,
                    ControlCodec.COORDINATOR, new PrintStream(OutputStream.nullOutputStream()))) {
                refused(forge(forger, "forged-group", base, "payments"),
                        "group: must start with the run's prefix kbench-forged-group (got 'payments')");
                refused(forge(forger, "forged-memory", base.with("producers.properties.buffer.memory", "68719476736"),
                        "kbench-forged-memory"), "producers.properties.buffer.memory: at most 268435456 (256 MiB)"
                        + " for a distributed run", "(got 68719476736)");
                refused(forge(forger, "forged-txn", base.with(Map.of("producers.transactions.recordsPerTransaction", 100,
                        "producers.transactions.transactionalId", "prod-txn")), "kbench-forged-txn"),
                        "producers.transactions.transactionalId: must start with the run's prefix kbench-forged-txn"
                                + " (got 'prod-txn')");
            }
            run = CliRun.of("run", ItFixture.workload("it-distributed.yaml"), "--set", "producers.duration=2s",
                    "--set", "producers.transactions.recordsPerTransaction=100", "--set", "consumers.group=orders",
                    "--workers", "1", "--bootstrap-server", cluster.bootstrapServers(), "--control-key-file",
                    keyFile.toString(), "--no-telemetry", "--results-dir", dir.resolve("results").toString(),
                    // What is checked is that the worker still serves a real run under the run's prefix, not its rate:
                    // beside the parallel ITs it sent 44% of 3,000 records/s (CI 2026-11-29, exit 5).
                    "--min-rate-ratio", "0");
        } finally {
            worker.stop();
            serving.join(30_000);
        }
        String log = workerOut.toString(StandardCharsets.UTF_8);
        String transcript = run.transcript() + "--- worker ---\n" + log;
        assertThat(run.exitCode()).as(transcript).isZero();
        assertThat(log.lines().filter(l -> l.contains("refused the assign")).toList()).as(transcript).hasSize(3)
                .allMatch(l -> l.startsWith("kbench: warning: worker plan-1 refused the assign of run forged-"));
        Matcher real = Pattern.compile("run ([0-9a-f-]{36}), slice 0").matcher(log);
        assertThat(real.find()).as(transcript).isTrue();
        String prefix = "kbench-" + real.group(1);
        assertThat(log).as("no forged run got a slice: " + transcript).doesNotContainPattern("run forged-[a-z]+, slice");
        RunResult result = ItFixture.onlyRun(dir.resolve("results"));
        assertThat(result.summary().produced().records()).as(transcript).isEqualTo(6_000);
        try (Admin admin = Admin.create(Map.<String, Object>of("bootstrap.servers", cluster.bootstrapServers()))) {
            Set<String> groups = admin.listGroups().all().get(30, TimeUnit.SECONDS).stream()
                    .map(GroupListing::groupId).collect(Collectors.toSet());
            assertThat(groups).as(transcript).contains(prefix + "-orders").doesNotContain("payments", "orders");
            List<String> transactional = admin.listTransactions().all().get(30, TimeUnit.SECONDS).stream()
                    .map(TransactionListing::transactionalId).filter(id -> id.contains(real.group(1))).sorted().toList();
            assertThat(transactional).as(transcript).containsExactly(prefix + "-txn-0", prefix + "-txn-1",
                    prefix + "-txn-2");
            assertThat(admin.listTransactions().all().get(30, TimeUnit.SECONDS)).extracting(TransactionListing::transactionalId)
                    .doesNotContain("prod-txn");
        }
        assertThat(serving.isAlive()).isFalse();
        // Kept in failsafe's report of this test: docs/distributed.md quotes the worker's refusals from it.
        System.out.println(transcript);
    }

    private static void refused(Message.Done done, String... named) {
        assertThat(done.status()).as(done.failure()).isEqualTo(WorkerStatus.FAILED);
        assertThat(done.failure()).startsWith("worker plan-1 refused the workload: ").contains(named)
                .doesNotContain("\n");
    }

    /**
     * What a key holder does: a plan of run {@code runId} until the worker joins it, then an assignment of
     * {@code workload} with {@code group} as the coordinator would send it; returns the worker's report of that run.
     */
    private static Message.Done forge(Channel forger, String runId, WorkloadSpec workload, String group) {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        boolean joined = false;
        long lastPlan = 0;
        while (!joined) {
            assertThat(System.nanoTime()).as("worker joined " + runId + " within " + WITHIN).isLessThan(deadline);
            if (System.nanoTime() - lastPlan > 1_000_000_000L) {
                forger.send(new Message.Plan(runId, Versions.kbench(), 1));
                lastPlan = System.nanoTime();
            }
            joined = forger.poll(Duration.ofMillis(200)).stream()
                    .anyMatch(m -> m instanceof Message.Join j && j.runId().equals(runId));
        }
        forger.sendAndWait(new Message.Assign(runId, Distributable.forWorkers(workload), group, 7, 6,
                List.of(new Message.Slice("plan-1", 0, 0, 3, 0, 3))));
        while (true) {
            assertThat(System.nanoTime()).as("worker reported " + runId + " within " + WITHIN).isLessThan(deadline);
            for (Message m : forger.poll(Duration.ofMillis(200))) {
                if (m instanceof Message.Done d && d.runId().equals(runId)) {
                    return d;
                }
            }
        }
    }

    /** Waits up to 90 s for {@code pattern} in the worker's output. */
    private static void await(ByteArrayOutputStream out, Pattern pattern) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (!pattern.matcher(out.toString(StandardCharsets.UTF_8)).find()) {
            assertThat(System.nanoTime()).as("'" + pattern + "' within 90 s in:\n" + out).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    /** A control key file as an operator makes one, owner-only. */
    private Path controlKeyFile() throws IOException {
        return io.kbench.testkit.ControlKeyFiles.write(dir);
    }
}
