package io.kbench.load.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.RecordPosition;
import io.kbench.result.run.RunResult;
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

/**
 * {@code verify: true} on a real 3-broker cluster (RF 3, min.insync.replicas 2, acks=all, idempotence): a clean run
 * accounts for every acknowledged record; records deleted behind kbench's back (DeleteRecords) are reported deleted,
 * not lost (exit 0); records
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

    @Test
    void aCleanRunAccountsForEveryAcknowledgedRecord() throws IOException {
        Path results = dir.resolve("clean");
        CliRun run = run("it-verify-clean", results);
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
    }

    @Test
    void recordsDeletedBehindKbenchsBackAreDeletedNotLost() throws Exception {
        String topic = "it-verify-lost";
        TopicPartition p0 = new TopicPartition(topic, 0);
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
        Path results = dir.resolve("lost");
        CliRun run = run(topic, results);
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
        CliRun run = run(topic, results);
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

    private static CliRun run(String topic, Path results) {
        return CliRun.of("run", WORKLOAD, "--set", "topic.name=" + topic, "--bootstrap-server", cluster.bootstrapServers(),
                "--results-dir", results.toString());
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
