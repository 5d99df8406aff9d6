package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.IntervalPoint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A driver's intervals merge into kbench's own: the right interval, late ones one on and counted, totals exact. */
class IntervalReporterContributorTest {
    private static final long SECOND = 1_000_000_000L;
    private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    /** Contributions handed over as they are offered; {@code take} returns those up to the index asked for. */
    private static final class Offered implements IntervalContributor {
        private final List<IntervalContribution> waiting = new ArrayList<>();
        private final List<Integer> asked = new ArrayList<>();

        void offer(int index, long... publishMicros) {
            Histogram h = LatencyRecorder.newHistogram();
            for (long v : publishMicros) {
                h.recordValue(v);
            }
            waiting.add(new IntervalContribution(index, Map.of(LatencyMetric.PUBLISH, h)));
        }

        @Override
        public List<IntervalContribution> take(int index, long deadlineNanos) {
            asked.add(index);
            List<IntervalContribution> due = waiting.stream().filter(c -> c.index() <= index).toList();
            waiting.removeAll(due);
            return due;
        }
    }

    @Test
    void contributionKLandsInIntervalKBesideWhatTheJvmRecorded() {
        try (RunMetrics metrics = new RunMetrics(dir, 0)) {
            Offered driver = new Offered();
            IntervalReporter reporter = new IntervalReporter(metrics, out, 0, 0, () -> true,
                    new ProgressLine.Columns(true, false)).withContributors(List.of(driver), Duration.ZERO);
            metrics.latency(LatencyMetric.PUBLISH).recorder().recordMicros(1_000);
            driver.offer(0, 2_000, 3_000);
            driver.offer(1, 40_000); // a driver ahead of kbench's tick: waits for interval 1
            IntervalPoint first = reporter.tick(SECOND);
            assertThat(first.publishLatencyMicros().count()).isEqualTo(3);
            assertThat(first.publishLatencyMicros().max()).isBetween(2_999L, 3_002L);
            IntervalPoint second = reporter.tick(2 * SECOND);
            assertThat(second.publishLatencyMicros().count()).isEqualTo(1);
            assertThat(second.publishLatencyMicros().p50()).isBetween(40_000L, 40_100L);
            assertThat(driver.asked).containsExactly(0, 1);
            assertThat(reporter.lateContributions()).isZero();
        }
    }

    @Test
    void aLateContributionLandsInTheNextIntervalIsCountedAndTheTotalsStayExact() {
        try (RunMetrics metrics = new RunMetrics(dir, 0)) {
            Offered driver = new Offered();
            IntervalReporter reporter = new IntervalReporter(metrics, out, 0, 0, () -> true,
                    new ProgressLine.Columns(true, false)).withContributors(List.of(driver), Duration.ZERO);
            assertThat(reporter.tick(SECOND).publishLatencyMicros().count()).as("interval 0's line is late").isZero();
            driver.offer(0, 5_000, 5_000);
            driver.offer(1, 7_000);
            IntervalPoint second = reporter.tick(2 * SECOND);
            assertThat(second.publishLatencyMicros().count()).isEqualTo(3);
            assertThat(reporter.lateContributions()).isEqualTo(1);
            assertThat(metrics.latency(LatencyMetric.PUBLISH).totalStats().count()).isEqualTo(3);
        }
        // The .hlog holds what the intervals held: the lossless log agrees with the totals.
        Path hlog = dir.resolve(LatencyMetric.PUBLISH.fileName());
        assertThat(Files.exists(hlog)).isTrue();
        assertThat(IntervalLog.readTotal(hlog).orElseThrow().getTotalCount()).isEqualTo(3);
    }

    @Test
    void withoutContributorsNothingIsAskedAndNothingAdded() {
        try (RunMetrics metrics = new RunMetrics(null, 0)) {
            IntervalReporter reporter = new IntervalReporter(metrics, out, 0, 0, () -> true,
                    new ProgressLine.Columns(true, false));
            metrics.latency(LatencyMetric.SEND_DELAY).recorder().recordMicros(10);
            IntervalPoint point = reporter.tick(SECOND);
            assertThat(point.sendDelayMicros().count()).isEqualTo(1);
            assertThat(point.publishLatencyMicros().count()).isZero();
            assertThat(reporter.lateContributions()).isZero();
        }
    }
}
