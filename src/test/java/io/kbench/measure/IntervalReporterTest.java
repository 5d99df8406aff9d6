package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

class IntervalReporterTest {
    private static final long SECOND = 1_000_000_000L;
    private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    /** Failed before the fix: with every measured send failing, each interval stayed labelled warm-up. */
    @Test
    void anIntervalWhoseMeasuredSendsAllFailedIsMeasured() {
        try (RunMetrics metrics = new RunMetrics(null, 0)) {
            AtomicBoolean measuring = new AtomicBoolean(false);
            IntervalReporter reporter = new IntervalReporter(metrics, out, 0, 0, measuring::get,
                    new ProgressLine.Columns(true, false));
            metrics.warmupProduceErrors.count(new TimeoutException("warm-up send expired"));
            assertThat(reporter.tick(SECOND).phase()).isEqualTo(IntervalPhase.WARMUP);
            measuring.set(true);
            assertThat(reporter.tick(2 * SECOND).phase()).as("no measured send completed yet").isEqualTo(IntervalPhase.WARMUP);
            metrics.produceErrors.count(new TimeoutException("measured send expired"));
            IntervalPoint failed = reporter.tick(3 * SECOND);
            assertThat(failed.phase()).isEqualTo(IntervalPhase.MEASURED);
            assertThat(failed.publishLatencyMicros().count()).isZero();
        }
    }

    /** The send-call figures reach a listener once; without one they stay in RunMetrics, nothing copied per tick. */
    @Test
    void sendCallLatencyGoesToAListenerAndStaysPutWithoutOne() {
        try (RunMetrics metrics = new RunMetrics(null, 0)) {
            Histogram producer = LatencyRecorder.newHistogram();
            producer.recordValue(1_234);
            metrics.addPublishFromSendCall(producer);
            new IntervalReporter(metrics, out, 0, 0, () -> true, new ProgressLine.Columns(true, false)).tick(SECOND);
            List<Long> heard = new ArrayList<>();
            LiveMetrics live = new LiveMetrics() {
                @Override
                public void publishFromSendCall(Histogram interval) {
                    heard.add(interval.getTotalCount());
                }
            };
            IntervalReporter listened = new IntervalReporter(metrics, out, 0, 0, () -> true,
                    new ProgressLine.Columns(true, false), live);
            listened.tick(SECOND);
            listened.tick(2 * SECOND);
            assertThat(heard).containsExactly(1L, 0L);
        }
    }
}
