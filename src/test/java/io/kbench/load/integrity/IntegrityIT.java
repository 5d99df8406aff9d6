package io.kbench.load.integrity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.driver.DriverBuild;
import io.kbench.driver.Toolchain;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.RecordPosition;
import io.kbench.result.run.RunResult;
import io.kbench.spec.ClientKind;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code verify: true} on a real 3-broker cluster (RF 3, min.insync.replicas 2, acks=all, idempotence): a clean run
 * accounts for every acknowledged record; records deleted behind kbench's back (DeleteRecords) are reported deleted,
 * not lost (exit 0), both for the Java client and for franz-go producers in their driver, whose send logs kbench
 * replays (docs/integrity.md#other-clients); records
 * another client writes are reported unexpected. The cluster is started once, kbench runs against it as an external
 * cluster so the test can reach the topic while kbench writes it.
 */
@EmbeddedKafka(brokers = 3)
class IntegrityIT {
    private static final String WORKLOAD = "src/test/resources/workloads/it-verify.yaml";
    private static final long SENT = 3200; // records + warm-up records of it-verify.yaml

    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;
    @TempDir
    static Path dir;

    /**
     * The producers' client: java in kbench's JVM, franz-go in its driver (built on first use; needs Go), or librdkafka
     * in its driver (once built: a cold build compiles librdkafka, see LibrdkafkaDriverIT).
     */
    @ParameterizedTest
    @ValueSource(strings = {"java", "franz-go", "librdkafka"})
    void aCleanRunAccountsForEveryAcknowledgedRecord(String client) throws IOException {
        Path results = dir.resolve("clean-" + client);
        CliRun run = run("it-verify-clean-" + client, results, client);
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Integrity integrity = onlyResult(results).integrity();
        assertThat(integrity.verdict()).as(run.transcript()).isEqualTo(IntegrityVerdict.OK);
        assertThat(integrity.sent()).isEqualTo(SENT);
        assertThat(integrity.acknowledged()).isEqualTo(SENT);
        assertThat(integrity.acknowledgedFound()).isEqualTo(SENT);
        assertThat(integrity.read()).isEqualTo(SENT);
        assertThat(integrity.lost().count()).isZero();
        assertThat(integrity.duplicated().count()).isZero();
        assertThat(integrity.reordered().count()).isZero();
        assertThat(integrity.unexpected().count()).isZero();
        assertThat(integrity.settings().minInsyncReplicas()).isEqualTo(2);
        assertThat(integrity.settings().replicationFactor()).isEqualTo(3);
        assertThat(integrity.settings().idempotence()).isTrue();
        assertThat(run.stdout()).contains("integrity: OK: 0 lost, 0 duplicated, 0 reordered, 0 unexpected; 3,200 sent");
        if (!client.equals("java")) {
            // The driver's own send logs were judged: its records carry its ids, and its client's settings are used.
            assertThat(onlyResult(results).clients().producers().client()).isEqualTo(client);
            System.out.println("IntegrityIT " + client + ":\n" + run.stdout());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"java", "franz-go"})
    void recordsDeletedBehindKbenchsBackAreDeletedNotLost(String client) throws Exception {
        String topic = "it-verify-lost-" + client;
        TopicPartition p0 = new TopicPartition(topic, 0);
        // The driver is built first: a build after the sources changed takes a minute on a busy machine, which the
        // wait for partition 0's records below must not include (CI 2026-11-30: 200 records not reached in 60 s).
        driverReady(client);
        // While kbench writes, delete what partition 0 holds so far: every one of those records was acknowledged.
        CompletableFuture<Long> deleted = CompletableFuture.supplyAsync(() -> {
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
                long end = awaitRecords(admin, p0, 200);
                admin.deleteRecords(Map.of(p0, RecordsToDelete.beforeOffset(end))).all().get(30, TimeUnit.SECONDS);
                return end;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Path results = dir.resolve("lost-" + client);
        CliRun run = run(topic, results, client);
        long gone = deleted.get(60, TimeUnit.SECONDS);
        // DeleteRecords moved partition 0's log start past records kbench had acknowledged: Kafka kept its promise.
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Integrity integrity = onlyResult(results).integrity();
        // Real output for docs/integrity.md: the section as result.json holds it (the wire format, on purpose).
        System.out.println(run.stdout().lines().filter(l -> l.startsWith("integrity:")).findFirst().orElse("")
                + "\n" + ItFixture.onlyResult(results).get("integrity").toPrettyString());
        assertThat(integrity.verdict()).as(run.transcript()).isEqualTo(IntegrityVerdict.OK);
        assertThat(integrity.deleted().count()).as(run.transcript()).isEqualTo(gone);
        assertThat(integrity.lost().count()).isZero();
        RecordPosition example = integrity.deleted().examples().get(0);
        assertThat(example.partition()).isZero();
        assertThat(example.offset()).isLessThan(gone);
        assertThat(integrity.acknowledgedFound()).isEqualTo(SENT - gone);
        assertThat(integrity.duplicated().count()).isZero();
        assertThat(integrity.unexpected().count()).isZero();
        assertThat(run.stdout()).contains("integrity: OK: 0 lost").contains(String.format("%,d deleted by retention or"
                + " DeleteRecords (not lost)", gone));
    }

    @Test
    void recordsAnotherClientWritesAreUnexpected() throws Exception {
        String topic = "it-verify-foreign";
        CompletableFuture<Void> foreign = CompletableFuture.runAsync(() -> {
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()));
                 KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                         Map.of("bootstrap.servers", cluster.bootstrapServers(), "acks", "all"),
                         new ByteArraySerializer(), new ByteArraySerializer())) {
                awaitRecords(admin, new TopicPartition(topic, 1), 100);
                for (int i = 0; i < 5; i++) {
                    producer.send(new ProducerRecord<>(topic, 1, null, ("not kbench's " + i).getBytes(StandardCharsets.UTF_8)));
                }
                producer.flush();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Path results = dir.resolve("foreign");
        CliRun run = run(topic, results, "java");
        foreign.get(60, TimeUnit.SECONDS);
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(4);
        Integrity integrity = onlyResult(results).integrity();
        assertThat(integrity.unexpected().count()).as(run.transcript()).isEqualTo(5);
        assertThat(integrity.unexpected().examples().get(0).partition()).isEqualTo(1);
        assertThat(integrity.unexpected().examples().get(0).producer()).as("a foreign record has no producer").isNull();
        assertThat(integrity.lost().count()).isZero();
        assertThat(integrity.acknowledgedFound()).isEqualTo(SENT);
        assertThat(integrity.read()).isEqualTo(SENT + 5);
    }

    private static CliRun run(String topic, Path results, String client) {
        driverReady(client);
        return CliRun.of("run", WORKLOAD, "--set", "topic.name=" + topic, "--set", "producers.client=" + client,
                "--bootstrap-server", cluster.bootstrapServers(), "--results-dir", results.toString());
    }

    /** Skips a client whose driver cannot be had here; builds franz-go's now (the cache keeps it for the run). */
    private static void driverReady(String client) {
        switch (client) {
            case "franz-go" -> {
                ItFixture.assumeGo();
                DriverBuild.standard().binary(ClientKind.FRANZ_GO, System.out);
            }
            case "librdkafka" -> assumeTrue(Toolchain.find(ClientKind.LIBRDKAFKA).present()
                    && DriverBuild.standard().built(ClientKind.LIBRDKAFKA).isPresent(),
                    "the librdkafka driver of these sources is not built: ./kbench drivers build librdkafka");
            default -> { }
        }
    }

    /** Waits until {@code p} holds at least {@code records} records; returns its end offset then. */
    private static long awaitRecords(Admin admin, TopicPartition p, long records) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try {
                long end = admin.listOffsets(Map.of(p, OffsetSpec.latest())).all().get(10, TimeUnit.SECONDS).get(p).offset();
                if (end >= records) {
                    return end;
                }
            } catch (java.util.concurrent.ExecutionException e) {
                // the topic does not exist yet
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException(p + " did not reach " + records + " records");
    }

    private static RunResult onlyResult(Path results) throws IOException {
        return ItFixture.onlyRun(results);
    }
}
