package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
                .hasMessageStartingWith(garbage + ": not a readable HdrHistogram log");

        Path doubles = tmp.resolve("double.hlog");
        try (PrintStream out = new PrintStream(Files.newOutputStream(doubles), false, StandardCharsets.US_ASCII)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLegend();
            DoubleHistogram h = new DoubleHistogram(3);
            h.recordValue(1.5);
            writer.outputIntervalHistogram(h);
        }
        assertThatThrownBy(() -> IntervalLog.readTotal(doubles)).isInstanceOf(InvalidInputException.class)
                .hasMessage(doubles + ": holds a DoubleHistogram; kbench writes integer histograms of microseconds");
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
}
