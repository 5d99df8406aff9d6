package io.kbench.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kbench.result.telemetry.Anatomy;
import io.kbench.result.telemetry.Diagnosis;
import io.kbench.result.telemetry.LatencyPart;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.PartShare;
import io.kbench.result.telemetry.TelemetryMetric;
import org.junit.jupiter.api.Test;

/** The latency anatomy composed from interval figures and broker request phases, and the diagnosis built on it. */
class LatencyAnatomyTest {
    /** A broker whose Produce requests spend {@code localMs} appending and {@code remoteMs} waiting for followers. */
    private static SyntheticRun broker(double localMs, double remoteMs, double flushesPerSec) {
        return new SyntheticRun().healthyHost().healthyClient()
                .constant(TelemetryMetric.BROKER_CPU_PERCENT, "broker-1", 40)
                .constant(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-1", 80)
                .constant(TelemetryMetric.NETWORK_PROCESSOR_IDLE_PERCENT, "broker-1", 85)
                .series(TelemetryMetric.PRODUCE_REQUESTS_PER_SEC, "broker-1", i -> 1000.0)
                .series(TelemetryMetric.PRODUCE_REQUEST_QUEUE_TIME_MS, "broker-1", i -> 0.1)
                .series(TelemetryMetric.PRODUCE_LOCAL_TIME_MS, "broker-1", i -> localMs)
                .series(TelemetryMetric.PRODUCE_REMOTE_TIME_MS, "broker-1", i -> remoteMs)
                .series(TelemetryMetric.PRODUCE_RESPONSE_QUEUE_TIME_MS, "broker-1", i -> 0.05)
                .series(TelemetryMetric.PRODUCE_RESPONSE_SEND_TIME_MS, "broker-1", i -> 0.05)
                .series(TelemetryMetric.PRODUCE_TOTAL_TIME_MS, "broker-1", i -> 0.2 + localMs + remoteMs)
                .series(TelemetryMetric.LOG_FLUSHES_PER_SEC, "broker-1", i -> flushesPerSec)
                .series(TelemetryMetric.LOG_FLUSH_TIME_MS, "broker-1", i -> 0.8);
    }

    @Test
    void thePartsAddUpToThePublishMeanAndTheDominantOneIsNamed() {
        // SyntheticRun's publish latency: mean p99 / 3, about 3 ms; send delay mean 0.13 ms.
        SyntheticRun run = broker(0.3, 2.0, 0);
        Anatomy a = LatencyAnatomy.of(run.intervals(), run.telemetry(), 9_000);

        assertThat(a.parts()).extracting(p -> p.part()).containsExactly(LatencyPart.SEND_DELAY,
                LatencyPart.PRODUCE_REQUEST_QUEUE, LatencyPart.PRODUCE_LOCAL, LatencyPart.PRODUCE_REMOTE,
                LatencyPart.PRODUCE_RESPONSE_QUEUE, LatencyPart.PRODUCE_RESPONSE_SEND, LatencyPart.PUBLISH_REST);
        double stacked = a.parts().stream().filter(p -> p.part().publish()).mapToDouble(p -> p.at(5)).sum();
        assertThat(stacked).isCloseTo(run.intervals().get(5).publishLatencyMicros().mean() / 1000, within(1e-9));
        assertThat(a.measured().stream().mapToDouble(s -> s.share() == null ? 0 : s.share()).sum())
                .isCloseTo(1, within(1e-9));
        assertThat(a.dominant()).map(PartShare::part).contains(LatencyPart.PRODUCE_REMOTE);
        assertThat(a.headline()).startsWith("publish mean 3.00 ms (p99 9.00 ms): ")
                .contains("waiting for replicas (2.00 ms, Produce RemoteTimeMs)");
        assertThat(a.parts().get(0).statistic()).isEqualTo("mean");
    }

    @Test
    void aLaggingWindowedRecordQueueTimeIsCappedSoThePartsStillAddUpToThePublishMean() {
        // A 30 s window still holding a warm-up backlog: 50 ms of "record queue" against a ~3 ms publish mean.
        SyntheticRun run = broker(0.3, 2.0, 0)
                .series(TelemetryMetric.PRODUCER_RECORD_QUEUE_TIME_MS, "load-generator", i -> 50.0);
        Anatomy a = LatencyAnatomy.of(run.intervals(), run.telemetry(), 9_000);

        double publish = run.intervals().get(5).publishLatencyMicros().mean() / 1000;
        double stacked = a.parts().stream().filter(p -> p.part().publish()).mapToDouble(p -> p.at(5)).sum();
        assertThat(stacked).isCloseTo(publish, within(1e-9));
        double queue = a.parts().stream().filter(p -> p.part() == LatencyPart.RECORD_QUEUE).findFirst().orElseThrow().at(5);
        assertThat(queue).isLessThan(publish);
        assertThat(a.headline()).startsWith("publish mean 3.00 ms (p99 9.00 ms): ");
    }

    @Test
    void aFlushPerAppendIsNamedAsTheLogFlushAndOnlyThen() {
        Diagnosis flushing = broker(2.2, 0.1, 1500).diagnose();
        assertThat(flushing.limitedBy()).isEqualTo(LimitingResource.DISK);
        assertThat(flushing.evidence()).startsWith("publish mean ")
                .contains("appending on the leader")
                .contains("Produce local time 2.20 ms of 2.50 ms on the broker (88%), with 1,500 log flushes/s at 0.80 ms"
                        + " each: the log flush");
        assertThat(flushing.withMetSchedule(true).line()).startsWith("met its schedule; busiest: disk (publish mean ");
        assertThat(flushing.withMetSchedule(false).line()).startsWith("limited by: disk (publish mean ");

        Diagnosis slowAppendWithoutFlushes = broker(2.2, 0.1, 0.2).diagnose();
        assertThat(slowAppendWithoutFlushes.limitedBy()).isEqualTo(LimitingResource.NONE_FOUND);
        assertThat(slowAppendWithoutFlushes.evidence()).doesNotContain("not judged: disk");
    }

    @Test
    void withoutBrokerProducePhasesThereIsNoAnatomy() {
        SyntheticRun run = new SyntheticRun().healthy();
        assertThat(LatencyAnatomy.of(run.intervals(), run.telemetry(), Double.NaN)).isNull();
        assertThat(LatencyAnatomy.of(run.intervals(), null, Double.NaN)).isNull();
    }
}
