package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import io.kbench.unit.Units;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeriesTableTest {
    private static IntervalPoint point(double endSec) {
        return new IntervalPoint(endSec, IntervalPhase.MEASURED, 0, 0, 0, 0, 0, null, null, null);
    }

    @Test
    void valuesGoToTheIntervalOfTheirTickAndMissingTicksStayNull() {
        long start = 123_456_789L;
        long[] ticks = {start + 1_000_300_001L, start + 2_000_100_007L, start + 3_000_000_003L, start + 3_400_000_000L};
        List<IntervalPoint> intervals = java.util.Arrays.stream(ticks).mapToObj(t -> point(Units.seconds(t - start)))
                .toList();
        SeriesTable table = new SeriesTable();
        table.put(TelemetryMetric.BROKER_CPU_PERCENT, "broker-1", Units.seconds(ticks[0] - start), 10);
        // the tick at index 1 was missed (broker frozen)
        table.put(TelemetryMetric.BROKER_CPU_PERCENT, "broker-1", Units.seconds(ticks[2] - start), 30);
        table.put(TelemetryMetric.BROKER_CPU_PERCENT, "broker-1", Units.seconds(ticks[3] - start), 40);
        table.put(TelemetryMetric.HOST_CPU_USER_PERCENT, "host", Units.seconds(ticks[1] - start), 5);
        table.put(TelemetryMetric.HOST_CPU_USER_PERCENT, "host", 0.0, 99); // the baseline tick: no interval

        List<TelemetrySeries> series = table.aligned(intervals);

        assertThat(series).extracting(TelemetrySeries::metric)
                .containsExactly(TelemetryMetric.BROKER_CPU_PERCENT, TelemetryMetric.HOST_CPU_USER_PERCENT);
        assertThat(series.get(0).values()).containsExactly(10.0, null, 30.0, 40.0);
        assertThat(series.get(1).values()).containsExactly(null, 5.0, null, null);
    }

    @Test
    void aSeriesWithNoValueOnTheAxisIsLeftOut() {
        SeriesTable table = new SeriesTable();
        table.put(TelemetryMetric.DISK_UTIL_PERCENT, "host", 7.5, 1);
        assertThat(table.aligned(List.of(point(1.0), point(2.0)))).isEmpty();
    }
}
