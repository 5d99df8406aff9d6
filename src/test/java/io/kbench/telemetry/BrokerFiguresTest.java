package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerFiguresTest {
    private static final long SECOND = 1_000_000_000L;

    private static Map<String, Double> reading(double cpuNanos, double idleCount, double produceCount,
                                               double produceMean, double flushes, double leaders, double start) {
        Map<String, Double> r = new HashMap<>();
        r.put("os.ProcessCpuTime", cpuNanos);
        r.put("runtime.StartTime", start);
        r.put("handlerIdle.Count", idleCount);
        r.put("networkIdle.Value", 0.75);
        r.put("runtime.Uptime", 120_000.0);
        r.put("Produce.TotalTimeMs.Count", produceCount);
        r.put("Produce.TotalTimeMs.Mean", produceMean);
        r.put("flush.Count", flushes);
        r.put("flush.Mean", 3.0);
        r.put("leaders.Value", leaders);
        r.put(BrokerFigures.GC_COUNT, 0.0);
        r.put(BrokerFigures.GC_MILLIS, 0.0);
        return r;
    }

    @Test
    void theBrokerPoolsOwnIdleMeterWinsOverTheProcessWideOne() {
        // A combined broker+controller node (Kafka 4.x): the process-wide meter averages the busy broker pool with the
        // idle controller pool (50%); the broker pool's own meter says 5%.
        BrokerFigures f = new BrokerFigures();
        Map<String, Double> a = reading(0, 0, 100, 4.0, 10, 6, 1000);
        a.put("brokerHandlerIdle.Count", 0.0);
        f.update(a, 0, new Sample("broker-1", 0));
        Map<String, Double> b = reading(0, 0.5 * SECOND, 300, 8.0, 10, 6, 1000);
        b.put("brokerHandlerIdle.Count", 0.05 * SECOND);
        Sample s = new Sample("broker-1", 1.0);
        f.update(b, SECOND, s);

        assertThat(s.values().get(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT)).isCloseTo(5, within(1e-9));
    }

    @Test
    void intervalFiguresAndEventsFromTwoReadings() {
        BrokerFigures f = new BrokerFigures();
        f.partitions(Map.of("bench-0", 1.0, "bench-1", 1.0), Map.of());
        f.update(reading(0, 0, 100, 4.0, 10, 6, 1000), 0, new Sample("broker-1", 0));

        Sample s = new Sample("broker-1", 2.0);
        f.partitions(Map.of("bench-0", 3.0, "bench-1", 1.0, "bench-2", 1.0), Map.of());
        f.update(reading(0.5 * 2 * SECOND, 0.25 * 2 * SECOND, 300, 8.0, 12, 5, 1000), 2 * SECOND, s);

        Map<TelemetryMetric, Double> v = s.values();
        assertThat(v.get(TelemetryMetric.BROKER_CPU_PERCENT)).isCloseTo(50, within(1e-9));
        assertThat(v.get(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT)).isCloseTo(25, within(1e-9));
        assertThat(v.get(TelemetryMetric.NETWORK_PROCESSOR_IDLE_PERCENT)).isCloseTo(75, within(1e-9));
        assertThat(v.get(TelemetryMetric.PRODUCE_REQUESTS_PER_SEC)).isCloseTo(100, within(1e-9));
        // (300 * 8 - 100 * 4) / 200
        assertThat(v.get(TelemetryMetric.PRODUCE_TOTAL_TIME_MS)).isCloseTo(10, within(1e-9));
        assertThat(v.get(TelemetryMetric.LOG_FLUSHES_PER_SEC)).isCloseTo(1, within(1e-9));
        assertThat(v).doesNotContainKey(TelemetryMetric.FETCH_TOTAL_TIME_MS);
        assertThat(s.events()).extracting(TelemetryEvent::type).containsExactlyInAnyOrder(
                TelemetryEventType.LOG_FLUSH, TelemetryEventType.LEADER_CHANGE,
                TelemetryEventType.SEGMENT_ROLL, TelemetryEventType.SEGMENT_ROLL);
        assertThat(s.events()).filteredOn(e -> e.type() == TelemetryEventType.SEGMENT_ROLL)
                .extracting(TelemetryEvent::detail).containsOnly("bench-0");
        assertThat(s.events()).allMatch(e -> e.atSec() == 2.0 && e.source().equals("broker-1"));
    }

    @Test
    void networkIdleComesFromEachProcessorsIoWaitTotalOfTheBusiestListener() {
        // Two processors on the loaded listener, 40% and 60% idle; the controller listener idles; the windowed gauge
        // (a broker 10 s old: Kafka divides by at least 30 s) would say 25%.
        Map<String, Double> a = reading(0, 0, 100, 4.0, 10, 6, 1000);
        a.put("runtime.Uptime", 10_000.0);
        a.put("networkIdle.Value", 0.25);
        a.put(BrokerMBeans.IO_WAIT_PREFIX + "PLAINTEXT/0", 5.0 * SECOND);
        a.put(BrokerMBeans.IO_WAIT_PREFIX + "PLAINTEXT/1", 6.0 * SECOND);
        a.put(BrokerMBeans.IO_WAIT_PREFIX + "CONTROLLER/2", 9.0 * SECOND);
        Map<String, Double> b = new HashMap<>(a);
        b.put(BrokerMBeans.IO_WAIT_PREFIX + "PLAINTEXT/0", 5.8 * SECOND);
        b.put(BrokerMBeans.IO_WAIT_PREFIX + "PLAINTEXT/1", 7.2 * SECOND);
        b.put(BrokerMBeans.IO_WAIT_PREFIX + "CONTROLLER/2", 10.98 * SECOND);

        assertThat(BrokerFigures.networkIdlePercent(a, b, 2 * SECOND)).isCloseTo(50, within(1e-6));
    }

    @Test
    void withoutProcessorTotalsTheGaugeOfAYoungBrokerIsDiscarded() {
        Map<String, Double> a = reading(0, 0, 100, 4.0, 10, 6, 1000);
        Map<String, Double> young = new HashMap<>(a);
        young.put("runtime.Uptime", 15_000.0);
        assertThat(BrokerFigures.networkIdlePercent(a, young, SECOND)).isNull();
        assertThat(BrokerFigures.networkIdlePercent(a, a, SECOND)).isCloseTo(75, within(1e-9));
    }

    @Test
    void aRestartIsAnEventAndNoFigureSpansIt() {
        BrokerFigures f = new BrokerFigures();
        f.update(reading(5 * SECOND, 0, 100, 4.0, 10, 6, 1000), 0, new Sample("broker-1", 0));
        Sample s = new Sample("broker-1", 1.0);
        f.update(reading(SECOND, 0, 3, 1.0, 0, 6, 9000), SECOND, s);
        assertThat(s.events()).extracting(TelemetryEvent::type).containsExactly(TelemetryEventType.BROKER_RESTART);
        assertThat(s.values()).doesNotContainKey(TelemetryMetric.BROKER_CPU_PERCENT);
    }

    @Test
    void gcPausesOverTheThresholdAreEvents() {
        GcPauses gc = new GcPauses();
        Sample first = new Sample("broker-1", 0);
        gc.update(3, 40, first, TelemetryMetric.BROKER_GC_PAUSES, TelemetryMetric.BROKER_GC_PAUSE_TIME_MS,
                TelemetryEventType.GC_PAUSE);
        assertThat(first.values()).isEmpty();
        Sample quiet = new Sample("broker-1", 1);
        gc.update(4, 60, quiet, TelemetryMetric.BROKER_GC_PAUSES, TelemetryMetric.BROKER_GC_PAUSE_TIME_MS,
                TelemetryEventType.GC_PAUSE);
        assertThat(quiet.values()).containsEntry(TelemetryMetric.BROKER_GC_PAUSES, 1.0)
                .containsEntry(TelemetryMetric.BROKER_GC_PAUSE_TIME_MS, 20.0);
        assertThat(quiet.events()).isEmpty();
        Sample slow = new Sample("broker-1", 2);
        gc.update(6, 180, slow, TelemetryMetric.BROKER_GC_PAUSES, TelemetryMetric.BROKER_GC_PAUSE_TIME_MS,
                TelemetryEventType.GC_PAUSE);
        assertThat(slow.events()).extracting(TelemetryEvent::detail).containsExactly("2 pause(s), 120 ms in total");
        assertThat(GcPauses.isPauseCollector("G1 Young Generation")).isTrue();
        assertThat(GcPauses.isPauseCollector("G1 Concurrent GC")).isFalse();
        assertThat(GcPauses.isPauseCollector("ZGC Cycles")).isFalse();
        assertThat(GcPauses.isPauseCollector("ZGC Pauses")).isTrue();
    }
}
