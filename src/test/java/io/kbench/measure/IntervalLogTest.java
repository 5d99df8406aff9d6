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
                .hasMessage(garbage + ": line 1 (interval 1): its histogram is not base64");

        Path doubles = tmp.resolve("double.hlog");
        try (PrintStream out = new PrintStream(Files.newOutputStream(doubles), false, StandardCharsets.US_ASCII)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLegend();
            DoubleHistogram h = new DoubleHistogram(3);
            h.recordValue(1.5);
            writer.outputIntervalHistogram(h);
        }
        assertThatThrownBy(() -> IntervalLog.readTotal(doubles)).isInstanceOf(InvalidInputException.class)
                .hasMessage(doubles + ": line 2 (interval 1): holds a DoubleHistogram; kbench writes integer histograms of microseconds");
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
        String expected = file + ": line 5 (interval 1): declares values 1..3600000000000 at 5 significant digits; kbench writes"
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
                .hasMessageStartingWith(file + ": line 7 (interval 2): declares values 1..3600000000000 at 5 significant digits");
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

    /** A kbench log of one interval ({@code 100} µs) at {@code name}: five header lines, the interval on line 6. */
    private Path oneIntervalLog(String name) throws Exception {
        try (IntervalLog log = IntervalLog.create(tmp, LatencyMetric.PUBLISH, BASE)) {
            log.append(histogram(100), BASE, BASE + 1000);
        }
        return Files.move(tmp.resolve(LatencyMetric.PUBLISH.fileName()), tmp.resolve(name));
    }

    /** The histogram column of {@code file}'s last line. */
    private static String lastHistogram(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        String last = lines.get(lines.size() - 1);
        return last.substring(last.lastIndexOf(',') + 1);
    }

    /**
     * Failed before the fix: HdrHistogram's reader splits on spaces as well as commas, so {@code START,LENGTH,MAX WIDE,OWN}
     * had it decode WIDE (27 MB of counts) while the check read OWN, the last comma field. An interval line of any other
     * shape than {@code [Tag=T,]START,LENGTH,MAX,HISTOGRAM} is refused before anything is decoded.
     */
    @Test
    void anIntervalLineOfAnyOtherShapeIsRefusedBeforeDecoding() throws Exception {
        Path file = oneIntervalLog("shapes.hlog");
        String own = lastHistogram(file);
        String wide = lastHistogram(CraftedHlog.wide(tmp.resolve("wide.hlog"), 1));
        byte[] header = Files.readAllBytes(file);
        for (String line : List.of("1.000,1.000,1.000 " + wide + "," + own, "1.000,1.000," + own,
                "1.000,1.000,1.000,1.000," + own, " 1.000,1.000,1.000," + own, "1.000,,1.000," + own,
                "Tag=a,1.000,1.000," + own, "1.000,1.000,1.000," + own + " ")) {
            Files.write(file, header);
            Files.writeString(file, line + "\n", java.nio.file.StandardOpenOption.APPEND);
            long start = System.nanoTime();
            assertThatThrownBy(() -> IntervalLog.read(file)).as(line).isInstanceOf(InvalidInputException.class)
                    .hasMessage(file + ": line 7 (interval 2): not an interval line ([Tag=T,]START,LENGTH,MAX,HISTOGRAM)");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as(line).isLessThan(Duration.ofSeconds(1));
        }
    }

    /**
     * Failed before the fix: Java's Scanner, under HdrHistogram's reader, ends a line at a lone CR too, so a comment
     * {@code #x CR START,LENGTH,MAX,WIDE} hid an interval line from a check that split on LF. Only printable ASCII is read.
     */
    @Test
    void aLineEndTheCheckCannotSeeIsRefused() throws Exception {
        Path file = oneIntervalLog("cr.hlog");
        String wide = lastHistogram(CraftedHlog.wide(tmp.resolve("wide.hlog"), 1));
        Files.writeString(file, "#x\r1.000,1.000,1.000," + wide + "\n", java.nio.file.StandardOpenOption.APPEND);
        assertThatThrownBy(() -> IntervalLog.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": line 7, column 3: byte 0x0d is not printable ASCII; an interval log is ASCII text");
        Files.write(file, new byte[] {'#', (byte) 0xc2, (byte) 0x85, '\n'});
        assertThatThrownBy(() -> IntervalLog.read(file)).hasMessage(file + ": line 1, column 2: byte 0xc2 is not"
                + " printable ASCII; an interval log is ASCII text");
    }

    /** A tagged interval (HdrHistogram's {@code Tag=T,} prefix) and Windows line ends are read as HdrHistogram reads them. */
    @Test
    void aTaggedIntervalAndCrLfLinesAreRead() throws Exception {
        Path file = oneIntervalLog("tagged.hlog");
        String own = lastHistogram(file);
        String crlf = Files.readString(file, StandardCharsets.US_ASCII).replace("\n", "\r\n");
        Files.writeString(file, crlf + "Tag=b,1.000,1.000,0.100," + own + "\r\n", StandardCharsets.US_ASCII);
        List<Histogram> intervals = IntervalLog.read(file).orElseThrow();
        assertThat(intervals).hasSize(2);
        assertThat(intervals.get(0).getTag()).isNull();
        assertThat(intervals.get(1).getTag()).isEqualTo("b");
        assertThat(intervals.get(1).getTotalCount()).isEqualTo(1);
        assertThat(intervals.get(1).getStartTimeStamp()).isEqualTo(BASE + 1000);
    }

    /**
     * Failed before the fix: HdrHistogram's reader ends quietly at a field it cannot parse, so a report showed the
     * intervals before it and said nothing of the rest. The line is named instead.
     */
    @Test
    void aLineTheReaderCannotParseIsNamedNotSkipped() throws Exception {
        Path file = oneIntervalLog("unparsed.hlog");
        String own = lastHistogram(file);
        Files.writeString(file, "1.000,1.000,many," + own + "\n2.000,1.000,0.100," + own + "\n",
                java.nio.file.StandardOpenOption.APPEND);
        assertThatThrownBy(() -> IntervalLog.readContents(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": line 7 (interval 2): not a readable interval: HdrHistogram's log reader stops here"
                        + " (a START, LENGTH or MAX that is not a number, or blank lines before it)");
    }

    /**
     * Failed before the fix: a 32 MB line was made a string, split and base64-decoded (some 100 MB) before anything
     * looked at it. No line holding a histogram of kbench's shape is that long, so it is refused unread.
     */
    @Test
    void aLineLongerThanAnyHistogramOfKbenchsShapeIsRefusedUnread() throws Exception {
        Path file = tmp.resolve("long-line.hlog");
        byte[] histogram = new byte[32 * 1024 * 1024];
        java.util.Arrays.fill(histogram, (byte) 'A');
        try (java.io.OutputStream out = Files.newOutputStream(file)) {
            out.write("#kbench publish latency, microseconds\n0.000,1.000,1.000,".getBytes(StandardCharsets.US_ASCII));
            out.write(histogram);
            out.write('\n');
        }
        long start = System.nanoTime();
        assertThatThrownBy(() -> IntervalLog.readContents(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": line 2: longer than " + IntervalLines.MAX_LINE_CHARS + " characters, the most a line"
                        + " holding a histogram of kbench's shape takes");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
    }

    /** The bound holds what kbench writes: an interval with every bucket counted, counts of 41 bits, reads back whole. */
    @Test
    void theFullestIntervalKbenchWritesIsReadBack() throws Exception {
        Histogram full = LatencyRecorder.newHistogram();
        java.util.Random random = new java.util.Random(41);
        for (long v = 1; v <= LatencyRecorder.HIGHEST_TRACKABLE_MICROS; v = full.nextNonEquivalentValue(v)) {
            full.recordValueWithCount(v, (1L << 40) + random.nextInt(1 << 30));
        }
        try (IntervalLog log = IntervalLog.create(tmp, LatencyMetric.PUBLISH, BASE)) {
            log.append(full, BASE, BASE + 1000);
        }
        Path file = tmp.resolve(LatencyMetric.PUBLISH.fileName());
        assertThat(Files.readAllLines(file).get(5).length()).isLessThan(IntervalLines.MAX_LINE_CHARS);
        Histogram read = IntervalLog.read(file).orElseThrow().get(0);
        assertThat(read.getTotalCount()).isEqualTo(full.getTotalCount());
        assertThat(read.getValueAtPercentile(99.9)).isEqualTo(full.getValueAtPercentile(99.9));
    }

    /** Failed before the fix: a file of comment lines only was turned into a string per line, up to 256 MB of them. */
    @Test
    void aLogOfEndlessCommentsIsRefusedAtItsLimit() throws Exception {
        Path file = tmp.resolve("comments.hlog");
        Files.writeString(file, "#\n".repeat(IntervalLines.MAX_OTHER_LINES + 1), StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> IntervalLog.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": line 10001: more than 10000 comment, header or blank lines; a log of kbench's has 5"
                        + " before its intervals");
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
