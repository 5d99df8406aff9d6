package io.kbench.measure;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Whether an encoded histogram fits kbench's shape, read from its header before anything decodes it. HdrHistogram's
 * decoder allocates the counts array a header declares (tens of MB for a nanosecond range at five digits, a
 * reflection error for an absurd one) before anyone could check it, so every reader of histograms from outside the
 * process (interval logs for {@code report} and {@code merge}, worker messages on the control plane) asks here first.
 *
 * <p>The layout read is HdrHistogram's V2 compressed encoding ({@code AbstractHistogram.encodeIntoCompressedByteBuffer},
 * HdrHistogram 2.x): a cookie, the length of the deflated contents, then the contents, which start with a 40-byte
 * header: cookie, payload length, normalizing index offset, significant digits, lowest discernible value, highest
 * trackable value, integer-to-double ratio. Only that header is inflated here (40 bytes, whatever the input).
 */
public final class HistogramShape {
    /** HdrHistogram's cookie bases; the bits under {@link #COOKIE_WORD_BITS} carry the word size and are ignored. */
    private static final int COMPRESSED_V2 = 0x1c849304;
    private static final int ENCODED_V2 = 0x1c849303;
    private static final int COOKIE_WORD_BITS = 0xf0;
    /** DoubleHistogram's cookies (0x0c72124f today, 0x0c72124d and 0x0c72144d in older versions) share these bits. */
    private static final int DOUBLE_FAMILY = 0x0c721;
    private static final int HEADER_BYTES = 40;
    private static final int PRECISION_AT = 12;
    private static final int LOWEST_AT = 16;
    private static final int HIGHEST_AT = 24;
    private static final byte[] KBENCH_HEADER;
    /** The most payload (encoded counts) a histogram of kbench's shape needs: a header declaring more is not one. */
    private static final int MAX_PAYLOAD;
    /**
     * The most bytes a histogram of kbench's shape takes in the compressed encoding: the 8 bytes of cookie and length,
     * then at most {@code MAX_PAYLOAD} bytes deflated. Deflate adds at most n/4096 + n/16384 + 13 bytes to n (zlib's
     * {@code deflateBound}, stored blocks at worst), bounded here by n/1000 + 64.
     */
    public static final int MAX_ENCODED_BYTES;

    static {
        org.HdrHistogram.Histogram own = LatencyRecorder.newHistogram();
        ByteBuffer encoded = ByteBuffer.allocate(own.getNeededByteBufferCapacity());
        int length = own.encodeIntoCompressedByteBuffer(encoded);
        KBENCH_HEADER = header(Arrays.copyOf(encoded.array(), length));
        MAX_PAYLOAD = own.getNeededByteBufferCapacity();
        MAX_ENCODED_BYTES = 8 + MAX_PAYLOAD + MAX_PAYLOAD / 1000 + 64;
    }

    private HistogramShape() {
    }

    /**
     * Why {@code encoded} (one histogram in HdrHistogram's compressed encoding) is not a histogram kbench wrote, in one
     * line without class names; null when its header declares kbench's shape ({@link LatencyRecorder#newHistogram})
     * or a narrower one.
     * Never throws on any input.
     */
    public static String problem(byte[] encoded) {
        if (encoded.length < 8) {
            return "not an HdrHistogram: " + encoded.length + " bytes";
        }
        if (encoded.length > MAX_ENCODED_BYTES) {
            return encoded.length + " bytes; a histogram of kbench's shape encodes in at most " + MAX_ENCODED_BYTES;
        }
        int cookie = ByteBuffer.wrap(encoded).getInt();
        if (cookie >>> 12 == DOUBLE_FAMILY) {
            return "holds a DoubleHistogram; kbench writes integer histograms of microseconds";
        }
        if ((cookie & ~COOKIE_WORD_BITS) != COMPRESSED_V2) {
            return String.format(Locale.ROOT, "not an HdrHistogram in the compressed V2 encoding kbench writes"
                    + " (cookie 0x%08x)", cookie);
        }
        byte[] header;
        try {
            header = header(encoded);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        ByteBuffer h = ByteBuffer.wrap(header);
        if ((h.getInt(0) & ~COOKIE_WORD_BITS) != ENCODED_V2) {
            return String.format(Locale.ROOT, "not an HdrHistogram: its contents' cookie is 0x%08x", h.getInt(0));
        }
        int digits = h.getInt(PRECISION_AT);
        long lowest = h.getLong(LOWEST_AT);
        long highest = h.getLong(HIGHEST_AT);
        if (!withinKbenchs(digits, lowest, highest)) {
            return "declares values " + lowest + ".." + highest + " at " + digits + " significant digits; "
                    + kbenchShape();
        }
        int payload = h.getInt(4);
        if (payload < 0 || payload > MAX_PAYLOAD) {
            return "declares " + payload + " bytes of counts; one of kbench's shape holds at most " + MAX_PAYLOAD;
        }
        return null;
    }

    /**
     * Whether a histogram of this shape is no larger than kbench's and adds into it: at most kbench's precision, values
     * within kbench's range, and a shape HdrHistogram can build. kbench writes exactly its own; a narrower one (a test
     * fixture's auto-resized histogram, a log of another tool in microseconds) decodes into less and adds exactly.
     */
    private static boolean withinKbenchs(int digits, long lowest, long highest) {
        ByteBuffer own = ByteBuffer.wrap(KBENCH_HEADER);
        return digits >= 0 && digits <= own.getInt(PRECISION_AT) && highest <= own.getLong(HIGHEST_AT)
                && lowest >= own.getLong(LOWEST_AT) && lowest <= highest / 2;
    }

    /** What kbench writes, for messages: "kbench writes microseconds 1..3600000000 (1 h) at 3 significant digits". */
    public static String kbenchShape() {
        ByteBuffer own = ByteBuffer.wrap(KBENCH_HEADER);
        return "kbench writes microseconds " + own.getLong(LOWEST_AT) + ".." + own.getLong(HIGHEST_AT) + " (1 h) at "
                + own.getInt(PRECISION_AT) + " significant digits";
    }

    /** The first {@link #HEADER_BYTES} of the deflated contents, inflated alone. */
    private static byte[] header(byte[] encoded) {
        int length = ByteBuffer.wrap(encoded).getInt(4);
        if (length < 0 || length > encoded.length - 8) {
            throw new IllegalArgumentException("not an HdrHistogram: it declares " + length
                    + " compressed bytes but holds " + (encoded.length - 8));
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(encoded, 8, length);
            byte[] header = new byte[HEADER_BYTES];
            int read = inflater.inflate(header);
            if (read != HEADER_BYTES) {
                throw new IllegalArgumentException("not an HdrHistogram: its header is " + read + " bytes, not "
                        + HEADER_BYTES);
            }
            return header;
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("not an HdrHistogram: its contents do not inflate", e);
        } finally {
            inflater.end();
        }
    }
}
