package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.CraftedHlog;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.DoubleHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one writer and reader of .hlog files: the header runs and merges have always written, one rule for reading. */
class IntervalLogTest {
    private static final long BASE = 1_700_000_000_000L;
    private static final Path LEGACY = Path.of("src/test/resources/legacy");

    @TempDir
    Path tmp;

    private static Histogram histogram(long... micros) {
        Histogram h = LatencyRecorder.newHistogram();
        for (long v : micros) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void aRunLogKeepsItsHeaderAndReadsBackIntervalByInterval() throws Exception {
        try (IntervalLog log = IntervalLog.create(tmp, LatencyMetric.END_TO_END, BASE)) {
            log.append(histogram(100, 200, 300), BASE, BASE + 1000);
            log.append(histogram(5_000), BASE + 1000, BASE + 2000);
        }
        Path file = tmp.resolve("end-to-end-latency.hlog");
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        assertThat(lines.get(0)).isEqualTo("#kbench end-to-end latency, microseconds");
        assertThat(lines.get(1)).isEqualTo("#[Histogram log format version 1.3]");
        assertThat(lines.get(2)).isEqualTo("#[BaseTime: 1700000000.000 (seconds since epoch)]");
        assertThat(lines.get(3)).startsWith("#[StartTime: 1700000000.000 (seconds since epoch), ");
        assertThat(lines.get(4)).isEqualTo("\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"");
        assertThat(lines).hasSize(7);
        assertThat(lines.get(5)).startsWith("0.000,1.000,");
        assertThat(lines.get(6)).startsWith("1.000,1.000,");

        List<Histogram> intervals = IntervalLog.read(file).orElseThrow();
        assertThat(intervals).hasSize(2);
        assertThat(intervals.get(0).getTotalCount()).isEqualTo(3);
        assertThat(intervals.get(0).getStartTimeStamp()).isEqualTo(BASE);
        assertThat(intervals.get(1).getEndTimeStamp()).isEqualTo(BASE + 2000);
        Histogram total = IntervalLog.total(intervals);
        assertThat(total.getTotalCount()).isEqualTo(4);
        assertThat(total.getMaxValue()).isBetween(4_995L, 5_005L);
        assertThat(IntervalLog.readTotal(file)).contains(total);
    }

    @Test
    void everyRunLogIsNamedAndHeadedAsKbenchHasAlwaysWrittenIt() throws Exception {
        for (LatencyMetric metric : LatencyMetric.values()) {
            IntervalLog.create(tmp, metric, BASE).close();
        }
        assertThat(Files.readAllLines(tmp.resolve("publish-latency.hlog")).get(0))
                .isEqualTo("#kbench publish latency, microseconds");
        assertThat(Files.readAllLines(tmp.resolve("end-to-end-latency.hlog")).get(0))
                .isEqualTo("#kbench end-to-end latency, microseconds");
        assertThat(Files.readAllLines(tmp.resolve("send-delay.hlog")).get(0))
                .isEqualTo("#kbench send-delay latency, microseconds");
    }

    @Test
    void aMergedLogNamesItselfMergedAndKeepsEachIntervalsOwnTimes() throws Exception {
        Histogram first = histogram(10);
        first.setStartTimeStamp(BASE + 500);
        first.setEndTimeStamp(BASE + 1500);
        IntervalLog.writeMerged(tmp, LatencyMetric.SEND_DELAY, BASE, List.of(first));
        IntervalLog.writeMerged(tmp, LatencyMetric.PUBLISH, BASE, List.of());

        List<String> lines = Files.readAllLines(tmp.resolve("send-delay.hlog"), StandardCharsets.US_ASCII);
        assertThat(lines.get(0)).isEqualTo("#kbench merged send-delay, microseconds");
        assertThat(lines.get(2)).isEqualTo("#[BaseTime: 1700000000.000 (seconds since epoch)]");
        assertThat(lines.get(5)).startsWith("0.500,1.000,");
        assertThat(Files.readAllLines(tmp.resolve("publish-latency.hlog")).get(0))
                .isEqualTo("#kbench merged publish-latency, microseconds");
        assertThat(IntervalLog.read(tmp.resolve("publish-latency.hlog"))).contains(List.of());
    }

    @Test
    void aMissingLogIsAbsentAndAnEmptyOneHoldsNoInterval() throws Exception {
        assertThat(IntervalLog.read(tmp.resolve("absent.hlog"))).isEmpty();
        assertThat(IntervalLog.readTotal(tmp.resolve("absent.hlog"))).isEmpty();
        Path empty = Files.createFile(tmp.resolve("empty.hlog"));
        assertThat(IntervalLog.read(empty)).contains(List.of());
        assertThat(IntervalLog.readTotal(empty)).isEmpty();
        IntervalLog.create(tmp, LatencyMetric.PUBLISH, BASE).close();
        assertThat(IntervalLog.readTotal(tmp.resolve("publish-latency.hlog"))).as("a header only").isEmpty();
    }

    @Test
    void aFileThatIsNotAnIntegerHistogramLogIsAnInputErrorNamingIt() throws Exception {
        Path garbage = Files.writeString(tmp.resolve("garbage.hlog"), "0.000,1.000,0.001,not-base64!!\n");
        assertThatThrownBy(() -> IntervalLog.read(garbage)).isInstanceOf(InvalidInputException.class)
                .hasMessage(garbage + ": interval 1: its histogram is not base64");

        Path doubles = tmp.resolve("double.hlog");
        try (PrintStream out = new PrintStream(Files.newOutputStream(doubles), false, StandardCharsets.US_ASCII)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLegend();
            DoubleHistogram h = new DoubleHistogram(3);
            h.recordValue(1.5);
            writer.outputIntervalHistogram(h);
        }
        assertThatThrownBy(() -> IntervalLog.readTotal(doubles)).isInstanceOf(InvalidInputException.class)
                .hasMessage(doubles + ": interval 1: holds a DoubleHistogram; kbench writes integer histograms of microseconds");
    }

    @Test
    void everyLegacyRunsLogsAddUpToItsSummary() throws Exception {
        List<Path> dirs;
        try (Stream<Path> files = Files.walk(LEGACY)) {
            dirs = files.filter(f -> f.getFileName().toString().equals(LatencyMetric.PUBLISH.fileName()))
                    .map(Path::getParent).sorted().toList();
        }
        assertThat(dirs).hasSizeGreaterThan(10);
        for (Path dir : dirs) {
            RunResult run = ResultReader.read(dir, RunResult.class);
            for (LatencyMetric metric : LatencyMetric.values()) {
                LatencyStats figure = run.summary() == null ? null : metric.of(run.summary());
                long logged = IntervalLog.read(dir.resolve(metric.fileName())).map(IntervalLog::total).orElseThrow()
                        .getTotalCount();
                assertThat(logged).as(dir + " " + metric).isEqualTo(figure == null ? 0 : figure.count());
            }
        }
    }

    /** Failed before the fix: a log cut inside its last line (the 10 s interrupt deadline) did not load at all. */
    @Test
    void aLogCutOffMidIntervalLoadsItsCompleteIntervalsNamedAsCut() throws Exception {
        try (IntervalLog log = IntervalLog.create(tmp, LatencyMetric.END_TO_END, BASE)) {
            log.append(histogram(100, 200, 300), BASE, BASE + 1000);
            log.append(histogram(5_000, 6_000), BASE + 1000, BASE + 2000);
        }
        Path file = tmp.resolve("end-to-end-latency.hlog");
        byte[] whole = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(whole, whole.length - 20));

        IntervalLog.Contents contents = IntervalLog.readContents(file).orElseThrow();
        assertThat(contents.cut()).isTrue();
        assertThat(contents.intervals()).hasSize(1);
        assertThat(contents.intervals().get(0).getTotalCount()).isEqualTo(3);
        // Merge adds up every interval exactly: a cut log is refused, named as cut.
        assertThatThrownBy(() -> IntervalLog.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": cut off inside interval 2 (the run was stopped while writing it); only its 1"
                        + " complete interval(s) can be read");
        // A complete log is not cut; one cut exactly at a line's end is indistinguishable from a shorter run.
        Files.write(file, whole);
        assertThat(IntervalLog.readContents(file).orElseThrow().cut()).isFalse();
    }

    /**
     * Failed before the fix: 400 intervals declaring nanoseconds up to an hour at five digits were each decoded (27 MB
     * of counts apiece) before anything compared their shape with kbench's: half a minute, then a Java class name.
     */
    @Test
    void aDeclaredShapeBeyondKbenchsIsRefusedBeforeDecoding() throws Exception {
        Path file = CraftedHlog.wide(tmp.resolve("publish-latency.hlog"), 400);
        String expected = file + ": interval 1: declares values 1..3600000000000 at 5 significant digits; kbench writes"
                + " microseconds 1..3600000000 (1 h) at 3 significant digits";
        long start = System.nanoTime();
        assertThatThrownBy(() -> IntervalLog.readContents(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(expected);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
        assertThatThrownBy(() -> IntervalLog.read(file)).hasMessage(expected).hasMessageNotContaining("java.");
    }

    /** A kbench-shaped log stops at interval 2 when that one is not: the interval is named, nothing was decoded. */
    @Test
    void theFirstIntervalOfAnotherShapeIsNamed() throws Exception {
        try (IntervalLog log = IntervalLog.create(tmp, LatencyMetric.PUBLISH, BASE)) {
            log.append(histogram(100), BASE, BASE + 1000);
        }
        Path file = tmp.resolve("publish-latency.hlog");
        List<String> wide = Files.readAllLines(CraftedHlog.wide(tmp.resolve("wide.hlog"), 1));
        Files.writeString(file, wide.get(wide.size() - 1) + "\n", java.nio.file.StandardOpenOption.APPEND);
        assertThatThrownBy(() -> IntervalLog.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(file + ": interval 2: declares values 1..3600000000000 at 5 significant digits");
    }

    @Test
    void aLogOfMoreIntervalsThanKbenchReadsIsRefusedBeforeDecoding() throws Exception {
        String line;
        try (IntervalLog log = IntervalLog.create(tmp, LatencyMetric.PUBLISH, BASE)) {
            log.append(histogram(100), BASE, BASE + 1000);
        }
        List<String> lines = Files.readAllLines(tmp.resolve("publish-latency.hlog"));
        line = lines.get(lines.size() - 1);
        Path file = tmp.resolve("long.hlog");
        try (java.io.BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            for (int i = 0; i <= IntervalLog.MAX_INTERVALS; i++) {
                out.write(line);
                out.write('\n');
            }
        }
        assertThatThrownBy(() -> IntervalLog.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": more than 100000 intervals, the most kbench reads from one log (over 27 h of"
                        + " one-second intervals)");
    }

    /** What a decoder's wrappers say (a reflection wrapper's class name) is not what the user reads. */
    @Test
    void aDecodersReasonLosesItsJavaClassNames() {
        RuntimeException wrapped = new IllegalStateException(new java.lang.reflect.InvocationTargetException(
                new IllegalArgumentException("highestTrackableValue must be >= 2 * lowestDiscernibleValue")));
        assertThat(wrapped.getMessage()).contains("java.lang.reflect.InvocationTargetException");
        assertThat(IntervalLog.problem(wrapped)).isEqualTo("highestTrackableValue must be >= 2 * lowestDiscernibleValue");
        assertThat(IntervalLog.problem(new IllegalStateException(new java.util.NoSuchElementException()))).as("only a class name")
                .isEqualTo("malformed");
    }
}
