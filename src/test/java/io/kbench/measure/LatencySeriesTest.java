package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.LatencyStats;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencySeriesTest {

    @Test
    void percentilesAreOrderedAndTotalsAccumulateAcrossIntervals(@TempDir Path dir) {
        try (LatencySeries s = new LatencySeries(LatencyMetric.PUBLISH, dir, 1_700_000_000_000L)) {
            for (int i = 1; i <= 1000; i++) {
                s.recorder().recordMicros(i);
            }
            LatencyStats first = s.rollInterval(1_700_000_000_000L, 1_700_000_001_000L, true);
            assertThat(first.count()).isEqualTo(1000);
            assertOrdered(first);
            assertThat(first.p50()).isBetween(495L, 505L);
            assertThat(first.max()).isBetween(999L, 1001L);

            for (int i = 0; i < 500; i++) {
                s.recorder().recordMicros(10_000);
            }
            LatencyStats second = s.rollInterval(1_700_000_001_000L, 1_700_000_002_000L, true);
            assertThat(second.count()).isEqualTo(500);
            assertThat(second.p50()).isBetween(9_990L, 10_010L);

            LatencyStats total = s.totalStats();
            assertThat(total.count()).isEqualTo(1500);
            assertOrdered(total);
            assertThat(total.max()).isBetween(9_990L, 10_010L);
        }
    }

    @Test
    void warmupIntervalsAreDrainedButNotCounted() {
        try (LatencySeries s = new LatencySeries(LatencyMetric.PUBLISH, null, 0)) {
            s.recorder().recordMicros(5);
            LatencyStats warm = s.rollInterval(0, 1000, false);
            assertThat(warm.count()).isEqualTo(1);
            assertThat(s.totalStats().count()).isZero();
            assertThat(s.totalStats()).isEqualTo(LatencyStats.EMPTY);
            s.recorder().recordMicros(7);
            assertThat(s.rollInterval(1000, 2000, true).count()).isEqualTo(1);
            assertThat(s.totalStats().count()).isEqualTo(1);
        }
    }

    @Test
    void outOfRangeValuesAreClampedNotLost() {
        try (LatencySeries s = new LatencySeries(LatencyMetric.SEND_DELAY, null, 0)) {
            s.recorder().recordMicros(-5);
            s.recorder().recordMicros(LatencyRecorder.HIGHEST_TRACKABLE_MICROS * 10);
            LatencyStats st = s.rollInterval(0, 1, true);
            assertThat(st.count()).isEqualTo(2);
            assertThat(st.p50()).isZero();
            assertThat(st.max()).isGreaterThanOrEqualTo(LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
        }
    }

    @Test
    void hlogIsReadableBackWithTheSameTotalCount(@TempDir Path dir) throws IOException {
        Path hlog = dir.resolve("publish-latency.hlog");
        long base = 1_700_000_000_000L;
        long expected = 0;
        try (LatencySeries s = new LatencySeries(LatencyMetric.PUBLISH, dir, base)) {
            for (int interval = 0; interval < 5; interval++) {
                for (int i = 0; i < 100 * (interval + 1); i++) {
                    s.recorder().recordMicros(100 + i);
                    expected++;
                }
                s.rollInterval(base + interval * 1000L, base + (interval + 1) * 1000L, true);
            }
            s.recorder().recordMicros(1);
            s.rollInterval(base + 5000, base + 6000, false); // warm-up style: not logged
            assertThat(s.totalStats().count()).isEqualTo(expected);
        }

        Histogram sum = new Histogram(3);
        int intervals = 0;
        try (InputStream in = new FileInputStream(hlog.toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                sum.add((Histogram) h);
                intervals++;
            }
        }
        assertThat(intervals).isEqualTo(5);
        assertThat(sum.getTotalCount()).isEqualTo(expected);
        assertThat(sum.getMaxValue()).isBetween(599L, 600L);
    }

    private static void assertOrdered(LatencyStats s) {
        assertThat(s.p50()).isLessThanOrEqualTo(s.p95());
        assertThat(s.p95()).isLessThanOrEqualTo(s.p99());
        assertThat(s.p99()).isLessThanOrEqualTo(s.p999());
        assertThat(s.p999()).isLessThanOrEqualTo(s.max());
        assertThat(s.mean()).isBetween((double) 0, (double) s.max());
    }
}
