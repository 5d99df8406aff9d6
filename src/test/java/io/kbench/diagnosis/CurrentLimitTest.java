package io.kbench.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.TelemetryMetric;
import org.junit.jupiter.api.Test;

/** The live limit applies the diagnosis rules to the latest sample of each series. */
class CurrentLimitTest {
    @Test
    void nothingSampledYetIsNothingFound() {
        assertThat(new CurrentLimit(Cores.embedded(2)).current()).isEqualTo(LimitingResource.NONE_FOUND);
    }

    @Test
    void theLatestSampleCountsAndTheLeastIdleBrokerDecides() {
        CurrentLimit limit = new CurrentLimit(Cores.embedded(4));
        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-1", 80);
        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-2", 75);
        limit.sampled(TelemetryMetric.CLIENT_CPU_PERCENT, "client", 50);
        assertThat(limit.current()).isEqualTo(LimitingResource.NONE_FOUND);

        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-2", 10);
        assertThat(limit.current()).isEqualTo(LimitingResource.REQUEST_HANDLER_THREADS);

        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-2", 60);
        assertThat(limit.current()).isEqualTo(LimitingResource.NONE_FOUND);
    }

    @Test
    void theRulesOrderHoldsLiveToo() {
        CurrentLimit limit = new CurrentLimit(Cores.embedded(2));
        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-1", 10);
        limit.sampled(TelemetryMetric.HOST_CPU_IOWAIT_PERCENT, "host", 60);
        assertThat(limit.current()).isEqualTo(LimitingResource.DISK);

        limit.sampled(TelemetryMetric.CLIENT_CPU_PERCENT, "client", 190);
        assertThat(limit.current()).isEqualTo(LimitingResource.LOAD_GENERATOR_CPU);
    }

    @Test
    void aValueNotSampledIsNotZero() {
        CurrentLimit limit = new CurrentLimit(Cores.embedded(2));
        limit.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-1", Double.NaN);
        assertThat(limit.current()).isEqualTo(LimitingResource.NONE_FOUND);
    }
}
