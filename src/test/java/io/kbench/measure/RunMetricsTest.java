package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's latency series, one per {@link LatencyMetric}, each with its interval log named as results name it. */
class RunMetricsTest {
    private static final long BASE = 1_700_000_000_000L;

    @Test
    void eachMetricHasItsOwnSeriesAndLogFile(@TempDir Path dir) throws Exception {
        try (RunMetrics metrics = new RunMetrics(dir, BASE)) {
            for (LatencyMetric metric : LatencyMetric.values()) {
                assertThat(metrics.latency(metric).metric()).isEqualTo(metric);
            }
            metrics.latency(LatencyMetric.PUBLISH).recorder().recordMicros(100);
            metrics.latency(LatencyMetric.SEND_DELAY).recorder().recordMicros(7);
            metrics.latency(LatencyMetric.SEND_DELAY).recorder().recordMicros(8);
            assertThat(metrics.latency(LatencyMetric.PUBLISH).rollInterval(BASE, BASE + 1000, true).count()).isEqualTo(1);
            assertThat(metrics.latency(LatencyMetric.END_TO_END).rollInterval(BASE, BASE + 1000, true).count()).isZero();
            assertThat(metrics.latency(LatencyMetric.SEND_DELAY).rollInterval(BASE, BASE + 1000, true).count()).isEqualTo(2);
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("publish-latency.hlog", "end-to-end-latency.hlog", "send-delay.hlog");
        }
        assertThat(IntervalLog.readTotal(dir.resolve("send-delay.hlog")).orElseThrow().getTotalCount()).isEqualTo(2);
        assertThat(IntervalLog.readTotal(dir.resolve("end-to-end-latency.hlog"))).isEmpty();
    }

    @Test
    void recordingThroughTheEnumAllocatesNothingPerRecord() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        try (RunMetrics metrics = new RunMetrics(null, BASE)) {
            record(metrics, 100_000); // warm up: class loading and the first compilations happen here
            long before = threads.getThreadAllocatedBytes(thread);
            record(metrics, 1_000_000);
            long allocated = threads.getThreadAllocatedBytes(thread) - before;
            assertThat(allocated).as("bytes allocated for 3,000,000 records").isLessThan(4096);
            assertThat(metrics.latency(LatencyMetric.END_TO_END).rollInterval(0, 1, true).count()).isEqualTo(1_100_000);
        }
    }

    private static void record(RunMetrics metrics, int records) {
        for (int i = 0; i < records; i++) {
            metrics.latency(LatencyMetric.PUBLISH).recorder().recordMicros(i & 1023);
            metrics.latency(LatencyMetric.END_TO_END).recorder().recordMicros(i & 4095);
            metrics.latency(LatencyMetric.SEND_DELAY).recorder().recordMicros(i & 63);
        }
    }
}
