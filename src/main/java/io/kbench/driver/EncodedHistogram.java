package io.kbench.driver;

import io.kbench.error.InvalidInputException;
import io.kbench.measure.HistogramShape;
import io.kbench.measure.LatencyRecorder;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * A driver's histogram as the contract carries it: exactly the payload column of an .hlog line, HdrHistogram's V2
 * compressed encoding in base64, of kbench's shape (1 .. 3,600,000,000 µs, 3 digits; {@link HistogramShape}).
 */
public final class EncodedHistogram {
    private EncodedHistogram() {
    }

    /** Refuses text that is not base64, so a broken line fails when read, not when merged. */
    static void checkBase64(String field, String text) {
        if (text == null) {
            throw InvalidInputException.field(field, null, "must be a base64 histogram (empty ones too)");
        }
        try {
            Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw InvalidInputException.field(field, abbreviated(text), "is not base64: " + e.getMessage());
        }
    }

    /** The histogram, or an error naming {@code field} when its shape is not kbench's or it does not decode. */
    public static Histogram decode(String field, String text) {
        try {
            byte[] bytes = Base64.getDecoder().decode(text);
            String problem = HistogramShape.problem(bytes);
            if (problem != null) {
                throw InvalidInputException.field(field, abbreviated(text), problem);
            }
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
        } catch (DataFormatException | IllegalArgumentException | BufferUnderflowException e) {
            throw InvalidInputException.field(field, abbreviated(text), "is not an HdrHistogram V2 compressed histogram");
        }
    }

    private static String abbreviated(String text) {
        return text.length() <= 24 ? text : text.substring(0, 24) + "...";
    }
}
