package io.kbench.distributed;

import io.kbench.measure.LatencyRecorder;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** Interval histograms as text in a message: HdrHistogram's compressed encoding (lossless), base64. Once per interval. */
final class HistogramCodec {
    private HistogramCodec() {
    }

    static String encode(Histogram h) {
        Histogram source = h != null ? h : LatencyRecorder.newHistogram();
        ByteBuffer buffer = ByteBuffer.allocate(source.getNeededByteBufferCapacity());
        int length = source.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    static Histogram decode(String text) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)),
                    LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("malformed histogram in a worker's message: " + e.getMessage(), e);
        }
    }
}
