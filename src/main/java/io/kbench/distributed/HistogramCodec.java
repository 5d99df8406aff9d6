package io.kbench.distributed;

import io.kbench.measure.LatencyRecorder;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.HdrHistogram.Histogram;

/** Interval histograms as text in a message: HdrHistogram's compressed encoding (lossless), base64. Once per interval. */
final class HistogramCodec {
    /** HdrHistogram's encoding header (inside the compressed contents): cookie, payload length, offset, precision, range. */
    private static final int HEADER_BYTES = 40;
    /** Where in that header the precision, lowest and highest trackable value are: what sizes the counts array. */
    private static final int SHAPE_FROM = 12;
    private static final int SHAPE_TO = 32;
    /** The header of kbench's own histograms, to compare a received one with before anything is allocated for it. */
    private static final byte[] KBENCH_HEADER = header(ByteBuffer.wrap(encoded(LatencyRecorder.newHistogram())));

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
     * A worker's histogram, refused unless it has kbench's own shape: one with a wider range or other precision would
     * make the coordinator's add throw (its range is fixed), and ending a run is not a worker's to decide. The shape is
     * read from the header bytes before decoding: HdrHistogram allocates the counts array a header declares (tens of
     * MB for the widest range at five digits) before anything could check it.
     */
    static Histogram decode(String text) {
        try {
            ByteBuffer bytes = ByteBuffer.wrap(Base64.getDecoder().decode(text));
            byte[] header = header(bytes);
            if (!Arrays.equals(header, SHAPE_FROM, SHAPE_TO, KBENCH_HEADER, SHAPE_FROM, SHAPE_TO)) {
                ByteBuffer h = ByteBuffer.wrap(header);
                throw new IllegalArgumentException("range " + h.getLong(24) + " or precision " + h.getInt(12)
                        + " is not kbench's");
            }
            return Histogram.decodeFromCompressedByteBuffer(bytes, LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
        } catch (DataFormatException | IllegalArgumentException | java.nio.BufferUnderflowException e) {
            throw new IllegalArgumentException("malformed histogram in a worker's message: " + e.getMessage(), e);
        }
    }

    /** The first {@link #HEADER_BYTES} of the compressed contents, inflated alone; {@code compressed} is not moved. */
    private static byte[] header(ByteBuffer compressed) {
        ByteBuffer b = compressed.duplicate();
        b.getInt(); // the compressed-encoding cookie, checked by the decoder
        int length = b.getInt();
        if (length < 0 || length > b.remaining()) {
            throw new IllegalArgumentException("compressed length " + length + " of " + b.remaining() + " bytes");
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(b.array(), b.arrayOffset() + b.position(), length);
            byte[] header = new byte[HEADER_BYTES];
            if (inflater.inflate(header) != HEADER_BYTES) {
                throw new IllegalArgumentException("its header is shorter than " + HEADER_BYTES + " bytes");
            }
            return header;
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("its header does not inflate: " + e.getMessage(), e);
        } finally {
            inflater.end();
        }
    }
}
