package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DeltasTest {
    @Test
    void intervalMeanOfAHistogramFromCountAndMean() {
        // 100 requests averaging 5 ms, then 50 more averaging 20 ms: running mean (500 + 1000) / 150 = 10
        assertThat(Deltas.intervalMean(100.0, 5.0, 150.0, 10.0)).isCloseTo(20.0, within(1e-9));
        // the decaying-sample view would mix in the old requests; the delta keeps only the interval's
        assertThat(Deltas.intervalMean(1_000_000.0, 2.0, 1_000_010.0, 2.0000799999)).isCloseTo(10.0, within(1e-3));
    }

    @Test
    void noRequestsOrAResetGiveNoMean() {
        assertThat(Deltas.intervalMean(100.0, 5.0, 100.0, 5.0)).isNull();
        assertThat(Deltas.intervalMean(100.0, 5.0, 10.0, 1.0)).isNull();
        assertThat(Deltas.intervalMean(null, 5.0, 10.0, 1.0)).isNull();
    }

    @Test
    void ratesPerSecondOfElapsedTime() {
        assertThat(Deltas.rate(10.0, 30.0, 500_000_000L)).isCloseTo(40.0, within(1e-9));
        assertThat(Deltas.rate(30.0, 10.0, 500_000_000L)).isNull();
        assertThat(Deltas.rate(10.0, 30.0, 0)).isNull();
        assertThat(Deltas.cpuPercent(0.0, 1.5e9, 1_000_000_000L)).isCloseTo(150.0, within(1e-9));
    }
}
