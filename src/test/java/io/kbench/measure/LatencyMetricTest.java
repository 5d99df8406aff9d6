package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Summary;
import org.junit.jupiter.api.Test;

class LatencyMetricTest {
    private static LatencyStats stats(long count) {
        return new LatencyStats(count, 1, 2, 3, 4, 5, 1.5);
    }

    @Test
    void theFileNamesAndLabelsAreTheOnesResultDirectoriesAndReportsUse() {
        assertThat(LatencyMetric.values()).extracting(LatencyMetric::fileName)
                .containsExactly("publish-latency.hlog", "end-to-end-latency.hlog", "send-delay.hlog");
        assertThat(LatencyMetric.values()).extracting(LatencyMetric::key).containsExactly("publish", "end-to-end", "send-delay");
        assertThat(LatencyMetric.values()).extracting(LatencyMetric::label).containsExactly("publish", "end-to-end", "send delay");
        assertThat(LatencyMetric.HEADLINE).containsExactly(LatencyMetric.PUBLISH, LatencyMetric.END_TO_END);
    }

    @Test
    void eachMetricReadsItsOwnFigureOfASummaryAndAnInterval() {
        Summary summary = new Summary("intendedSendTime", null, null, stats(1), stats(2), stats(3), null);
        IntervalPoint point = new IntervalPoint(1.0, IntervalPhase.MEASURED, 0, 0, 0, 0, 0, stats(4), stats(5), stats(6));
        assertThat(LatencyMetric.values()).extracting(m -> m.of(summary).count()).containsExactly(1L, 2L, 3L);
        assertThat(LatencyMetric.values()).extracting(m -> m.of(point).count()).containsExactly(4L, 5L, 6L);
    }
}
