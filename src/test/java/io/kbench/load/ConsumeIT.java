package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench consume} as a drop-in for kafka-consumer-perf-test, on a real embedded broker: the stock tool's
 * CSV header and columns, --show-detailed-stats with --hide-header, --from-latest with --timeout, and the read limit.
 * The first and the third check what consume does on its own embedded cluster (it fills the topic first); the others
 * read topics filled beforehand on the class's shared cluster, as on any existing cluster (a broker start fewer each).
 */
@EmbeddedKafka
class ConsumeIT {
    private static final String SUMMARY_HEADER = "start.time, end.time, data.consumed.in.MB, MB.sec,"
            + " data.consumed.in.nMsg, nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec";
    private static final String DATA = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3}";
    private static final String DETAILED_LINE = DATA + ", 0, [0-9.]+, [0-9.]+, \\d+, [0-9.]+, \\d+, -?\\d+, [0-9.]+, [0-9.]+";

    @TempDir
    Path results;

    @Test
    void printsTheStockHeaderAndOneSummaryLineMatchingResultJson() throws IOException {
        CliRun run = CliRun.of("consume", "--topic", "csv", "--num-records", "3000", "--record-size", "100",
                "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        List<String> lines = run.stdout().lines().toList();
        int header = lines.indexOf(SUMMARY_HEADER);
        assertThat(header).as(run.transcript()).isNotNegative();
        assertThat(lines.lastIndexOf(SUMMARY_HEADER)).as(run.transcript()).isEqualTo(header);
        String[] v = lines.get(header + 1).split(", ");
        assertThat(v).as(run.transcript()).hasSize(10);
        assertThat(v[0]).matches(DATA);
        assertThat(v[1]).matches(DATA);
        assertThat(v[2]).isEqualTo("0.2861"); // 3000 x 100 B in MiB
        assertThat(Long.parseLong(v[4])).isEqualTo(3000);
        long rebalanceMs = Long.parseLong(v[6]);
        long fetchMs = Long.parseLong(v[7]);
        assertThat(rebalanceMs).isNotNegative();
        assertThat(fetchMs).isNotNegative();
        assertThat(Double.parseDouble(v[9])).as("fetch.nMsg.sec excludes the join: >= nMsg.sec")
                .isGreaterThanOrEqualTo(Double.parseDouble(v[5]));
        assertThat(run.stdout()).doesNotContain("WARNING: Exiting before");
        RunResult result = onlyResult();
        assertThat(result.summary().consumed().records()).isEqualTo(3000);
        Map<String, String> properties = result.workload().consumers().properties();
        assertThat(properties.get("check.crcs")).isEqualTo("false");
        assertThat(properties.get("receive.buffer.bytes")).isEqualTo("2097152");
        assertThat(properties.get("max.partition.fetch.bytes")).isEqualTo("1048576");
    }

    @Test
    void detailedStatsWithHiddenHeaderPrintsIntervalLinesOnly(EmbeddedCluster cluster, @TempDir Path fills)
            throws IOException {
        String bootstrap = cluster.bootstrapServers();
        fill(bootstrap, "detailed", 3000, fills);
        CliRun run = CliRun.of("consume", "--bootstrap-server", bootstrap, "--topic", "detailed", "--messages", "3000",
                "--show-detailed-stats", "--hide-header", "--reporting-interval", "1",
                "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        List<String> detailed = run.stdout().lines().filter(l -> l.matches(DETAILED_LINE)).toList();
        assertThat(detailed).as(run.transcript()).isNotEmpty();
        // As in the stock tool, a line needs a whole reporting interval since the previous one, so whether the final
        // poll gets its own line depends on timing; the running totals only grow and never pass what was read.
        List<Long> totals = detailed.stream().map(l -> Long.parseLong(l.split(", ")[4])).toList();
        assertThat(totals).as(run.transcript()).isSorted().allMatch(n -> n > 0 && n <= 3000);
        assertThat(run.stdout()).as(run.transcript())
                .doesNotContain("time, threadId").doesNotContain("start.time, end.time");
        assertThat(onlyResult().summary().consumed().records()).isEqualTo(3000);
    }

    @Test
    void fromLatestSkipsWhatIsThereAndGivesUpAfterTheTimeout() throws IOException {
        CliRun run = CliRun.of("consume", "--topic", "latest", "--num-records", "1000", "--record-size", "100",
                "--from-latest", "--timeout", "2000", "--results-dir", results.toString());
        List<String> lines = run.stdout().lines().toList();
        assertThat(lines).as(run.transcript()).contains("WARNING: Exiting before consuming the expected number of"
                + " records: timeout (2000 ms) exceeded. You can use the --timeout option to increase the timeout.");
        int header = lines.indexOf(SUMMARY_HEADER);
        assertThat(header).as(run.transcript()).isNotNegative();
        String[] v = lines.get(header + 1).split(", ");
        assertThat(v[4]).as(run.transcript()).isEqualTo("0");
        assertThat(onlyResult().workload().consumers().properties().get("auto.offset.reset")).isEqualTo("latest");
        assertThat(onlyResult().summary().produced().records()).isEqualTo(1000);
    }

    @Test
    void includeReadsEveryMatchingTopicOfAnExistingCluster(EmbeddedCluster cluster, @TempDir Path fills)
            throws IOException {
        String bootstrap = cluster.bootstrapServers();
        fill(bootstrap, "inc-a", 1200, fills);
        fill(bootstrap, "inc-b", 800, fills);
        fill(bootstrap, "other", 500, fills);
        // Asks for more than the matching topics hold: all 2,000 are read, "other" is not, then --timeout ends it (10 s:
        // joining the group and finding the topics by pattern took over 3 s on a loaded machine). The shared cluster's
        // other topic ("detailed") does not match either.
        CliRun run = CliRun.of("consume", "--bootstrap-server", bootstrap, "--include", "inc-.*",
                "--num-records", "2500", "--timeout", "10000", "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        List<String> lines = run.stdout().lines().toList();
        assertThat(lines).as(run.transcript()).anyMatch(l -> l.startsWith("WARNING: Exiting before consuming"));
        String[] v = lines.get(lines.indexOf(SUMMARY_HEADER) + 1).split(", ");
        assertThat(v[4]).as(run.transcript()).isEqualTo("2000");
        assertThat(onlyResult().workload().consumers().topicPattern()).isEqualTo("inc-.*");
    }

    /** Writes {@code records} records of 100 B to {@code topic} with kbench produce (results under {@code fills}). */
    private static void fill(String bootstrap, String topic, int records, Path fills) {
        CliRun fill = CliRun.of("produce", "--bootstrap-server", bootstrap, "--topic", topic, "--num-records",
                Integer.toString(records), "--record-size", "100", "--throughput", "-1", "--results-dir",
                fills.toString());
        assertThat(fill.exitCode()).as(fill.transcript()).isZero();
    }

    /**
     * Issue 42: against a topic holding twice what is asked, the stock tool reads past --num-records by less than one
     * poll (max.poll.records, 500 by default) and so must kbench; its CSV line and its summary table count the same
     * records (before the fix: 35-38K read for 30,000, and the CSV line 1,000 below the table).
     */
    @Test
    void readsWithinOnePollOfNumRecordsAndItsCsvLineAgreesWithItsTable(@TempDir Path clusterDir) throws IOException {
        CliRun start = ItFixture.startCluster(clusterDir);
        try {
            String bootstrap = ItFixture.bootstrap(start);
            CliRun fill = CliRun.of("produce", "--bootstrap-server", bootstrap, "--topic", "limit", "--partitions", "3",
                    "--num-records", "60000", "--record-size", "100", "--throughput", "-1",
                    "--results-dir", clusterDir.resolve("fill-results").toString());
            assertThat(fill.exitCode()).as(fill.transcript()).isZero();

            CliRun run = CliRun.of("consume", "--bootstrap-server", bootstrap, "--topic", "limit",
                    "--num-records", "30000", "--results-dir", results.toString());

            assertThat(run.exitCode()).as(run.transcript()).isZero();
            List<String> lines = run.stdout().lines().toList();
            long csv = Long.parseLong(lines.get(lines.indexOf(SUMMARY_HEADER) + 1).split(", ")[4]);
            assertThat(csv).as(run.transcript()).isBetween(30_000L, 30_000L + 500 - 1);
            String table = lines.stream().filter(l -> l.startsWith("consumed ")).findFirst().orElseThrow();
            assertThat(Long.parseLong(table.trim().split("\\s+")[1].replace(",", ""))).as(run.transcript())
                    .isEqualTo(csv);
            assertThat(onlyResult().summary().consumed().records()).isEqualTo(csv);
            assertThat(run.stdout()).doesNotContain("WARNING: Exiting before");
        } finally {
            CliRun stop = CliRun.of("cluster", "stop", "--dir", clusterDir.toString());
            assertThat(stop.exitCode()).as(stop.transcript()).isZero();
        }
    }

    private RunResult onlyResult() throws IOException {
        return ItFixture.onlyRun(results);
    }
}
