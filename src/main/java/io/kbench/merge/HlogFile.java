package io.kbench.merge;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.measure.LatencyRecorder;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Reads and writes HdrHistogram interval logs ({@code .hlog}) the way kbench writes them: one histogram of
 * microseconds per report interval, each with its wall-clock start and end (epoch milliseconds).
 */
final class HlogFile {
    private HlogFile() {
    }

    /** Every interval histogram of {@code file}, in order; a missing or unreadable file is an input error. */
    static List<Histogram> read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file + ": missing; merge adds up the interval logs every kbench run writes"
                    + " next to its result.json");
        }
        List<Histogram> intervals = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file)) {
            HistogramLogReader reader = new HistogramLogReader(in);
            for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
                if (!(h instanceof Histogram histogram)) {
                    throw new InvalidInputException(file + ": holds a " + h.getClass().getSimpleName()
                            + "; kbench writes integer histograms of microseconds");
                }
                intervals.add(histogram);
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof InvalidInputException known) {
                throw known;
            }
            throw new InvalidInputException(file + ": not a readable HdrHistogram log: " + e.getMessage(), e);
        }
        return intervals;
    }

    /** The sum of every interval of {@code intervals}, in kbench's latency range. */
    static Histogram total(List<Histogram> intervals) {
        Histogram total = LatencyRecorder.newHistogram();
        intervals.forEach(total::add);
        return total;
    }

    /** Writes {@code intervals} (with their timestamps set) as a log whose base time is {@code baseMillis}. */
    static void write(Path file, String comment, long baseMillis, List<Histogram> intervals) {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.US_ASCII)) {
            HistogramLogWriter log = new HistogramLogWriter(out);
            log.outputComment(comment);
            log.outputLogFormatVersion();
            log.setBaseTime(baseMillis);
            log.outputBaseTime(baseMillis);
            log.outputStartTime(baseMillis);
            log.outputLegend();
            intervals.forEach(log::outputIntervalHistogram);
            if (out.checkError()) {
                throw new IOException("write failed");
            }
        } catch (IOException e) {
            throw new RunFailedException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
