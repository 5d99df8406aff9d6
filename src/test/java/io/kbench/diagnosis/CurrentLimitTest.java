package io.kbench.diagnosis;

import static io.kbench.result.run.IntervalPhase.MEASURED;
import static io.kbench.result.run.IntervalPhase.WARMUP;
import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.TelemetryMetric;
import org.junit.jupiter.api.Test;

/** The live limit applies the diagnosis rules to each series' mean over the current phase so far. */
class CurrentLimitTest {
    @Test
    void nothingSampledYetIsNothingFound() {
        assertThat(new CurrentLimit(Cores.embedded(2)).current(MEASURED)).isEqualTo(LimitingResource.NONE_FOUND);
    }

    @Test
    void theMeanSoFarCountsAndTheLeastIdleBrokerDecides() {
        CurrentLimit limit = new CurrentLimit(Cores.embedded(4));
        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-1", 80);
        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-2", 75);
        limit.sampled(TelemetryMetric.CLIENT_CPU_PERCENT, "client", 50);
        assertThat(limit.current(MEASURED)).isEqualTo(LimitingResource.NONE_FOUND);

        // One busy second (broker-2 10% idle) is no limit while its mean stays at 42.5%...
        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-2", 10);
        assertThat(limit.current(MEASURED)).isEqualTo(LimitingResource.NONE_FOUND);

        // ...and a mean under the threshold is one, as the final diagnosis would name it.
        for (int i = 0; i < 8; i++) {
            limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-2", 5);
        }
        assertThat(limit.current(MEASURED)).isEqualTo(LimitingResource.REQUEST_HANDLER_THREADS);
    }

    @Test
    void theWarmUpIsSetAsideAfterTheFirstMeasuredLineAsTheFinalDiagnosisLeavesItOut() {
        CurrentLimit limit = new CurrentLimit(Cores.embedded(2));
        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-1", 5);
        assertThat(limit.current(WARMUP)).isEqualTo(LimitingResource.REQUEST_HANDLER_THREADS);
        // The first measured line has no sample of its own yet: it still shows the warm-up's answer.
        assertThat(limit.current(MEASURED)).isEqualTo(LimitingResource.REQUEST_HANDLER_THREADS);

        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-1", 80);
        assertThat(limit.current(MEASURED)).isEqualTo(LimitingResource.NONE_FOUND);
    }

    @Test
    void theRulesOrderHoldsLiveToo() {
        CurrentLimit limit = new CurrentLimit(Cores.embedded(2));
        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-1", 10);
        limit.sampled(TelemetryMetric.HOST_CPU_IOWAIT_PERCENT, "host", 60);
        assertThat(limit.current(MEASURED)).isEqualTo(LimitingResource.DISK);

        limit.sampled(TelemetryMetric.CLIENT_CPU_PERCENT, "client", 190);
        assertThat(limit.current(MEASURED)).isEqualTo(LimitingResource.LOAD_GENERATOR_CPU);
    }

    @Test
    void aValueNotSampledIsNotZeroAndCountsInNoMean() {
        CurrentLimit limit = new CurrentLimit(Cores.embedded(2));
        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-1", Double.NaN);
        assertThat(limit.current(MEASURED)).isEqualTo(LimitingResource.NONE_FOUND);

        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-1", 10);
        assertThat(limit.current(MEASURED)).isEqualTo(LimitingResource.REQUEST_HANDLER_THREADS);
    }
}
