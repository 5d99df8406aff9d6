package io.kbench.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import io.kbench.error.InvalidInputException;
import io.kbench.result.Spread;
import io.kbench.result.run.RunStatus;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.PointConditions;
import io.kbench.result.sweep.SweepResult;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A finding's needs: a failed one ends "not testable here" with the measured figure, an unmeasured one "not measured". */
class PreconditionCheckTest {
    private static final String THREADS = "cluster.brokerConfig.num.io.threads";
    private static final String PRODUCERS = "producers.count";
    private static final double GIB = 1024.0 * 1024 * 1024;

    /** Records/s and e2e p99 (µs) as three repetitions, the send delay p99 and the conditions given. */
    private static SweepResult.Point point(int threads, int producers, double[] rate, String measuredFrom, Double sendDelayP99,
                                           PointConditions conditions) {
        Map<String, JsonNode> overrides = new LinkedHashMap<>();
        overrides.put(THREADS, IntNode.valueOf(threads));
        overrides.put(PRODUCERS, IntNode.valueOf(producers));
        Spread r = Spread.of(List.of(rate[0], rate[1], rate[2]));
        Spread p99 = Spread.of(List.of(20_000.0, 21_000.0, 22_000.0));
        SweepResult.TotalsSpread totals = new SweepResult.TotalsSpread(r, r, r, r, r, r);
        SweepResult.LatencySpread latency = new SweepResult.LatencySpread(p99, p99, p99, p99, p99, p99, p99);
        Spread d = sendDelayP99 == null ? null : Spread.of(List.of(sendDelayP99, sendDelayP99, sendDelayP99));
        SweepResult.LatencySpread delay = d == null ? null : new SweepResult.LatencySpread(d, d, d, d, d, d, d);
        SweepResult.Stats stats = new SweepResult.Stats(3, measuredFrom, totals, null, latency, latency, delay);
        return new SweepResult.Point(threads + "-" + producers, overrides, null, List.of(), 3, 0, stats, null, null, null,
                conditions);
    }

    private static SweepResult.Point steady(int threads, int producers, double[] rate, PointConditions conditions) {
        return point(threads, producers, rate, "intendedSendTime", 1_000.0, conditions);
    }

    private static PointConditions throttled(double percent) {
        return new PointConditions(Spread.of(List.of(percent, percent, percent)), Spread.of(List.of(1e8, 1e8, 1e8)),
                (long) (24 * GIB), 0.5, null, null, null, null);
    }

    private static SweepResult sweep(SweepResult.Point... points) {
        return new SweepResult(1, "sweep", "s", null, RunStatus.COMPLETED, null, null, null, null, 3, null, List.of(points),
                null, null, null, null);
    }

    private static FindingVerdict judge(String metric, NeedsSpec needs, SweepResult sweep, List<String> per) {
        Map<String, Set<String>> varied = new LinkedHashMap<>();
        sweep.points().forEach(p -> p.overrides().forEach((k, v) -> varied.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v.asText())));
        FindingSpec spec = new FindingSpec("80 threads above 15", metric, null, null,
                new FindingSpec.Ratio(Map.of(THREADS, IntNode.valueOf(80)), Map.of(THREADS, IntNode.valueOf(15))), null, 1.0,
                null, per, null, null, null, needs, null);
        return FindingJudge.judge(Finding.of(spec, 0, varied), sweep);
    }

    private static final double[] SLOW = {1000, 1010, 1020};
    private static final double[] FAST = {2000, 2020, 2040};

    @Test
    void throttledBrokersMakeAThreadClaimNotTestableWithTheMeasuredShare() {
        SweepResult s = sweep(steady(15, 2, SLOW, throttled(96)), steady(80, 2, FAST, throttled(95)));
        FindingVerdict v = judge("produced.recordsPerSec", new NeedsSpec(true, null, null, null, null, null, null, null), s, List.of());
        assertThat(v.outcome()).isEqualTo(FindingOutcome.NOT_TESTABLE);
        assertThat(v.groups().get(0).shown()).startsWith("not testable here: at 80-2 a broker was throttled in 95% of its CPU"
                + " quota periods (0.5 cores; median of 3 runs; the claim needs under 25%)");
    }

    @Test
    void unthrottledBrokersAreJudged() {
        SweepResult s = sweep(steady(15, 2, SLOW, throttled(3)), steady(80, 2, FAST, throttled(2)));
        assertThat(judge("produced.recordsPerSec", new NeedsSpec(true, null, null, null, null, null, null, null), s, List.of()).outcome())
                .isEqualTo(FindingOutcome.HELD);
        PointConditions noQuota = new PointConditions(null, null, null, null, null, null, null, null);
        SweepResult unlimited = sweep(steady(15, 2, SLOW, noQuota), steady(80, 2, FAST, noQuota));
        assertThat(judge("produced.recordsPerSec", new NeedsSpec(true, null, null, null, null, null, null, null), unlimited, List.of()).outcome())
                .as("no CPU quota: nothing can throttle").isEqualTo(FindingOutcome.HELD);
    }

    @Test
    void aPreconditionTheRunsDidNotMeasureIsNotMeasuredNotAssumed() {
        SweepResult s = sweep(steady(15, 2, SLOW, null), steady(80, 2, FAST, null));
        FindingVerdict v = judge("produced.recordsPerSec", new NeedsSpec(true, null, null, null, null, null, null, null), s, List.of());
        assertThat(v.outcome()).isEqualTo(FindingOutcome.NOT_MEASURED);
        assertThat(v.groups().get(0).shown()).contains("broker CPU throttling was not sampled at 80-2");
    }

    @Test
    void aDiskClaimOnDataThatFitsInThePageCacheIsNotTestable() {
        PointConditions fits = new PointConditions(null, Spread.of(List.of(0.19 * GIB, 0.19 * GIB, 0.19 * GIB)),
                (long) (23.4 * GIB), null, null, null, null, null);
        SweepResult s = sweep(steady(15, 2, SLOW, fits), steady(80, 2, FAST, fits));
        FindingVerdict v = judge("produced.recordsPerSec", new NeedsSpec(null, true, null, null, null, null, null, null), s, List.of());
        assertThat(v.outcome()).isEqualTo(FindingOutcome.NOT_TESTABLE);
        assertThat(v.groups().get(0).shown()).contains("wrote was 194.6 MiB per run").contains("within the 23.40 GiB");
        PointConditions exceeds = new PointConditions(null, Spread.of(List.of(30 * GIB, 30 * GIB, 30 * GIB)),
                (long) (23.4 * GIB), null, null, null, null, null);
        assertThat(judge("produced.recordsPerSec", new NeedsSpec(null, true, null, null, null, null, null, null),
                sweep(steady(15, 2, SLOW, fits), steady(80, 2, FAST, exceeds)), List.of()).outcome()).isEqualTo(FindingOutcome.HELD);
    }

    @Test
    void aGroupOutsideTheClaimsRangeIsNotTestableAndTheOthersAreJudged() {
        SweepResult s = sweep(steady(15, 2, SLOW, null), steady(80, 2, FAST, null), steady(15, 20, SLOW, null),
                steady(80, 20, FAST, null));
        FindingVerdict v = judge("produced.recordsPerSec", new NeedsSpec(null, null, null, Map.of(PRODUCERS, List.of(2.0, 15.0)), null, null, null, null),
                s, null);
        assertThat(v.groups()).extracting(FindingVerdict.Group::outcome).containsExactly(FindingOutcome.HELD,
                FindingOutcome.NOT_TESTABLE);
        assertThat(v.groups().get(1).shown()).isEqualTo("not testable here: count=20 lies outside the claim's range 2..15");
        assertThat(v.outcome()).as("the testable group decides").isEqualTo(FindingOutcome.HELD);
    }

    @Test
    void aLatencyClaimAtOpenLoadOrDominatedBySendDelayIsNotTestable() {
        SweepResult open = sweep(point(15, 2, SLOW, "actualSendTime", null, null), point(80, 2, FAST, "actualSendTime", null, null));
        FindingVerdict v = judge("e2e.p99", new NeedsSpec(null, null, 0.5, null, null, null, null, null), open, List.of());
        assertThat(v.outcome()).isEqualTo(FindingOutcome.NOT_TESTABLE);
        assertThat(v.groups().get(0).shown()).contains("ran at open load").contains("e2e p99 of 21.0 ms");
        SweepResult queued = sweep(point(15, 2, SLOW, "intendedSendTime", 18_000.0, null),
                point(80, 2, FAST, "intendedSendTime", 18_000.0, null));
        assertThat(judge("e2e.p99", new NeedsSpec(null, null, 0.5, null, null, null, null, null), queued, List.of()).groups().get(0).shown())
                .contains("send delay p99 (18.0 ms) is 86% of the e2e p99 (21.0 ms");
    }

    @Test
    void aDriftingRunIsNoLevelToCompare() {
        PointConditions drifting = new PointConditions(null, null, null, null, 2, 1, 0, null);
        PointConditions steady = new PointConditions(null, null, null, null, 3, 0, 0, null);
        NeedsSpec needs = new NeedsSpec(null, null, null, null, true, null, null, null);
        FindingVerdict v = judge("produced.recordsPerSec", needs, sweep(steady(15, 2, SLOW, steady),
                steady(80, 2, FAST, drifting)), List.of());
        assertThat(v.outcome()).isEqualTo(FindingOutcome.NOT_TESTABLE);
        assertThat(v.groups().get(0).shown()).isEqualTo("not testable here: at 80-2 1 of 3 runs drifted over their window "
                + "(result.json drift): a drifting run's average is no level to compare");
        assertThat(judge("produced.recordsPerSec", needs, sweep(steady(15, 2, SLOW, steady), steady(80, 2, FAST, steady)),
                List.of()).outcome()).isEqualTo(FindingOutcome.HELD);
    }

    @Test
    void needsAreCheckedBeforeAnyBrokerStarts() {
        SweepResult s = sweep(steady(15, 2, SLOW, null), steady(80, 2, FAST, null));
        assertThatThrownBy(() -> judge("produced.recordsPerSec", new NeedsSpec(null, null, null,
                Map.of("producers.rate", List.of(1.0, 2.0)), null, null, null, null), s, List.of()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("findings[0].needs.range.producers.rate");
        assertThatThrownBy(() -> judge("produced.recordsPerSec", new NeedsSpec(null, null, 1.5, null, null, null, null, null), s, List.of()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("findings[0].needs.queueShareBelow");
        assertThatThrownBy(() -> judge("produced.recordsPerSec", new NeedsSpec(false, null, null, null, null, null, null, null), s, List.of()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("findings[0].needs");
    }

    @Test
    void fewerBytesBuyThroughputOnlyWhereBytesAreTheLimit() {
        NeedsSpec needs = new NeedsSpec(null, null, null, null, null, true, null, null);
        PointConditions idleDisk = new PointConditions(null, null, (long) (24 * GIB), null, null, null, null,
                Spread.of(List.of(1.6, 2.3, 4.1)));
        PointConditions busyDisk = new PointConditions(null, null, (long) (24 * GIB), null, null, null, null,
                Spread.of(List.of(85.0, 91.0, 97.0)));
        FindingVerdict v = judge("produced.recordsPerSec", needs,
                sweep(steady(15, 2, SLOW, idleDisk), steady(80, 2, FAST, idleDisk)), List.of());
        assertThat(v.outcome()).isEqualTo(FindingOutcome.NOT_TESTABLE);
        assertThat(v.groups().get(0).shown()).contains("the brokers' disk was at most 2.3% busy", "median of 3 runs",
                "loopback");
        assertThat(judge("produced.recordsPerSec", needs, sweep(steady(15, 2, SLOW, busyDisk), steady(80, 2, FAST, idleDisk)),
                List.of()).outcome()).isEqualTo(FindingOutcome.HELD);
        PointConditions external = new PointConditions(null, null, null, null, 3, 0, 0, null);
        assertThat(judge("produced.recordsPerSec", needs, sweep(steady(15, 2, SLOW, external), steady(80, 2, FAST, external)),
                List.of()).outcome()).as("an external cluster's network may be the limit").isEqualTo(FindingOutcome.HELD);
        PointConditions unsampled = new PointConditions(null, null, (long) (24 * GIB), null, 3, 0, 0, null);
        assertThat(judge("produced.recordsPerSec", needs, sweep(steady(15, 2, SLOW, idleDisk), steady(80, 2, FAST, unsampled)),
                List.of()).outcome()).isEqualTo(FindingOutcome.NOT_MEASURED);
    }

    @Test
    void aFilesystemClaimNeedsABusyDiskWhereverTheBrokersRun() {
        NeedsSpec needs = new NeedsSpec(null, null, null, null, null, null, null, true);
        PointConditions idleDisk = new PointConditions(null, null, (long) (24 * GIB), null, null, null, null,
                Spread.of(List.of(1.2, 1.6, 1.8)));
        PointConditions busyDisk = new PointConditions(null, null, (long) (24 * GIB), null, null, null, null,
                Spread.of(List.of(85.0, 91.0, 97.0)));
        FindingVerdict v = judge("produced.recordsPerSec", needs,
                sweep(steady(15, 2, SLOW, idleDisk), steady(80, 2, FAST, idleDisk)), List.of());
        assertThat(v.outcome()).isEqualTo(FindingOutcome.NOT_TESTABLE);
        assertThat(v.groups().get(0).shown()).contains("the brokers' disk was at most 1.6% busy", "median of 3 runs",
                "work queued");
        assertThat(judge("produced.recordsPerSec", needs, sweep(steady(15, 2, SLOW, idleDisk), steady(80, 2, FAST, busyDisk)),
                List.of()).outcome()).isEqualTo(FindingOutcome.HELD);
        PointConditions externalUnread = new PointConditions(null, null, null, null, 3, 0, 0, null);
        assertThat(judge("produced.recordsPerSec", needs,
                sweep(steady(15, 2, SLOW, externalUnread), steady(80, 2, FAST, externalUnread)), List.of()).outcome())
                .as("an external cluster is no pass: its disk unread is not measured").isEqualTo(FindingOutcome.NOT_MEASURED);
    }

    @Test
    void aKneeWhereTheLoadGeneratorRanOutOfCpuIsNotTheClusters() {
        NeedsSpec needs = new NeedsSpec(null, null, null, null, null, null, true, null);
        PointConditions limited = new PointConditions(null, null, null, null, null, null, null, null, 1, 1);
        PointConditions free = new PointConditions(null, null, null, null, null, null, null, null, 0, 1);
        PointConditions oldResult = new PointConditions(null, null, null, null, null, null, null, null, 0, null);
        FindingVerdict v = judge("produced.recordsPerSec", needs,
                sweep(steady(15, 2, SLOW, free), steady(80, 2, FAST, limited)), List.of());
        assertThat(v.outcome()).isEqualTo(FindingOutcome.NOT_TESTABLE);
        assertThat(v.groups().get(0).shown()).contains("the load generator's own CPU was the limit in 1 and the busiest"
                + " resource in 1 of 3 runs");
        assertThat(judge("produced.recordsPerSec", needs, sweep(steady(15, 2, SLOW, free), steady(80, 2, FAST, oldResult)),
                List.of()).outcome()).isEqualTo(FindingOutcome.NOT_MEASURED);
        assertThat(judge("produced.recordsPerSec", needs, sweep(steady(15, 2, SLOW, free), steady(80, 2, FAST, free)),
                List.of()).outcome()).as("1 of 3 runs limited: the median stands").isEqualTo(FindingOutcome.HELD);
        PointConditions unrecorded = new PointConditions(null, null, null, null, 3, 0, 0, null);
        assertThat(judge("produced.recordsPerSec", needs, sweep(steady(15, 2, SLOW, free), steady(80, 2, FAST, unrecorded)),
                List.of()).outcome()).isEqualTo(FindingOutcome.NOT_MEASURED);
    }
}
