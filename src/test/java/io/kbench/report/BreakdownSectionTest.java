package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-partition heat map, the per-consumer table and the transactions section of a run report. */
class BreakdownSectionTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String LATENCY = "{\"count\": %d, \"p50\": 1000, \"p95\": 2000, \"p99\": %d, \"p999\": %d, "
            + "\"max\": %d, \"mean\": 1200.0}";

    @TempDir
    Path tmp;

    private String render(String breakdown, String transactions) throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        if (breakdown != null) {
            r.set("breakdown", JSON.readTree(breakdown));
        }
        if (transactions != null) {
            ((ObjectNode) r.get("summary")).set("transactions", JSON.readTree(transactions));
        }
        Files.writeString(dir.resolve("result.json"), JSON.writeValueAsString(r));
        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);
        ReportRendererTest.assertSelfContained(html);
        return html;
    }

    private static String latency(long count, long p99) {
        return LATENCY.formatted(count, p99, p99, p99);
    }

    @Test
    void anEvenRowStaysPale() throws Exception {
        // An even row stays pale: 17.0% against an even 16.7% is not "hot".
        String even = render("""
                {"partitionLatency": "publish", "partitions": [
                   {"partition": 0, "producedRecords": 170}, {"partition": 1, "producedRecords": 166},
                   {"partition": 2, "producedRecords": 166}, {"partition": 3, "producedRecords": 166},
                   {"partition": 4, "producedRecords": 166}, {"partition": 5, "producedRecords": 166}],
                 "consumers": []}
                """, null);
        assertThat(even).contains("style=\"background:rgba(220,38,38,0.079);color:#0f172a\" title=\"partition 0: produced"
                + " records 170 (+2% from an even share)\"");
    }

    @Test
    void aHotPartitionIsTheDarkestCellAndTheSkewIsNamed() throws Exception {
        String html = render("""
                {"partitionLatency": "endToEnd",
                 "partitions": [
                   {"partition": 0, "producedRecords": 100, "consumedRecords": 100, "latencyMicros": %s},
                   {"partition": 1, "producedRecords": 700, "consumedRecords": 700, "latencyMicros": %s},
                   {"partition": 2, "producedRecords": 200, "consumedRecords": 200}],
                 "consumers": [
                   {"consumer": 0, "records": 800, "bytes": 80000, "recordsPerSec": 80.0, "endToEndLatencyMicros": %s},
                   {"consumer": 1, "records": 200, "bytes": 20000, "recordsPerSec": 20.0}]}
                """.formatted(latency(100, 3000), latency(700, 90_000), latency(800, 90_000)), null);
        int start = html.indexOf("<h2>Per partition and per consumer</h2>");
        assertThat(start).isPositive();
        String section = html.substring(start, html.indexOf("</section>", start));
        assertThat(section).contains("<div class=\"heat\">")
                // coloured by the deviation from an even share (333 records): red above, blue below
                .contains("style=\"background:rgba(220,38,38,1.000);color:#fff\" title=\"partition 1: produced records 700"
                        + " (+110% from an even share)\"")
                .contains("style=\"background:rgba(37,99,235,0.718);color:#fff\" title=\"partition 0: produced records 100"
                        + " (-70% from an even share)\"")
                .contains("end-to-end p99 (ms)")
                // partition 2 has no latency histogram: an empty cell, not a zero
                .contains("<div class=\"heat-cell empty\" title=\"partition 2: end-to-end p99 (ms) -\"></div>")
                .contains("Hottest partition: 1 with 70% of the produced records (an even share is 33.3%).")
                .containsSubsequence("kbench-consumer-0", "800", "80%", "kbench-consumer-1", "200", "20%");
        assertThat(html.indexOf("Transactions</h2>")).isNegative();
    }

    @Test
    void theRunMarkdownHasTheCommitLatencyTheTransactionsLineAndTheSkew() throws Exception {
        render("""
                {"partitionLatency": "publish", "consumers": [],
                 "partitions": [{"partition": 0, "producedRecords": 300}, {"partition": 1, "producedRecords": 100}]}
                """, """
                {"committed": 40, "aborted": 10, "committedRecords": 4000, "abortedRecords": 1000,
                 "transactionsPerSec": 8.0, "commitLatencyMicros": %s, "abortedRecordsConsumed": 0}""".formatted(
                latency(40, 12_000)));
        RunResult run = ResultReader.read(tmp.resolve("run-sample/result.json"), RunResult.class);
        String md = RunMarkdown.render(run, "result.json");
        assertThat(md).contains("| commit | 1 | 2 | 12 | 12 | 12 | 1.2 |")
                .contains("transactions: 40 committed (8.0/s), 10 aborted; commit p50 1.00 ms, p99 12.0 ms, max 12.0 ms\n")
                .contains("Hottest partition: 0 with 75% of the produced records (an even share is 50%).");
    }

    @Test
    void noBreakdownNoSection() throws Exception {
        assertThat(render(null, null)).doesNotContain("Per partition and per consumer");
    }

    @Test
    void transactionsShowCommitsAbortsAndLeaks() throws Exception {
        String html = render(null, """
                {"committed": 40, "aborted": 10, "committedRecords": 4000, "abortedRecords": 1000,
                 "transactionsPerSec": 8.0, "commitLatencyMicros": %s, "abortedRecordsConsumed": 3,
                 "isolationLevel": "read_committed"}""".formatted(latency(40, 12_000)));
        int start = html.indexOf("Transactions</h2>");
        assertThat(start).isPositive();
        String section = html.substring(start, html.indexOf("</section>", start));
        assertThat(section).containsSubsequence("committed", "transactions/s", "40 transactions, 4,000 records",
                        "aborted", "10", "1,000 records", "commit p99", "12")
                .contains("read_committed: a broken guarantee")
                .contains("<p class=\"warn\">");
    }
}
