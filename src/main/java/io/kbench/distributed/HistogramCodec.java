package io.kbench.distributed;

import io.kbench.measure.HistogramShape;
import io.kbench.measure.LatencyRecorder;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** Interval histograms as text in a message: HdrHistogram's compressed encoding (lossless), base64. Once per interval. */
final class HistogramCodec {
    private HistogramCodec() {
    }

    static String encode(Histogram h) {
        return Base64.getEncoder().encodeToString(encoded(h != null ? h : LatencyRecorder.newHistogram()));
    }

    private static byte[] encoded(Histogram source) {
        ByteBuffer buffer = ByteBuffer.allocate(source.getNeededByteBufferCapacity());
        int length = source.encodeIntoCompressedByteBuffer(buffer);
        return Arrays.copyOf(buffer.array(), length);
    }

    /**
     * A worker's histogram, refused unless its shape fits kbench's: one with a wider range or more precision would
     * make the coordinator's add throw (its range is fixed), and ending a run is not a worker's to decide. The shape is
     * read from the header bytes before decoding ({@link HistogramShape}, the same check the interval log readers make).
     */
    static Histogram decode(String text) {
        try {
            byte[] bytes = Base64.getDecoder().decode(text);
            String problem = HistogramShape.problem(bytes);
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
        } catch (DataFormatException | IllegalArgumentException | java.nio.BufferUnderflowException e) {
            throw new IllegalArgumentException("malformed histogram in a worker's message: " + e.getMessage(), e);
        }
    }
}
