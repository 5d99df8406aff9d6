package io.kbench.console;

import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Totals;
import io.kbench.unit.Units;
import java.util.Locale;

/** {@code kbench produce}'s closing lines: kafka-producer-perf-test's own, and kbench's corrected latency above it. */
public final class ProducerPerfText {
    private ProducerPerfText() {
    }

    /**
     * kafka-producer-perf-test's final line in its exact format (records/s with %f, percentiles as whole ms), so
     * scripts that parse it keep working; the exact microsecond figures are in result.json and the summary table.
     */
    public static String perfTestLine(Totals t, LatencyStats l) {
        return String.format(Locale.ROOT,
                "%d records sent, %f records/sec (%.2f MB/sec), %.2f ms avg latency, %.2f ms max latency, "
                        + "%d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th.",
                t.records(), t.recordsPerSec(), t.mebibytesPerSec(), Units.millis(l.mean()), Units.millis(l.max()),
                wholeMillis(l.p50()), wholeMillis(l.p95()), wholeMillis(l.p99()), wholeMillis(l.p999()));
    }

    /**
     * kafka-producer-perf-test's progress line, printed every {@code --reporting-interval} ({@code Stats.printWindow} of
     * Kafka 4.3.1): the records acknowledged in the window, their rate, and the send-call latency of the window's
     * records.
     */
    public static String windowLine(long records, double recordsPerSec, double mebibytesPerSec, LatencyStats l) {
        return String.format(Locale.ROOT,
                "%d records sent, %.1f records/sec (%.2f MB/sec), %.1f ms avg latency, %.1f ms max latency.",
                records, recordsPerSec, mebibytesPerSec, Units.millis(l.mean()), Units.millis(l.max()));
    }

    /**
     * kbench's publish latency from each record's intended send time, in the stock line's units, under its own label:
     * printed above the stock-format line, which carries the stock tool's meaning (from the send call).
     */
    public static String correctedLine(LatencyStats l) {
        return String.format(Locale.ROOT, "kbench publish latency from the intended send time (coordinated omission"
                        + " corrected): %.2f ms avg, %.2f ms max, %d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th.",
                Units.millis(l.mean()), Units.millis(l.max()),
                wholeMillis(l.p50()), wholeMillis(l.p95()), wholeMillis(l.p99()), wholeMillis(l.p999()));
    }

    /** The stock tool records whole milliseconds, so its percentiles are truncated ms. */
    private static long wholeMillis(long micros) {
        return micros / 1000;
    }
}
