package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.measure.IntervalLog;
import io.kbench.measure.LatencyMetric;
import io.kbench.result.run.BrokerCheck;
import io.kbench.result.run.Clients;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.testkit.ItFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench run} with a side in the franz-go driver (drivers/franz-go, built by kbench into its cache on first use),
 * against a real embedded broker: the driver's records are on the broker in the number result.json says, its
 * intervals merge into kbench's (progress lines, .hlog files, summary), and end-to-end latency is read across clients
 * from the stamp both share, either way round. Needs Go; without it the class is skipped (kbench itself would refuse the
 * run in one line, which DriverBuildTest covers).
 */
@EmbeddedKafka
class ClientsIT {
    private static final String WORKLOAD = "src/test/resources/workloads/it-clients.yaml";
    private static final String E2E = "src/test/resources/workloads/it-clients-e2e.yaml";

    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;
    @TempDir
    static Path dir;

    @BeforeAll
    static void needsGo() {
        ItFixture.assumeGo();
    }

    @Test
    void franzGoProducersPutOnTheBrokerWhatTheResultCounts() throws Exception {
        Path results = dir.resolve("producers");
        CliRun run = run(WORKLOAD, results, "topic.name=it-clients-producers");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        assertThat(result.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(result.summary().produced().records()).as(run.transcript()).isEqualTo(2000);
        assertThat(result.summary().produced().warmupRecords()).isEqualTo(200);
        assertThat(result.summary().produced().errors()).isZero();
        // The driver really sent them: the broker's offsets grew by every record it acknowledged, and the run says so.
        assertThat(endOffsets("it-clients-producers")).isEqualTo(2200);
        assertThat(result.clients().brokerCheck()).isEqualTo(BrokerCheck.of(2200, 2200));
        assertThat(run.stdout()).contains("broker check: 2,200 records acknowledged = 2,200 written");
        LatencyStats publish = result.summary().publishLatencyMicros();
        assertThat(publish.count()).isEqualTo(2000);
        assertThat(result.summary().sendDelayMicros().count()).isEqualTo(2000);
        // The intervals and the lossless log hold the same records as the summary: one merge path.
        assertThat(result.intervals()).isNotEmpty();
        Path runDir = ItFixture.onlyRunDir(results);
        assertThat(IntervalLog.readTotal(runDir.resolve(LatencyMetric.PUBLISH.fileName())).orElseThrow().getTotalCount())
                .isEqualTo(2000);
        long intervalCount = result.intervals().stream().mapToLong(i -> i.publishLatencyMicros().count()).sum();
        assertThat(intervalCount).isEqualTo(2000);
        Clients clients = result.clients();
        assertThat(clients.producers().client()).isEqualTo("franz-go");
        assertThat(clients.producers().clientVersion()).startsWith("v1.");
        assertThat(clients.consumers()).isNull();
        assertThat(result.breakdown()).as("a driver reports no per-partition figures").isNull();
        assertThat(run.stdout()).contains("drivers: producers franz-go " + clients.producers().clientVersion());
        assertThat(runDir.resolve("drivers/producers.log")).exists();
        assertThat(ProcessHandle.of(clients.producers().pid())).as("the driver exited").isEmpty();
        System.out.println("ClientsIT franz-go producers:\n" + run.stdout());
    }

    @Test
    void aJavaConsumerReadsTheEndToEndLatencyOfFranzGoRecords() throws Exception {
        Path results = dir.resolve("franz-go-to-java");
        CliRun run = run(E2E, results, "topic.name=it-clients-f2j");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        long produced = result.summary().produced().records();
        assertThat(produced).as(run.transcript()).isPositive();
        assertThat(result.warmup()).as("the auto warm-up judged the driver's acknowledgements").isNotNull();
        assertThat(result.summary().consumed().records()).isEqualTo(produced);
        LatencyStats e2e = result.summary().endToEndLatencyMicros();
        assertThat(e2e.count()).isEqualTo(produced);
        // On one clock (CLOCK_MONOTONIC): positive and far below a minute; another clock would be hours off or 0.
        assertThat(e2e.p50()).isBetween(1L, 60_000_000L);
        assertThat(e2e.max()).isLessThan(60_000_000L);
        assertThat(result.clients().producers().client()).isEqualTo("franz-go");
        assertThat(result.clients().consumers()).isNull();
        System.out.println("ClientsIT franz-go -> java:\n" + run.stdout());
    }

    @Test
    void franzGoConsumersReadTheEndToEndLatencyOfJavaRecords() throws Exception {
        Path results = dir.resolve("java-to-franz-go");
        CliRun run = run(E2E, results, "topic.name=it-clients-j2f", "producers.client=java", "consumers.client=franz-go");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        long produced = result.summary().produced().records();
        assertThat(produced).as(run.transcript()).isPositive();
        assertThat(result.summary().consumed().records()).isEqualTo(produced);
        LatencyStats e2e = result.summary().endToEndLatencyMicros();
        assertThat(e2e.count()).isEqualTo(produced);
        assertThat(e2e.p50()).isBetween(1L, 60_000_000L);
        assertThat(result.clients().consumers().client()).isEqualTo("franz-go");
        assertThat(result.clients().producers()).isNull();
        assertThat(ProcessHandle.of(result.clients().consumers().pid())).as("the driver exited").isEmpty();
        System.out.println("ClientsIT java -> franz-go:\n" + run.stdout());
    }

    private static CliRun run(String workload, Path results, String... sets) {
        List<String> args = new ArrayList<>(List.of("run", workload, "--bootstrap-server",
                cluster.bootstrapServers(), "--results-dir", results.toString()));
        for (String set : sets) {
            args.add("--set");
            args.add(set);
        }
        return CliRun.of(args.toArray(String[]::new));
    }

    /** The records on the broker: the sum of the topic's end offsets. */
    private static long endOffsets(String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            int partitions = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().size();
            Map<TopicPartition, OffsetSpec> latest = IntStream.range(0, partitions).boxed()
                    .collect(Collectors.toMap(p -> new TopicPartition(topic, p), p -> OffsetSpec.latest()));
            return admin.listOffsets(latest).all().get().values().stream().mapToLong(i -> i.offset()).sum();
        }
    }
}
