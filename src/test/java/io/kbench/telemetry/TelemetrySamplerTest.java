package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySource;
import io.kbench.result.telemetry.TelemetrySourceKind;
import io.kbench.unit.Units;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TelemetrySamplerTest {
    /** A broker-like source whose 3rd and 4th samples hang until released (a frozen process). */
    private static final class FreezingSource implements SampledSource {
        final CountDownLatch thaw = new CountDownLatch(1);
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public String id() {
            return "broker-1";
        }

        @Override
        public TelemetrySourceKind kind() {
            return TelemetrySourceKind.EMBEDDED_JMX;
        }

        @Override
        public String address() {
            return "127.0.0.1:1";
        }

        @Override
        public void open() {
        }

        @Override
        public void sample(Sample out, long nowNanos) throws InterruptedException {
            int n = calls.incrementAndGet(); // 1: warm-up in open, 2: baseline, 3..: ticks
            if (n == 4) {
                thaw.await();
                out.event(TelemetryEventType.SEGMENT_ROLL, "bench-0"); // seen by the late read: must not be lost
            }
            out.put(TelemetryMetric.BROKER_CPU_PERCENT, (double) n);
        }

        @Override
        public void close() {
        }
    }

    private static final class UnreachableSource extends FreezingSourceBase {
        @Override
        public void open() throws java.io.IOException {
            throw new java.io.IOException("Connection refused");
        }
    }

    private abstract static class FreezingSourceBase implements SampledSource {
        @Override
        public String id() {
            return "broker-2";
        }

        @Override
        public TelemetrySourceKind kind() {
            return TelemetrySourceKind.JMX;
        }

        @Override
        public String address() {
            return "10.0.0.9:9999";
        }

        @Override
        public void sample(Sample out, long nowNanos) {
        }

        @Override
        public void close() {
        }
    }

    private static IntervalPoint point(double endSec) {
        return new IntervalPoint(endSec, IntervalPhase.MEASURED, 0, 0, 0, 0, 0, null, null, null);
    }

    @Test
    void aFrozenSourceLeavesAGapAndOneEventAndAnUnreachableOneIsAbsent() throws Exception {
        FreezingSource frozen = new FreezingSource();
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        List<String> seen = new CopyOnWriteArrayList<>();
        List<IntervalPoint> intervals = new ArrayList<>();
        try (TelemetrySampler sampler = TelemetrySampler.open(List.of(frozen, new UnreachableSource()),
                Duration.ofMillis(150), new PrintStream(warnings, true, StandardCharsets.UTF_8))) {
            sampler.addListener((metric, source, value) -> seen.add(metric + "/" + source + "=" + value));
            long start = System.nanoTime();
            sampler.started(start);
            for (int i = 1; i <= 5; i++) {
                if (i == 3) {
                    // Thawed after tick 2's sample timed out (150 ms), well before tick 3, which finds it free again.
                    Thread.sleep(200);
                    frozen.thaw.countDown();
                    Thread.sleep(100);
                } else {
                    Thread.sleep(300);
                }
                long now = System.nanoTime();
                sampler.tick(now);
                intervals.add(point(Units.seconds(now - start)));
            }
            Telemetry t = sampler.finish(intervals);

            assertThat(warnings.toString(StandardCharsets.UTF_8))
                    .contains("broker-2 (jmx 10.0.0.9:9999) cannot be read").contains("Connection refused");
            assertThat(t.sources()).extracting(TelemetrySource::id, TelemetrySource::available)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("broker-1", true),
                            org.assertj.core.groups.Tuple.tuple("broker-2", false));
            assertThat(t.sources().get(1).absentReason()).contains("Connection refused");
            assertThat(t.series()).hasSize(1);
            List<Double> values = t.series().get(0).values();
            assertThat(values).hasSize(5);
            assertThat(values.get(0)).isEqualTo(3.0);
            assertThat(values.get(1)).as("the frozen interval").isNull();
            assertThat(values.subList(2, 5)).doesNotContainNull();
            assertThat(t.events()).extracting(TelemetryEvent::type).containsExactly(
                    TelemetryEventType.BROKER_UNRESPONSIVE, TelemetryEventType.SEGMENT_ROLL);
            assertThat(t.events()).allMatch(e -> e.atSec() == intervals.get(1).endSec());
            assertThat(seen).contains("broker_cpu_percent/broker-1=3.0");
        }
    }

    /** A broker that joins during the run: its JMX refuses connections while its JVM starts (the first 2 attempts). */
    private static final class JoiningSource extends FreezingSourceBase {
        final AtomicInteger opens = new AtomicInteger();

        @Override
        public String id() {
            return "broker-3";
        }

        @Override
        public void open() throws java.io.IOException {
            if (opens.incrementAndGet() <= 2) {
                throw new java.io.IOException("Connection refused");
            }
        }

        @Override
        public void sample(Sample out, long nowNanos) {
            out.put(TelemetryMetric.BROKER_CPU_PERCENT, 7.0);
        }
    }

    @Test
    void aBrokerThatJoinsDuringTheRunIsTriedAtEveryTickAndSampledOnceItAnswers() throws Exception {
        FreezingSource first = new FreezingSource();
        first.thaw.countDown();
        JoiningSource joining = new JoiningSource();
        List<IntervalPoint> intervals = new ArrayList<>();
        try (TelemetrySampler sampler = TelemetrySampler.open(List.of(first), Duration.ofMillis(150),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))) {
            long start = System.nanoTime();
            sampler.started(start);
            for (int i = 1; i <= 6; i++) {
                if (i == 2) {
                    sampler.add(joining);
                }
                Thread.sleep(200);
                long now = System.nanoTime();
                sampler.tick(now);
                intervals.add(point(Units.seconds(now - start)));
            }
            Telemetry t = sampler.finish(intervals);

            assertThat(joining.opens.get()).as("refused twice, then opened").isEqualTo(3);
            assertThat(t.sources()).extracting(TelemetrySource::id, TelemetrySource::available)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("broker-1", true),
                            org.assertj.core.groups.Tuple.tuple("broker-3", true));
            List<Double> joined = t.series().stream().filter(s -> s.source().equals("broker-3")).findFirst()
                    .orElseThrow().values();
            // Added just before tick 2 (the sampler thread may still be on tick 1): two ticks start an open that
            // fails, the next starts the one that succeeds, the one after finds it open and samples it.
            assertThat(joined.subList(0, 3)).containsOnlyNulls();
            assertThat(joined.subList(4, 6)).containsExactly(7.0, 7.0);
            assertThat(t.events()).extracting(TelemetryEvent::type).as("not yet answering is no unresponsive broker")
                    .doesNotContain(TelemetryEventType.BROKER_UNRESPONSIVE);
        }
    }
}
