package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.measure.IntervalCounts;
import io.kbench.measure.LatencyRecorder;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * kbench produce's --reporting-interval lines: kafka-producer-perf-test's window line for every interval with
 * acknowledged records (issue 42), with the send-call latency the stock tool measures.
 */
class SendCallLatencyTest {
    private static IntervalPoint point(double endSec, double recordsPerSec, double mibPerSec, LatencyStats publish) {
        return new IntervalPoint(endSec, IntervalPhase.MEASURED, recordsPerSec, mibPerSec, 0, 0, 0, publish, null, null);
    }

    @Test
    void printsTheStockWindowLineForEachIntervalWithAcknowledgedRecords() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SendCallLatency live = new SendCallLatency(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                new ClientMetricsTable(ClientMetricsTable.Clients.NONE));
        live.interval(point(1.0, 2_000.0, 0.19, new LatencyStats(2_000, 2_000, 3_500, 3_900, 4_000, 4_000, 3_000)),
                new IntervalCounts(2_000, 200_000, 0, 0, 0));
        // Nothing acknowledged: no line, as the stock tool's window only closes on an acknowledgement.
        live.interval(point(2.0, 0, 0, LatencyStats.EMPTY), new IntervalCounts(0, 0, 0, 0, 0));
        live.interval(point(3.0, 500.0, 0.05, new LatencyStats(500, 1_000, 1_500, 1_900, 2_000, 2_500, 1_250)),
                new IntervalCounts(500, 50_000, 0, 0, 0));

        assertThat(bytes.toString(StandardCharsets.UTF_8).lines()).containsExactly(
                "2000 records sent, 2000.0 records/sec (0.19 MB/sec), 3.0 ms avg latency, 4.0 ms max latency.",
                "500 records sent, 500.0 records/sec (0.05 MB/sec), 1.3 ms avg latency, 2.5 ms max latency.");
    }

    @Test
    void addsUpTheSendCallLatencyOfTheFinalLine() {
        SendCallLatency live = new SendCallLatency(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new ClientMetricsTable(ClientMetricsTable.Clients.NONE));
        Histogram first = LatencyRecorder.newHistogram();
        first.recordValue(2_000);
        live.publishFromSendCall(first);
        Histogram second = LatencyRecorder.newHistogram();
        second.recordValue(4_000);
        live.publishFromSendCall(second);
        live.publishFromSendCall(null);
        assertThat(live.stats().count()).isEqualTo(2);
        assertThat(live.stats().max()).isBetween(4_000L, 4_004L);
    }
}
