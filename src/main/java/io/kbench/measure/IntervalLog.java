package io.kbench.measure;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.PackedHistogram;

/**
 * A latency metric's interval log ({@code .hlog}, HdrHistogram's log format): one histogram of microseconds per report
 * interval, each with its wall-clock start and end. The only class that writes one (a run as it goes, merge at once)
 * and reads one (merge strictly, report for the distribution): one header, one rule for missing and unreadable files.
 */
public final class IntervalLog implements AutoCloseable {
    private final Path file;
    private final PrintStream stream;
    private final HistogramLogWriter writer;

    private IntervalLog(Path file, String comment, long baseMillis) {
        this.file = file;
        try {
            stream = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new RunFailedException("cannot write " + file + ": " + e.getMessage(), e);
        }
        writer = new HistogramLogWriter(stream);
        writer.outputComment(comment);
        writer.outputLogFormatVersion();
        writer.setBaseTime(baseMillis);
        writer.outputBaseTime(baseMillis);
        writer.outputStartTime(baseMillis);
        writer.outputLegend();
    }

    /** Starts the log of {@code metric} in the result directory {@code dir}, intervals timed from {@code baseMillis}. */
    public static IntervalLog create(Path dir, LatencyMetric metric, long baseMillis) {
        return new IntervalLog(dir.resolve(metric.fileName()), "kbench " + metric.key() + " latency, microseconds",
                baseMillis);
    }

    /** Writes the merged log of {@code metric} into {@code dir}: {@code intervals} carry their own start and end. */
    public static void writeMerged(Path dir, LatencyMetric metric, long baseMillis, List<Histogram> intervals) {
        try (IntervalLog log = new IntervalLog(dir.resolve(metric.fileName()),
                "kbench merged " + metric.logStem() + ", microseconds", baseMillis)) {
            intervals.forEach(h -> log.append(h, h.getStartTimeStamp(), h.getEndTimeStamp()));
            if (log.stream.checkError()) {
                throw new RunFailedException("cannot write " + log.file + ": write failed");
            }
        }
    }

    /** Appends {@code interval}, stamped with its wall-clock start and end (epoch milliseconds). Once per interval. */
    public void append(Histogram interval, long startMillis, long endMillis) {
        interval.setStartTimeStamp(startMillis);
        interval.setEndTimeStamp(endMillis);
        writer.outputIntervalHistogram(interval);
    }

    @Override
    public void close() {
        stream.close();
    }

    /** The largest log kbench reads: hours of one-second intervals are a few MB. */
    static final long MAX_BYTES = 256L * 1024 * 1024;
    /**
     * The most intervals kbench reads from one log: over 27 h of one-second intervals (a day's run is 86,400). Lines,
     * their length and their histograms' shapes are bounded too ({@link IntervalLines}), all before anything decodes.
     */
    static final int MAX_INTERVALS = 100_000;
    /** A Java class name as exception wrappers write it into messages ("java.lang.reflect.InvocationTargetException: "). */
    private static final Pattern CLASS_NAME = Pattern.compile("\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?::\\s*)?");

    /**
     * What a log holds.
     *
     * @param intervals every complete interval histogram, in order
     * @param cut       whether the file ends inside a line: the writer was stopped mid-interval (the 10 s interrupt
     *                  deadline); that last interval is not among {@code intervals}
     */
    public record Contents(List<Histogram> intervals, boolean cut) {
        public Contents {
            intervals = List.copyOf(intervals);
        }
    }

    /**
     * Every interval histogram of {@code file}, in order; empty when there is no such file (each reader decides what
     * that means). A file that is not a log of integer histograms, or is cut off, is an input error naming it: merge
     * adds up every interval exactly.
     */
    public static Optional<List<Histogram>> read(Path file) {
        return readContents(file).map(c -> {
            if (c.cut()) {
                throw new InvalidInputException(file + ": cut off inside interval " + (c.intervals().size() + 1)
                        + " (the run was stopped while writing it); only its " + c.intervals().size()
                        + " complete interval(s) can be read");
            }
            return c.intervals();
        });
    }

    /**
     * Like {@link #read} but a file cut off inside its last line (a writer stopped mid-interval) loads: its complete
     * intervals, named as cut. Anything else unreadable is still an input error naming the file.
     */
    public static Optional<Contents> readContents(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new InvalidInputException(file + ": " + Files.size(file) + " bytes, more than the "
                        + MAX_BYTES / (1024 * 1024) + " MB an interval log of kbench's can hold");
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": not a readable HdrHistogram log: " + e.getMessage(), e);
        }
        int complete = bytes.length;
        while (complete > 0 && bytes[complete - 1] != '\n') {
            complete--;
        }
        boolean cut = complete < bytes.length;
        return Optional.of(new Contents(parse(file, bytes, complete), cut));
    }

    private static List<Histogram> parse(Path file, byte[] bytes, int length) {
        int[] lines = IntervalLines.check(file, bytes, length);
        List<Histogram> intervals = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(bytes, 0, length));
        try {
            for (EncodableHistogram h; intervals.size() < lines.length && (h = reader.nextIntervalHistogram()) != null; ) {
                if (!(h instanceof Histogram histogram)) {
                    throw new InvalidInputException(file + ": " + IntervalLines.where(lines[intervals.size()],
                            intervals.size() + 1) + ": holds a " + h.getClass().getSimpleName()
                            + "; kbench writes integer histograms of microseconds");
                }
                intervals.add(packed(histogram));
            }
        } catch (InvalidInputException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new InvalidInputException(file + ": " + IntervalLines.where(lines[intervals.size()], intervals.size() + 1)
                    + ": not a readable interval: " + problem(e), e);
        }
        if (intervals.size() < lines.length) {
            // HdrHistogram's reader ends quietly at a line it cannot parse: the intervals after it would be lost unsaid.
            throw new InvalidInputException(file + ": " + IntervalLines.where(lines[intervals.size()], intervals.size() + 1)
                    + ": not a readable interval: HdrHistogram's log reader stops here (a START, LENGTH or MAX that is"
                    + " not a number, or blank lines before it)");
        }
        return intervals;
    }

    /**
     * Kept packed: a decoded interval carries the full counts array of kbench's shape (188 KB), a packed copy only what
     * it counts, so the intervals of a long run fit in memory.
     */
    private static Histogram packed(Histogram h) {
        PackedHistogram p = new PackedHistogram(h); // its shape and its start and end, not its counts
        p.add(h);
        p.setTag(h.getTag());
        return p;
    }

    /** The innermost reason a decoder gave, without the Java class names its wrappers put in their messages. */
    static String problem(Throwable e) {
        String message = null;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null) {
                message = t.getMessage();
            }
        }
        String bare = message == null ? "" : CLASS_NAME.matcher(message).replaceAll("").replaceAll("\\p{Cntrl}", " ").strip();
        return bare.isEmpty() ? "malformed" : bare;
    }

    /** The sum of {@code intervals}, in kbench's latency range. */
    public static Histogram total(List<Histogram> intervals) {
        Histogram total = LatencyRecorder.newHistogram();
        intervals.forEach(total::add);
        return total;
    }

    /** The sum of every interval of {@code file}; empty when the file is missing or holds no value. */
    public static Optional<Histogram> readTotal(Path file) {
        return read(file).map(IntervalLog::total).filter(h -> h.getTotalCount() > 0);
    }
}
