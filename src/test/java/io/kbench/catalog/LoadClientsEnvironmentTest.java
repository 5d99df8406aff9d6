package io.kbench.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.ClusterInfo;
import io.kbench.result.Environment;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.run.Clients;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.spec.WorkloadSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog's environment names the client that really sent and read (issue 40): the Java client's version alone
 * when no driver ran, as catalogs recorded before hold it, else the driver's, so history never mixes a franz-go run with
 * Java runs; and the value is stored whole, within its column's width.
 */
class LoadClientsEnvironmentTest {
    private static final Environment ENV = new Environment("0.1.0", "4.3.1", "Eclipse Adoptium 17.0.15", "Linux 6.1 amd64",
            "Xeon", 2, 1L << 30, null, null, null, null);
    private static final ClusterInfo CLUSTER = new ClusterInfo("embedded", "127.0.0.1:9092", 1, "4.3.1", null, null,
            null, null, null);
    private static final WorkloadSpec NO_CONSUMERS = new WorkloadSpec("w", null, null, null, null, null, null, null, null,
            null, null, null);
    private static final WorkloadSpec LIVE = NO_CONSUMERS.with(Map.of("consumers.mode", "live", "consumers.count", 1));
    private static final Clients.Driver FRANZ_GO_PRODUCERS = new Clients.Driver("franz-go", "v1.22.3", 4711);
    private static final Clients.Driver FRANZ_GO_CONSUMERS = new Clients.Driver("franz-go", "v1.22.3", 4712);
    private static final Clients.Driver LIBRDKAFKA = new Clients.Driver("librdkafka", "2.12.1", 4713);

    @TempDir
    Path dir;

    private RunEnvironment run(WorkloadSpec workload, Clients clients) {
        RunResult result = RunResult.builder().name("w").status(RunStatus.COMPLETED).startTime(Instant.EPOCH)
                .environment(ENV).cluster(CLUSTER).workload(workload).tags(Map.of()).clientProperties(Map.of())
                .intervals(List.of()).clients(clients).build();
        List<CatalogEntry> entries = EntryReader.entries(result, bytes(clients), dir, "host", null);
        return entries.get(0).environment();
    }

    private static byte[] bytes(Object distinct) {
        return String.valueOf(distinct).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aJavaRunKeepsTheJavaClientsVersionAsBefore() {
        assertThat(run(LIVE, null).kafkaClientVersion()).isEqualTo("4.3.1");
    }

    @Test
    void oneDriverClientOnEverySideThatRanIsNamedWithItsVersion() {
        assertThat(run(LIVE, new Clients(FRANZ_GO_PRODUCERS, FRANZ_GO_CONSUMERS)).kafkaClientVersion())
                .isEqualTo("franz-go v1.22.3");
        assertThat(run(NO_CONSUMERS, new Clients(FRANZ_GO_PRODUCERS, null)).kafkaClientVersion())
                .as("no consumers: the producers' client is the run's").isEqualTo("franz-go v1.22.3");
    }

    @Test
    void aDriverThatNeverGotReadyIsStillItsClientNotJava() {
        WorkloadSpec franz = LIVE.with(Map.of("producers.client", "franz-go"));
        assertThat(run(franz, null).kafkaClientVersion()).isEqualTo("producers franz-go unknown, consumers java 4.3.1");
        assertThat(run(franz.with(Map.of("consumers.client", "franz-go")), null).kafkaClientVersion())
                .isEqualTo("franz-go unknown");
    }

    @Test
    void sidesOfDifferentClientsAreNamedEachTheProducersFirst() {
        assertThat(run(LIVE, new Clients(FRANZ_GO_PRODUCERS, null)).kafkaClientVersion())
                .isEqualTo("producers franz-go v1.22.3, consumers java 4.3.1");
        assertThat(run(LIVE, new Clients(null, LIBRDKAFKA)).kafkaClientVersion())
                .isEqualTo("producers java 4.3.1, consumers librdkafka 2.12.1");
        assertThat(run(LIVE, new Clients(new Clients.Driver("librdkafka", "2.12.1", 1), FRANZ_GO_CONSUMERS))
                .kafkaClientVersion()).isEqualTo("producers librdkafka 2.12.1, consumers franz-go v1.22.3");
    }

    @Test
    void aDriverRunIsAnotherEnvironmentThanAJavaRunAndAChangePointSaysWhy() {
        RunEnvironment java = run(LIVE, null);
        RunEnvironment franzGo = run(LIVE, new Clients(FRANZ_GO_PRODUCERS, FRANZ_GO_CONSUMERS));
        assertThat(franzGo.key()).isNotEqualTo(java.key());
        assertThat(java.differences(franzGo)).containsExactly("Kafka clients 4.3.1 -> franz-go v1.22.3");
        // Another pid is another process, not another client.
        assertThat(run(LIVE, new Clients(new Clients.Driver("franz-go", "v1.22.3", 99), FRANZ_GO_CONSUMERS)).key())
                .isEqualTo(franzGo.key());
    }

    @Test
    void aFindMaxAnswerIsRecordedWithTheClientItsProbesRan() {
        FindMaxResult.Figures figures = new FindMaxResult.Figures("none", FindMaxOutcome.FOUND, 1000.0, 0.1, 100, 5.0,
                null, null, 5.0, 100.0, "3s", "1s", "0s", "0s", 4, "confirmed", null);
        FindMaxResult fm = new FindMaxResult(1, FindMaxResult.KIND, "fm", Map.of(), Instant.EPOCH, Instant.EPOCH, ENV,
                CLUSTER, NO_CONSUMERS, Map.of(), figures, List.of(), null, null, new Clients(FRANZ_GO_PRODUCERS, null));
        assertThat(EntryReader.entries(fm, bytes(fm), dir, "host", null).get(0).environment().kafkaClientVersion())
                .isEqualTo("franz-go v1.22.3");
    }

    /** Catalog.java cuts a value to its column (64 for kafka_client_version): every shipped pair is stored whole. */
    @Test
    void theLongestPairOfShippedClientsFitsItsCatalogColumn() {
        String longest = run(LIVE, new Clients(new Clients.Driver("librdkafka", "2.12.1", 1), FRANZ_GO_CONSUMERS))
                .kafkaClientVersion();
        assertThat(Catalog.cut(longest, "kafka_client_version")).isEqualTo(longest);
    }
}
