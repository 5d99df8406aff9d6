package io.kbench.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Totals;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The final line of kbench produce is kafka-producer-perf-test's, number formats included, in any locale. */
class ProducePerfLineTest {
    /** ProducerPerformance.Stats#printTotal of Kafka 4.3.1 (read from the kafka-tools jar), without the steady-state tag. */
    private static final String STOCK_FORMAT = "%d records sent, %f records/sec (%.2f MB/sec), %.2f ms avg latency, "
            + "%.2f ms max latency, %d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th.";

    @Test
    void matchesTheStockFormatWithPercentilesInWholeMilliseconds() {
        Totals t = new Totals(2_500, 256_000, 15_678.9, 1.53, 0.16, 0, Map.of(), 500, null, null);
        LatencyStats l = new LatencyStats(2_500, 401_410, 543_740, 600_999, 612_000, 650_500, 420_123.4);
        Locale saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            assertThat(ProducerPerfText.perfTestLine(t, l)).isEqualTo(String.format(Locale.ROOT, STOCK_FORMAT,
                    2_500L, 15_678.9, 1.53, 420.1234, 650.5, 401L, 543L, 600L, 612L));
            assertThat(ProducerPerfText.perfTestLine(t, l)).isEqualTo("2500 records sent, 15678.900000 records/sec"
                    + " (1.53 MB/sec), 420.12 ms avg latency, 650.50 ms max latency, 401 ms 50th, 543 ms 95th,"
                    + " 600 ms 99th, 612 ms 99.9th.");
        } finally {
            Locale.setDefault(saved);
        }
    }
}
