package io.kbench.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.AnatomyPart;
import io.kbench.result.telemetry.LatencyPart;
import io.kbench.spec.FaultScope;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Network faults on a real 3-broker cluster behind kbench's proxies: a delay raises publish latency by about it. */
// Timing-sensitive: runs with the other timing ITs only, after the heavy ones (pom.xml, failsafe "timing-its").
@Tag("timing")
@EmbeddedKafka
class NetworkFaultsIT {
    private static final double DELAY_MILLIS = 100;

    @TempDir
    Path results;

    @Test
    void aDelayOnTheLeadersClientListenerRaisesPublishLatencyByAboutTheDelay() throws IOException {
        Path w = Files.writeString(results.resolve("it-net-delay.yaml"), """
                name: it-net-delay
                topic: {partitions: 1, replicationFactor: 1}
                producers:
                  count: 1
                  rate: 200
                  duration: 13s
                  warmupDuration: 2s
                  recordSize: 256
                  properties: {acks: 1, linger.ms: 0}
                consumers: {mode: none}
                cluster: {brokers: 3}
                faults:
                  - {at: 5s, action: delay, target: leader, duration: 6s, delay: 100ms, jitter: 5ms, scope: clients}
                """);
        CliRun run = CliRun.of("run", w.toString(), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        FaultResult fault = result.faults().get(0);
        assertThat(fault.error()).as(run.transcript()).isNull();
        assertThat(fault.brokerId()).as(run.transcript()).isBetween(1, 3);
        assertThat(fault.spec().delay()).isEqualTo(Duration.ofMillis(100));
        assertThat(fault.spec().scope()).isEqualTo(FaultScope.CLIENTS);
        double start = fault.startSec();
        double end = fault.endSec();
        List<Double> before = new ArrayList<>();
        List<Double> during = new ArrayList<>();
        for (IntervalPoint p : result.intervals()) {
            double e = p.endSec();
            LatencyStats publish = p.publishLatencyMicros();
            if (p.phase() != IntervalPhase.MEASURED || publish == null || publish.count() == 0) {
                continue;
            }
            double p50Millis = publish.p50() / 1000.0;
            if (e <= start) {
                before.add(p50Millis);
            } else if (e > start + 1 && e <= end) {
                during.add(p50Millis);
            }
        }
        assertThat(before).as(run.transcript()).isNotEmpty();
        assertThat(during).as(run.transcript()).hasSizeGreaterThanOrEqualTo(3);
        // Load on a shared machine only adds latency; the delay raises the floor. The lowest interval p50 on each side
        // is the sturdiest estimate of that floor.
        double increase = min(during) - min(before);
        assertThat(increase).as("p50 before %s, during %s: %s", before, during, run.transcript())
                .isBetween(0.6 * DELAY_MILLIS, 3 * DELAY_MILLIS);
        assertThat(run.stdout()).contains("behind kbench's network proxies").contains("fault 0: delay broker")
                .contains("healed at");
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    /**
     * Issue 26: a slow follower (a delay on one follower's replication traffic) with acks=all and RF 3 moves the
     * anatomy's remote part (waiting for replicas), not the local part (appending on the leader). It failed whenever
     * the workload's leader was the readiness probe topic's: the followers' fetch connections to it were opened before
     * kbench's proxies knew the broker pids, stayed "unknown source", and Kafka's fetchers reuse them, so the delay
     * never reached those fetches (NetworkProxiesTest.aPeerConnectedBeforeItsProcessWasKnownIsStillDelayedOnceItIs).
     */
    @Test
    void aSlowFollowerMovesTheRemotePartNotTheLocalPart() throws IOException {
        Path w = Files.writeString(results.resolve("it-anatomy-follower.yaml"), """
                name: it-anatomy-follower
                topic: {partitions: 1, replicationFactor: 3}
                producers:
                  count: 1
                  rate: 200
                  duration: 6s
                  warmupDuration: 1s
                  recordSize: 256
                  properties: {acks: all, linger.ms: 0}
                consumers: {mode: none}
                cluster: {brokers: 3}
                faults:
                  - {at: 3s, action: delay, target: follower, partition: 0, duration: 3s, delay: 40ms, jitter: 2ms, scope: peers}
                """);
        CliRun run = CliRun.of("run", w.toString(), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        FaultResult fault = result.faults().get(0);
        assertThat(fault.error()).as(run.transcript()).isNull();
        double start = fault.startSec();
        double end = fault.endSec();
        List<IntervalPoint> intervals = result.intervals();
        double[] remote = beforeAndDuring(result, intervals, LatencyPart.PRODUCE_REMOTE, start, end);
        double[] local = beforeAndDuring(result, intervals, LatencyPart.PRODUCE_LOCAL, start, end);
        assertThat(remote[1] - remote[0]).as(String.valueOf(result.anatomy())).isGreaterThan(20);
        assertThat(Math.abs(local[1] - local[0])).as(String.valueOf(result.anatomy())).isLessThan(5);
    }

    /** A part's mean over the measured intervals before the fault and over those wholly inside it, ms. */
    private static double[] beforeAndDuring(RunResult result, List<IntervalPoint> intervals, LatencyPart part,
                                            double start, double end) {
        for (AnatomyPart p : result.anatomy() == null ? List.<AnatomyPart>of() : result.anatomy().parts()) {
            if (p.part() != part) {
                continue;
            }
            double[] sum = new double[2];
            int[] n = new int[2];
            double previousEnd = 0;
            for (int i = 0; i < intervals.size(); i++) {
                double e = intervals.get(i).endSec();
                Double v = i < p.valuesMs().size() ? p.valuesMs().get(i) : null;
                boolean measured = intervals.get(i).phase() == IntervalPhase.MEASURED;
                int which = e <= start ? 0 : previousEnd >= start && e <= end ? 1 : -1;
                previousEnd = e;
                if (measured && which >= 0 && v != null) {
                    sum[which] += v;
                    n[which]++;
                }
            }
            assertThat(n).as(part + " before/during the fault in " + result.anatomy()).containsOnly(n[0], n[1])
                    .doesNotContain(0);
            return new double[] {sum[0] / n[0], sum[1] / n[1]};
        }
        throw new AssertionError("no anatomy part " + part + " in " + result.anatomy());
    }
}
