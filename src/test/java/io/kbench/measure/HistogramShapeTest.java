package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.HdrHistogram.DoubleHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The header check every reader of outside histograms makes before decoding: kbench's shape or one line why not. */
class HistogramShapeTest {
    private static byte[] encoded(EncodableHistogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer, Deflater.DEFAULT_COMPRESSION);
        return Arrays.copyOf(buffer.array(), length);
    }

    @Test
    void kbenchsOwnHistogramsPassEmptyOrFull() {
        Histogram h = LatencyRecorder.newHistogram();
        assertThat(HistogramShape.problem(encoded(h))).isNull();
        for (long v = 1; v <= LatencyRecorder.HIGHEST_TRACKABLE_MICROS; v *= 3) {
            h.recordValue(v);
        }
        assertThat(HistogramShape.problem(encoded(h))).isNull();
    }

    /** Narrower shapes decode into less than kbench's and add into it exactly: an auto-resized one, fewer digits. */
    @Test
    void aShapeWithinKbenchsPasses() {
        Histogram autoResized = new Histogram(3);
        autoResized.recordValue(8_000);
        assertThat(HistogramShape.problem(encoded(autoResized))).isNull();
        assertThat(HistogramShape.problem(encoded(new Histogram(1, 1_000_000, 2)))).isNull();
        assertThat(HistogramShape.problem(encoded(new Histogram(1000, LatencyRecorder.HIGHEST_TRACKABLE_MICROS, 3))))
                .isNull();
    }

    @Test
    void anotherShapeIsNamedWithWhatItDeclaresAndWhatKbenchWrites() {
        assertThat(HistogramShape.problem(encoded(new Histogram(1, 3_600_000_000_000L, 5))))
                .isEqualTo("declares values 1..3600000000000 at 5 significant digits; kbench writes microseconds"
                        + " 1..3600000000 (1 h) at 3 significant digits");
        assertThat(HistogramShape.problem(encoded(new Histogram(1, LatencyRecorder.HIGHEST_TRACKABLE_MICROS, 4))))
                .startsWith("declares values 1..3600000000 at 4 significant digits");
        assertThat(HistogramShape.problem(encoded(new Histogram(1000, 3_600_000_000_000L, 3))))
                .startsWith("declares values 1000..3600000000000 at 3 significant digits");
    }

    @Test
    void otherEncodingsAndBytesAreNamedNotDecoded() {
        DoubleHistogram d = new DoubleHistogram(3);
        d.recordValue(1.5);
        assertThat(HistogramShape.problem(encoded(d)))
                .isEqualTo("holds a DoubleHistogram; kbench writes integer histograms of microseconds");
        assertThat(HistogramShape.problem(new byte[3])).isEqualTo("not an HdrHistogram: 3 bytes");
        assertThat(HistogramShape.problem("not a histogram".getBytes(java.nio.charset.StandardCharsets.US_ASCII)))
                .startsWith("not an HdrHistogram in the compressed V2 encoding kbench writes (cookie 0x6e6f7420)");
        byte[] own = encoded(LatencyRecorder.newHistogram());
        assertThat(HistogramShape.problem(Arrays.copyOf(own, 12))).startsWith("not an HdrHistogram: it declares");
        byte[] scrambled = own.clone();
        Arrays.fill(scrambled, 8, scrambled.length, (byte) 0x55);
        assertThat(HistogramShape.problem(scrambled)).isEqualTo("not an HdrHistogram: its contents do not inflate");
    }

    /** A kbench-shaped header that declares more counts than kbench's shape can hold is not taken at its word. */
    @Test
    void aPayloadLengthBeyondKbenchsShapeIsRefused() throws Exception {
        byte[] own = encoded(LatencyRecorder.newHistogram());
        int length = ByteBuffer.wrap(own).getInt(4);
        Inflater inflater = new Inflater();
        inflater.setInput(own, 8, length);
        byte[] contents = new byte[1 << 16];
        int n = inflater.inflate(contents);
        inflater.end();
        ByteBuffer.wrap(contents).putInt(4, Integer.MAX_VALUE);
        Deflater deflater = new Deflater();
        deflater.setInput(contents, 0, n);
        deflater.finish();
        byte[] deflated = new byte[1 << 16];
        int d = deflater.deflate(deflated);
        deflater.end();
        byte[] forged = ByteBuffer.allocate(8 + d).putInt(ByteBuffer.wrap(own).getInt(0)).putInt(d).put(deflated, 0, d)
                .array();
        assertThat(HistogramShape.problem(forged)).startsWith("declares " + Integer.MAX_VALUE + " bytes of counts");
    }

    /**
     * MAX_ENCODED_BYTES bounds the worst case: every bucket of kbench's shape counted with 9-byte counts, stored
     * uncompressed (deflate level 0). It is tight (within a tenth), and one byte more is refused.
     */
    @Test
    void theLargestEncodingOfKbenchsShapeIsWithinItsBound() {
        Histogram full = LatencyRecorder.newHistogram();
        Random random = new Random(41);
        for (long v = 1; v <= LatencyRecorder.HIGHEST_TRACKABLE_MICROS; v = full.nextNonEquivalentValue(v)) {
            full.recordValueWithCount(v, (1L << 56) + random.nextInt(1 << 30));
        }
        ByteBuffer buffer = ByteBuffer.allocate(2 * HistogramShape.MAX_ENCODED_BYTES);
        byte[] stored = Arrays.copyOf(buffer.array(), full.encodeIntoCompressedByteBuffer(buffer, Deflater.NO_COMPRESSION));
        assertThat(stored.length).isLessThanOrEqualTo(HistogramShape.MAX_ENCODED_BYTES)
                .isGreaterThan(HistogramShape.MAX_ENCODED_BYTES * 9 / 10);
        assertThat(HistogramShape.problem(stored)).isNull();
        assertThat(HistogramShape.MAX_ENCODED_BYTES).as("the figure docs/reports.md gives").isEqualTo(212_292);
        assertThat(IntervalLines.MAX_LINE_CHARS).as("the figure docs/reports.md gives").isEqualTo(284_080);
        assertThat(HistogramShape.problem(Arrays.copyOf(stored, HistogramShape.MAX_ENCODED_BYTES + 1)))
                .isEqualTo((HistogramShape.MAX_ENCODED_BYTES + 1) + " bytes; a histogram of kbench's shape encodes in at"
                        + " most " + HistogramShape.MAX_ENCODED_BYTES);
    }

    @Test
    void anyBytesGiveAnAnswerNeverAnException() {
        Random random = new Random(41);
        byte[] own = encoded(LatencyRecorder.newHistogram());
        for (int i = 0; i < 5_000; i++) {
            byte[] b = i % 2 == 0 ? new byte[random.nextInt(64)] : own.clone();
            if (i % 2 == 0) {
                random.nextBytes(b);
            } else {
                b[random.nextInt(b.length)] ^= (byte) (1 + random.nextInt(255));
            }
            String problem = HistogramShape.problem(b);
            assertThat(problem == null || !problem.contains("\n")).isTrue();
        }
    }
}
