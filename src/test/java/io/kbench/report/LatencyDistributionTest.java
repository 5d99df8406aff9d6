package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kbench.measure.LatencyMetric;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Summary;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencyDistributionTest {

    @TempDir
    Path tmp;

    /** Two intervals of 1..5000 and 5001..10000 microseconds: the sum is uniform over 1..10000. */
    private Path writeUniformHlog() throws Exception {
        Path file = tmp.resolve("publish-latency.hlog");
        try (OutputStream out = Files.newOutputStream(file)) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputLogFormatVersion();
            w.outputStartTime(1_000_000L);
            w.setBaseTime(1_000_000L);
            w.outputLegend();
            for (int interval = 0; interval < 2; interval++) {
                Histogram h = new Histogram(3);
                h.setStartTimeStamp(1_000_000L + interval * 1000L);
                h.setEndTimeStamp(1_000_000L + (interval + 1) * 1000L);
                for (int v = interval * 5000 + 1; v <= (interval + 1) * 5000; v++) {
                    h.recordValue(v);
                }
                w.outputIntervalHistogram(h);
            }
        }
        return file;
    }

    @Test
    void sumsAllIntervalsAndEmitsThePercentileDistribution() throws Exception {
        LatencyDistribution d = LatencyDistribution.fromHlog(writeUniformHlog()).orElseThrow();

        assertThat(d.count()).isEqualTo(10_000);
        assertThat(d.source()).isEqualTo("hlog");
        List<LatencyDistribution.Point> points = d.points();
        assertThat(points).hasSizeGreaterThan(20);
        assertThat(points.get(0).percentile()).isEqualTo(0.0);
        for (int i = 1; i < points.size(); i++) {
            assertThat(points.get(i).percentile()).isGreaterThan(points.get(i - 1).percentile());
            assertThat(points.get(i).micros()).isGreaterThanOrEqualTo(points.get(i - 1).micros());
        }
        assertThat(points).allSatisfy(p -> assertThat(p.percentile()).isLessThan(100.0));
        // Uniform 1..10000: the value at percentile p is about p * 100 microseconds (3 significant digits).
        LatencyDistribution.Point median = points.stream().filter(p -> p.percentile() >= 50).findFirst().orElseThrow();
        assertThat(median.micros()).isCloseTo(median.percentile() * 100, within(median.percentile() * 100 * 0.002 + 2));
        LatencyDistribution.Point last = points.get(points.size() - 1);
        assertThat(last.micros()).isCloseTo(10_000, within(10.0));
        // The maximum sits at about 1 - 1/count: percentile 99.99, x = 1/(1-q) about 10,000.
        assertThat(last.percentile()).isGreaterThanOrEqualTo(99.99).isLessThan(100.0);
        assertThat(last.inverseTail()).isCloseTo(10_000, within(300.0));
    }

    @Test
    void missingOrEmptyLogHasNoDistribution() throws Exception {
        assertThat(LatencyDistribution.fromHlog(tmp.resolve("absent.hlog"))).isEmpty();
        Path empty = Files.createFile(tmp.resolve("end-to-end-latency.hlog"));
        assertThat(LatencyDistribution.fromHlog(empty)).isEmpty();
    }

    @Test
    void committedRunFixtureMatchesItsSummaryCount() throws Exception {
        Path dir = ReportFixtures.path("run-sample");
        Summary summary = ResultReader.read(dir, RunResult.class).summary();
        for (LatencyMetric k : LatencyMetric.values()) {
            LatencyDistribution d = LatencyDistribution.fromHlog(dir.resolve(k.fileName())).orElseThrow();
            assertThat(d.count()).as(k.fileName()).isEqualTo(k.of(summary).count());
            // The summary's p99 is read from the same histogram, so the distribution brackets it.
            long p99 = k.of(summary).p99();
            double below = d.points().stream().filter(p -> p.percentile() <= 99).reduce((a, b) -> b).orElseThrow().micros();
            double above = d.points().stream().filter(p -> p.percentile() >= 99).findFirst().orElseThrow().micros();
            assertThat(below).as(k.fileName()).isLessThanOrEqualTo(p99 * 1.001);
            assertThat(above).as(k.fileName()).isGreaterThanOrEqualTo(p99 / 1.001);
        }
    }

    @Test
    void summaryFallbackUsesTheHeadlinePercentiles() {
        LatencyDistribution d = LatencyDistribution.fromSummary(100_000, 1000, 2000, 3000, 4000, 9000);
        assertThat(d.source()).isEqualTo("summary");
        assertThat(d.points()).extracting(LatencyDistribution.Point::percentile).hasSize(5).startsWith(50.0, 95.0, 99.0, 99.9);
        assertThat(d.points().get(4).percentile()).isCloseTo(99.999, within(1e-9));
        assertThat(d.points()).extracting(LatencyDistribution.Point::micros).containsExactly(1000.0, 2000.0, 3000.0, 4000.0, 9000.0);
    }

    /** Failed before the fix: the report could not read a log cut mid-interval (the 10 s interrupt deadline). */
    @Test
    void aCutLogGivesItsCompleteIntervalsNamedAsCut() throws Exception {
        Path file = writeUniformHlog();
        byte[] whole = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(whole, whole.length - 10));
        LatencyDistribution d = LatencyDistribution.fromHlog(file).orElseThrow();
        assertThat(d.count()).isEqualTo(5000);
        assertThat(d.source()).isEqualTo(LatencyDistribution.CUT_HLOG);
        assertThat(d.sourceNote("publish-latency.hlog")).isEqualTo(" from publish-latency.hlog (cut off mid-interval"
                + " when the run was stopped: its complete intervals)");
    }
}
