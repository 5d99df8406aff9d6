package io.kbench.driver;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Lines from a driver's standard output, each at most {@code maxBytes}: a driver that writes without a newline cannot
 * make kbench hold more than that (a {@code BufferedReader} would grow its line without bound).
 */
final class BoundedLines {
    /** A line went over the bound; what was read of it is dropped. */
    static final class TooLongException extends IOException {
        TooLongException(int maxBytes) {
            super("a line over " + maxBytes + " bytes");
        }
    }

    private final InputStream in;
    private final int maxBytes;
    private final byte[] chunk = new byte[64 * 1024];
    private int chunkStart;
    private int chunkEnd;
    private byte[] line = new byte[8 * 1024];

    BoundedLines(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next line without its newline (UTF-8), or null at the end of the stream (a last unterminated line too). */
    String next() throws IOException {
        int length = 0;
        while (true) {
            if (chunkStart == chunkEnd) {
                int n = in.read(chunk);
                if (n < 0) {
                    return length == 0 ? null : new String(line, 0, length, StandardCharsets.UTF_8);
                }
                chunkStart = 0;
                chunkEnd = n;
            }
            int i = chunkStart;
            while (i < chunkEnd && chunk[i] != '\n') {
                i++;
            }
            int take = i - chunkStart;
            if (length + take > maxBytes) {
                throw new TooLongException(maxBytes);
            }
            if (length + take > line.length) {
                line = Arrays.copyOf(line, Math.min(maxBytes, Math.max(length + take, line.length * 2)));
            }
            System.arraycopy(chunk, chunkStart, line, length, take);
            length += take;
            chunkStart = i;
            if (i < chunkEnd) {
                chunkStart = i + 1; // past the newline
                return new String(line, 0, length, StandardCharsets.UTF_8);
            }
        }
    }
}
