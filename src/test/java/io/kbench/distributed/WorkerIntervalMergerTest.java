package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.measure.IntervalCounts;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.LatencyRecorder;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class WorkerIntervalMergerTest {
    private static Message.Interval interval(String worker, int index, double endSec, IntervalPhase phase, long records,
                                             Histogram publish) {
        IntervalPoint point = new IntervalPoint(endSec, phase, 0, 0, 0, 0, 0, LatencyStats.EMPTY, LatencyStats.EMPTY,
                LatencyStats.EMPTY);
        return new Message.Interval("run", worker, index, point, new IntervalCounts(records, records * 100, records, records * 100, 1),
                HistogramCodec.encode(publish), HistogramCodec.encode(LatencyRecorder.newHistogram()),
                HistogramCodec.encode(null));
    }

    private static Histogram histogram(long... values) {
        Histogram h = LatencyRecorder.newHistogram();
        for (long v : values) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void mergedHistogramIsTheExactSumNotAnAverageOfPercentiles() {
        WorkerIntervalMerger merger = new WorkerIntervalMerger(List.of("a", "b"));
        // a: 99 fast records; b: one very slow one. Averaging the p99s would give about 500 ms; the sum's p99 is 1 ms.
        long[] fast = new long[99];
        java.util.Arrays.fill(fast, 1_000);
        merger.add(interval("a", 0, 1.0, IntervalPhase.MEASURED, 99, histogram(fast)));
        assertThat(merger.ready()).as("b has not sent interval 0 yet").isEmpty();
        merger.add(interval("b", 0, 1.01, IntervalPhase.WARMUP, 1, histogram(1_000_000)));
        List<WorkerIntervalMerger.Merged> ready = merger.ready();
        assertThat(ready).hasSize(1);
        WorkerIntervalMerger.Merged m = ready.get(0);
        assertThat(m.histogram(LatencyMetric.PUBLISH).getTotalCount()).isEqualTo(100);
        assertThat(m.histogram(LatencyMetric.PUBLISH).getValueAtPercentile(99)).isBetween(999L, 1_001L);
        assertThat(m.histogram(LatencyMetric.PUBLISH).getMaxValue()).isGreaterThanOrEqualTo(999_000L);
        assertThat(m.counts().producedRecords()).isEqualTo(100);
        assertThat(m.counts().producedBytes()).isEqualTo(10_000);
        assertThat(m.counts().produceErrors()).isEqualTo(2);
        assertThat(m.phase()).as("measured once any worker measured").isEqualTo(IntervalPhase.MEASURED);
        assertThat(m.endSec()).isEqualTo(1.01);
        assertThat(m.durationSec()).isEqualTo(1.01);
    }

    @Test
    void intervalsAreReleasedInOrderAndAClosedWorkerIsNotWaitedFor() {
        WorkerIntervalMerger merger = new WorkerIntervalMerger(List.of("a", "b"));
        merger.add(interval("a", 1, 2.0, IntervalPhase.MEASURED, 5, histogram(10)));
        merger.add(interval("b", 1, 2.0, IntervalPhase.MEASURED, 5, histogram(10)));
        assertThat(merger.ready()).as("interval 0 is missing").isEmpty();
        merger.add(interval("a", 0, 1.0, IntervalPhase.MEASURED, 5, histogram(10)));
        assertThat(merger.ready()).isEmpty();
        merger.closed("b");
        List<WorkerIntervalMerger.Merged> ready = merger.ready();
        assertThat(ready).extracting(WorkerIntervalMerger.Merged::index).containsExactly(0, 1);
        assertThat(ready.get(1).counts().producedRecords()).isEqualTo(10);
        assertThat(ready.get(1).durationSec()).as("a's second interval is 1 s long").isEqualTo(1.0);
    }

    @Test
    void flushReleasesWhatIsLeftEvenIfIncomplete() {
        WorkerIntervalMerger merger = new WorkerIntervalMerger(List.of("a", "b"));
        merger.add(interval("a", 0, 1.0, IntervalPhase.MEASURED, 3, histogram(10, 20, 30)));
        assertThat(merger.ready()).isEmpty();
        assertThat(merger.flush()).singleElement().satisfies(m -> assertThat(m.histogram(LatencyMetric.PUBLISH).getTotalCount()).isEqualTo(3));
    }

    @Test
    void histogramsSurviveTheTextEncodingLosslessly() {
        Histogram h = histogram(1, 17, 255, 4_096, 1_000_000, 3_600_000_000L);
        Histogram back = HistogramCodec.decode(HistogramCodec.encode(h));
        assertThat(back).isEqualTo(h);
    }

    @Test
    void aHistogramOfAnotherRangeOrPrecisionIsRefusedNotMerged() {
        Histogram wide = new Histogram(1, 100 * LatencyRecorder.HIGHEST_TRACKABLE_MICROS, 3);
        wide.recordValue(50 * LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
        assertThatThrownBy(() -> HistogramCodec.decode(HistogramCodec.encode(wide)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1..360000000000 at 3 significant digits")
                .hasMessageContaining("kbench writes microseconds 1..3600000000 (1 h) at 3 significant digits");
        Histogram precise = new Histogram(1, LatencyRecorder.HIGHEST_TRACKABLE_MICROS, 4);
        assertThatThrownBy(() -> HistogramCodec.decode(HistogramCodec.encode(precise)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Failed before the fix: bytes past a histogram's declared length were carried and ignored, so a worker's message
     * could hold any amount beyond the 212,292 bytes a histogram of kbench's shape ever needs. The size is checked first.
     */
    @Test
    void aHistogramLongerThanAnyOfKbenchsShapeIsRefused() {
        byte[] own = java.util.Base64.getDecoder().decode(HistogramCodec.encode(LatencyRecorder.newHistogram()));
        int max = io.kbench.measure.HistogramShape.MAX_ENCODED_BYTES;
        String padded = java.util.Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(own, max + 1));
        assertThatThrownBy(() -> HistogramCodec.decode(padded)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("malformed histogram in a worker's message: " + (max + 1) + " bytes; a histogram of kbench's"
                        + " shape encodes in at most " + max);
        assertThat(HistogramCodec.decode(java.util.Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(own, max)))
                .getTotalCount()).as("trailing bytes within the bound are ignored, as before").isZero();
    }

    /**
     * Failed before the fix: HdrHistogram allocated the counts array the header declares (about 48 MB here, five
     * digits over a range of 2^62) before kbench compared the shape with its own.
     */
    @Test
    void aHeaderDeclaringAHugeHistogramIsRefusedBeforeAnythingIsAllocatedForIt() throws Exception {
        byte[] compressed = java.util.Base64.getDecoder().decode(HistogramCodec.encode(LatencyRecorder.newHistogram()));
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(compressed);
        int cookie = in.getInt();
        int length = in.getInt();
        java.util.zip.Inflater inflater = new java.util.zip.Inflater();
        inflater.setInput(compressed, 8, length);
        byte[] contents = new byte[1 << 16];
        int n = inflater.inflate(contents);
        inflater.end();
        java.nio.ByteBuffer header = java.nio.ByteBuffer.wrap(contents);
        header.putInt(12, 5);                      // five significant digits
        header.putLong(24, Long.MAX_VALUE / 2);     // the widest range
        java.util.zip.Deflater deflater = new java.util.zip.Deflater();
        deflater.setInput(contents, 0, n);
        deflater.finish();
        byte[] deflated = new byte[1 << 16];
        int d = deflater.deflate(deflated);
        deflater.end();
        java.nio.ByteBuffer forged = java.nio.ByteBuffer.allocate(8 + d).putInt(cookie).putInt(d).put(deflated, 0, d);
        String text = java.util.Base64.getEncoder().encodeToString(forged.array());

        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        assertThatThrownBy(() -> HistogramCodec.decode(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at 5 significant digits; kbench writes microseconds");
        assertThat(threads.getCurrentThreadAllocatedBytes() - before).isLessThan(4L * 1024 * 1024);
    }
}
