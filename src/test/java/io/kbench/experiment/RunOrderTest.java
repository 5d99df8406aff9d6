package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.sweep.PointSummary;
import io.kbench.result.sweep.SweepOrder;
import io.kbench.result.sweep.SweepResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunOrderTest {
    private static List<String> names(List<RunOrder.Slot> slots) {
        return slots.stream().map(s -> s.point() + "." + s.repetition()).toList();
    }

    @Test
    void interleavedRunsEveryPointOnceBeforeAnyPointTwiceAlternatingDirection() {
        assertThat(names(RunOrder.of(3, 2, SweepOrder.INTERLEAVED, 0))).containsExactly("0.1", "1.1", "2.1", "2.2", "1.2", "0.2");
        // Two points: A B B A A B, the ABBA order
        assertThat(names(RunOrder.of(2, 3, SweepOrder.INTERLEAVED, 0))).containsExactly("0.1", "1.1", "1.2", "0.2", "0.3", "1.3");
    }

    @Test
    void roundsOneByOneGiveTheWholeOrder() {
        java.util.Random random = new java.util.Random(42);
        List<RunOrder.Slot> rounds = new java.util.ArrayList<>();
        for (int rep = 1; rep <= 3; rep++) {
            rounds.addAll(RunOrder.round(6, rep, SweepOrder.RANDOM, random));
        }
        assertThat(rounds).isEqualTo(RunOrder.of(6, 3, SweepOrder.RANDOM, 42));
    }

    @Test
    void sequentialRunsAPointsRepetitionsTogether() {
        assertThat(names(RunOrder.of(2, 3, SweepOrder.SEQUENTIAL, 0))).containsExactly("0.1", "0.2", "0.3", "1.1", "1.2", "1.3");
    }

    @Test
    void randomShufflesEachRoundReproduciblyFromTheSeed() {
        List<String> a = names(RunOrder.of(6, 3, SweepOrder.RANDOM, 42));
        assertThat(a).isEqualTo(names(RunOrder.of(6, 3, SweepOrder.RANDOM, 42)));
        assertThat(a).isNotEqualTo(names(RunOrder.of(6, 3, SweepOrder.INTERLEAVED, 42)));
        for (int round = 0; round < 3; round++) {
            int rep = round + 1;
            assertThat(a.subList(round * 6, round * 6 + 6)).allMatch(n -> n.endsWith("." + rep)).doesNotHaveDuplicates();
        }
    }

    @Test
    void variationIsTheSampleCoefficientOfVariationAndFlagsNoisyPoints() {
        assertThat(PointSummary.cv(List.of(90.0, 100.0, 110.0))).isCloseTo(10.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(PointSummary.cv(List.of(5.0))).isNull();
        SweepResult.Variation calm = PointSummary.variation(List.of(run(1000, 2000), run(1010, 2010)));
        assertThat(calm.noisy()).isFalse();
        assertThat(calm.producedRecordsPerSecCvPercent()).isCloseTo(0.70, org.assertj.core.data.Offset.offset(0.01));
        assertThat(PointSummary.variation(List.of(run(1000, 2000), run(1000, 4000))).noisy()).isTrue();
        assertThat(PointSummary.variation(List.of(run(1000, 2000)))).isNull();
    }

    private static Summary run(double recordsPerSec, long p99Micros) {
        Totals t = new Totals(1000, 100_000, recordsPerSec, recordsPerSec / 10_000, 1.0, 0, null, 0, null, null);
        LatencyStats l = new LatencyStats(1000, 100, 200, p99Micros, p99Micros, p99Micros, 150);
        return new Summary("intendedSendTime", t, null, l, null, null, null);
    }
}
