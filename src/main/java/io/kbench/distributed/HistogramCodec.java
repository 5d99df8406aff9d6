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

    /**
     * A worker's histogram, refused unless it has kbench's own shape: one with a wider range or other precision would
     * make the coordinator's add throw (its range is fixed), and ending a run is not a worker's to decide.
     */
    static Histogram decode(String text) {
        try {
            Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)),
                    LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
            if (h.getHighestTrackableValue() != LatencyRecorder.HIGHEST_TRACKABLE_MICROS
                    || h.getNumberOfSignificantValueDigits() != LatencyRecorder.SIGNIFICANT_DIGITS) {
                throw new IllegalArgumentException("range "
                        + h.getHighestTrackableValue() + " or precision " + h.getNumberOfSignificantValueDigits()
                        + " is not kbench's");
            }
            return h;
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("malformed histogram in a worker's message: " + e.getMessage(), e);
        }
    }
}
