package io.kbench.testkit;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Interval logs kbench did not write, as anyone can hand to {@code kbench report} or {@code kbench merge}: valid
 * HdrHistogram logs whose every interval declares a wide shape, so that decoding one allocates its counts array (27 MB
 * here: nanoseconds up to an hour at five digits, what another tool may well write).
 */
public final class CraftedHlog {
    /** The declared shape: 1 ns .. 1 h, five significant digits. */
    public static final long WIDE_HIGHEST = 3_600_000_000_000L;
    public static final int WIDE_DIGITS = 5;
    private static final long BASE_MILLIS = 1_700_000_000_000L;

    private CraftedHlog() {
    }

    /** Writes {@code intervals} one-second intervals of the wide shape to {@code file} (replacing it); returns it. */
    public static Path wide(Path file, int intervals) throws IOException {
        Histogram wide = new Histogram(1, WIDE_HIGHEST, WIDE_DIGITS);
        wide.recordValue(1_000_000);
        // Encoded once (its 3.4 million counts take a while), written as every interval.
        ByteBuffer buffer = ByteBuffer.allocate(wide.getNeededByteBufferCapacity());
        int length = wide.encodeIntoCompressedByteBuffer(buffer);
        String encoded = Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.US_ASCII)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputBaseTime(BASE_MILLIS);
            writer.outputStartTime(BASE_MILLIS);
            writer.outputLegend();
            for (int i = 0; i < intervals; i++) {
                out.print(i + ".000,1.000,1.000," + encoded + "\n");
            }
        }
        return file;
    }
}
