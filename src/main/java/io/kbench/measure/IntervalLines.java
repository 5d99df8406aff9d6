package io.kbench.measure;

import io.kbench.error.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;

/**
 * The lines of an interval log as HdrHistogram's log reader ({@code HistogramLogReader}, 2.2.2) will take them, each
 * bounded before the reader decodes any: the decoder allocates whatever shape a line declares, and the reader keeps
 * whatever a line holds in memory, so a crafted file must be refused by its shape, not by what decoding it costs.
 *
 * <p>The reader splits on single spaces, commas and line ends ({@code [ ,\r\n]}); a line starting with {@code #} is a
 * comment or a {@code #[BaseTime:}/{@code #[StartTime:} header, one starting with {@code "StartTimestamp"} the legend,
 * anything else an interval: {@code [Tag=T,]START,LENGTH,MAX,HISTOGRAM}, whose histogram is the token after MAX
 * wherever the line ends. So an interval line is taken here only in that exact shape (a space before the histogram
 * would have the reader decode a token this check never saw), its histogram's header is checked
 * ({@link HistogramShape}), and the text is printable ASCII (a lone CR ends a line for the reader, not for a byte scan).
 */
final class IntervalLines {
    /** kbench's own logs hold 5 lines beside their intervals; HdrHistogram's tools write a few more comments at most. */
    static final int MAX_OTHER_LINES = 10_000;
    /**
     * The longest line read: an optional tag and three numbers (1,024 characters is ample), then a histogram of kbench's
     * shape in base64. Anything longer cannot hold one, and is refused before it becomes a string.
     */
    static final int MAX_LINE_CHARS = 1024 + 4 * ((HistogramShape.MAX_ENCODED_BYTES + 2) / 3);
    private static final byte[] LEGEND = "\"StartTimestamp\"".getBytes(StandardCharsets.US_ASCII);
    private static final String SHAPE = "not an interval line ([Tag=T,]START,LENGTH,MAX,HISTOGRAM)";

    private IntervalLines() {
    }

    /**
     * The 1-based line number of every interval line in {@code bytes[0, length)}, in order; an input error naming
     * {@code file}, the line and what is wrong with it at the first line that is too long, too many, not an interval
     * line or whose histogram is not one kbench can read.
     */
    static int[] check(Path file, byte[] bytes, int length) {
        int[] intervals = new int[64];
        int count = 0;
        int others = 0;
        int line = 0;
        for (int start = 0; start < length; ) {
            line++;
            int stop = (int) Math.min(length, (long) start + MAX_LINE_CHARS + 2); // + CR and LF
            int end = start;
            while (end < stop && bytes[end] != '\n') {
                byte b = bytes[end];
                // Java's Scanner also ends lines at a lone CR, U+0085, U+2028 and U+2029: none may hide a line from here.
                if ((b < 0x20 || b > 0x7e) && !(b == '\r' && end + 1 < length && bytes[end + 1] == '\n')) {
                    throw new InvalidInputException(String.format(Locale.ROOT, "%s: line %d, column %d: byte 0x%02x is"
                            + " not printable ASCII; an interval log is ASCII text", file, line, end - start + 1, b & 0xff));
                }
                end++;
            }
            boolean unended = end == stop && end < length;
            int next = end + 1;
            if (end > start && bytes[end - 1] == '\r') {
                end--;
            }
            if (unended || end - start > MAX_LINE_CHARS) {
                throw new InvalidInputException(file + ": line " + line + ": longer than " + MAX_LINE_CHARS
                        + " characters, the most a line holding a histogram of kbench's shape takes");
            }
            if (end == start || bytes[start] == '#' || startsWith(bytes, start, end, LEGEND)) {
                if (++others > MAX_OTHER_LINES) {
                    throw new InvalidInputException(file + ": line " + line + ": more than " + MAX_OTHER_LINES
                            + " comment, header or blank lines; a log of kbench's has 5 before its intervals");
                }
            } else {
                if (count == IntervalLog.MAX_INTERVALS) {
                    throw new InvalidInputException(file + ": more than " + IntervalLog.MAX_INTERVALS + " intervals, the"
                            + " most kbench reads from one log (over 27 h of one-second intervals)");
                }
                String problem = problem(new String(bytes, start, end - start, StandardCharsets.US_ASCII));
                if (problem != null) {
                    throw new InvalidInputException(file + ": " + where(line, count + 1) + ": " + problem);
                }
                if (count == intervals.length) {
                    intervals = Arrays.copyOf(intervals, count * 2);
                }
                intervals[count++] = line;
            }
            start = next;
        }
        return Arrays.copyOf(intervals, count);
    }

    /** How messages name an interval line: "line 6 (interval 1)". */
    static String where(int line, int interval) {
        return "line " + line + " (interval " + interval + ")";
    }

    /** Why {@code line} (without its line end) is not an interval line with a histogram kbench reads; null if it is. */
    private static String problem(String line) {
        String[] fields = line.split("[ ,]", -1);
        int histogram = fields[0].startsWith("Tag=") ? 4 : 3;
        if (fields.length != histogram + 1 || Arrays.stream(fields).anyMatch(String::isEmpty)) {
            return SHAPE;
        }
        byte[] encoded;
        try {
            encoded = Base64.getDecoder().decode(fields[histogram]);
        } catch (IllegalArgumentException notBase64) {
            return "its histogram is not base64";
        }
        return HistogramShape.problem(encoded);
    }

    private static boolean startsWith(byte[] bytes, int start, int end, byte[] prefix) {
        return end - start >= prefix.length && Arrays.equals(bytes, start, start + prefix.length, prefix, 0, prefix.length);
    }
}
