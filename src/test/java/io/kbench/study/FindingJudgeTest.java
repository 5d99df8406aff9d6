package io.kbench.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.kbench.error.InvalidInputException;
import io.kbench.result.Spread;
import io.kbench.result.run.RunStatus;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.RepetitionMode;
import io.kbench.result.sweep.SweepRepetitions;
import io.kbench.result.sweep.SweepResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FindingJudgeTest {
    private static final String CODEC = "producers.properties.compression.type";
    private static final String ACKS = "producers.properties.acks";

    /** A point with records/s over its repetitions given as min..max (median in between). */
    private static SweepResult.Point point(String codec, int acks, double min, double max) {
        Map<String, JsonNode> overrides = new LinkedHashMap<>();
        overrides.put(CODEC, TextNode.valueOf(codec));
        overrides.put(ACKS, IntNode.valueOf(acks));
        Spread s = new Spread((min + max) / 2, min, max, 3);
        SweepResult.TotalsSpread totals = new SweepResult.TotalsSpread(s, s, s, s, s, s);
        SweepResult.LatencySpread latency = new SweepResult.LatencySpread(s, s, s, s, s, s, s);
        SweepResult.Stats stats = new SweepResult.Stats(3, "intendedSendTime", totals, null, latency, null, null);
        return new SweepResult.Point(codec + "-" + acks, overrides, null, List.of(), 3, 0, stats, null, null, null, null);
    }

    private static SweepResult sweep(SweepResult.Point... points) {
        return new SweepResult(1, "sweep", "s", null, RunStatus.COMPLETED, null, null, null, null, 3, null, List.of(points),
                null, null, null, null);
    }

    private static Map<String, Set<String>> varied(SweepResult sweep) {
        Map<String, Set<String>> varied = new LinkedHashMap<>();
        sweep.points().forEach(p -> p.overrides().forEach((k, v) -> varied.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v.asText())));
        return varied;
    }

    private static FindingVerdict judge(FindingSpec spec, SweepResult sweep) {
        return FindingJudge.judge(Finding.of(spec, 0, varied(sweep)), sweep);
    }

    private static FindingSpec lowest(String codec) {
        return new FindingSpec(codec + " lowest", "produced.recordsPerSec", Map.of(CODEC, TextNode.valueOf(codec)), null, null,
                null, null, null, null, null, null, null, null, null);
    }

    private static FindingSpec ratio(List<Double> between, Double above) {
        return new FindingSpec("acks=-1 costs", "produced.recordsPerSec", null, null,
                new FindingSpec.Ratio(Map.of(ACKS, IntNode.valueOf(1)), Map.of(ACKS, IntNode.valueOf(-1))), between, above, null, null, null, null, null, null, null);
    }

    @Test
    void lowestHeldWhenTheRangesDoNotOverlapInEveryGroup() {
        SweepResult s = sweep(point("gzip", 1, 10, 12), point("lz4", 1, 20, 25), point("gzip", -1, 8, 9), point("lz4", -1, 15, 16));
        FindingVerdict v = judge(lowest("gzip"), s);
        assertThat(v.outcome()).isEqualTo(FindingOutcome.HELD);
        assertThat(v.groups()).hasSize(2).allMatch(g -> g.outcome() == FindingOutcome.HELD);
        assertThat(v.groups().get(0).at()).containsEntry(ACKS, IntNode.valueOf(1));
        assertThat(v.groups().get(0).low()).isEqualTo(10.0);
    }

    @Test
    void lowestContradictedWhenAnotherPointIsWhollyBelowInOneGroup() {
        SweepResult s = sweep(point("gzip", 1, 10, 12), point("lz4", 1, 20, 25), point("gzip", -1, 18, 19), point("lz4", -1, 15, 16));
        FindingVerdict v = judge(lowest("gzip"), s);
        assertThat(v.outcome()).isEqualTo(FindingOutcome.CONTRADICTED);
        assertThat(v.groups()).extracting(FindingVerdict.Group::outcome)
                .containsExactly(FindingOutcome.HELD, FindingOutcome.CONTRADICTED);
    }

    @Test
    void oneOtherPointWhollyBelowContradictsEvenWhenTheOthersTogetherOverlap() {
        // gzip 100..110; zstd 67..70 is decided below it, none 456..1179 above: their union 67..1179 overlaps gzip.
        SweepResult s = sweep(point("gzip", 1, 100, 110), point("zstd", 1, 67, 70), point("none", 1, 456, 1179));
        FindingSpec spec = new FindingSpec("gzip lowest", "produced.recordsPerSec", Map.of(CODEC, TextNode.valueOf("gzip")),
                null, null, null, null, null, List.of(), null, null, null, null, null);
        assertThat(judge(spec, s).outcome()).isEqualTo(FindingOutcome.CONTRADICTED);
    }

    @Test
    void lowestInconclusiveWhenTheRangesOverlap() {
        SweepResult s = sweep(point("gzip", 1, 10, 21), point("lz4", 1, 20, 25));
        assertThat(judge(lowest("gzip"), s).outcome()).isEqualTo(FindingOutcome.INCONCLUSIVE);
    }

    @Test
    void highestMirrorsLowest() {
        SweepResult s = sweep(point("gzip", 1, 10, 12), point("lz4", 1, 20, 25));
        FindingSpec highest = new FindingSpec("lz4 highest", "produced.recordsPerSec", null, Map.of(CODEC, TextNode.valueOf("lz4")),
                null, null, null, null, null, null, null, null, null, null);
        assertThat(judge(highest, s).outcome()).isEqualTo(FindingOutcome.HELD);
    }

    @Test
    void ratioJudgesTheEffectsIntervalAgainstTheBounds() {
        // acks=1 at 20, 22.5, 25 over acks=-1 at 5, 5.5, 6: 4.09x, its 95% interval about 3.2x..5.2x.
        SweepResult s = sweep(point("gzip", 1, 20, 25), point("gzip", -1, 5, 6));
        io.kbench.statistics.Effect e = FindingJudge.RULE.decide(new double[] {5, 5.5, 6}, new double[] {20, 22.5, 25});
        assertThat(e.low()).isBetween(3.0, 3.5);
        assertThat(e.high()).isBetween(4.8, 5.5);
        assertThat(judge(ratio(List.of(2.0, 7.0), null), s).outcome()).isEqualTo(FindingOutcome.HELD);
        assertThat(judge(ratio(List.of(4.0, 7.0), null), s).outcome()).isEqualTo(FindingOutcome.INCONCLUSIVE);
        assertThat(judge(ratio(List.of(6.0, 7.0), null), s).outcome()).isEqualTo(FindingOutcome.CONTRADICTED);
        assertThat(judge(ratio(null, 3.0), s).outcome()).isEqualTo(FindingOutcome.HELD);
        assertThat(judge(ratio(null, 4.5), s).outcome()).isEqualTo(FindingOutcome.INCONCLUSIVE);
        assertThat(judge(ratio(null, 6.0), s).outcome()).isEqualTo(FindingOutcome.CONTRADICTED);
        FindingVerdict.Group g = judge(ratio(List.of(2.0, 7.0), null), s).groups().get(0);
        assertThat(g.low()).isEqualTo(e.low());
        assertThat(g.high()).isEqualTo(e.high());
        assertThat(g.shown()).startsWith(String.format(java.util.Locale.ROOT, "acks=1 / acks=-1 = %.2fx [%.2fx, %.2fx] (95%%, 3 and 3 runs)",
                e.ratio(), e.low(), e.high()));
    }

    @Test
    void aClaimJudgedInFourGroupsIsContradictedOnlyAtTheConfidenceTheFourNeed() {
        // acks=1 above acks=-1 in three codecs; in gzip 10..12 against 13..15: 0.79x [0.65x, 0.95x] at 95%, wholly
        // below the claim, but four groups are four chances to contradict a true claim by chance: at 98.75%
        // (Bonferroni) the interval reaches past 1.
        List<SweepResult.Point> held = List.of(point("lz4", 1, 20, 25), point("lz4", -1, 5, 6), point("none", 1, 20, 25),
                point("none", -1, 5, 6), point("zstd", 1, 20, 25), point("zstd", -1, 5, 6));
        List<SweepResult.Point> points = new ArrayList<>(held);
        points.add(point("gzip", 1, 10, 12));
        points.add(point("gzip", -1, 13, 15));
        FindingVerdict v = judge(ratio(null, 1.0), sweep(points.toArray(SweepResult.Point[]::new)));
        assertThat(v.outcome()).isEqualTo(FindingOutcome.INCONCLUSIVE);
        FindingVerdict.Group gzip = v.groups().stream().filter(g -> g.at().get(CODEC).asText().equals("gzip")).findFirst()
                .orElseThrow();
        assertThat(gzip.outcome()).isEqualTo(FindingOutcome.INCONCLUSIVE);
        assertThat(gzip.shown()).contains("(95%, 3 and 3 runs)")
                .contains("outside the claim at 95% but not at the 98.8% that 4 comparisons judged together need");
        assertThat(v.rule()).contains("1 - (1 - c)/m interval (Bonferroni)");
        // Decided below at 98.75% too: contradicted, shown at the confidence that decided it.
        List<SweepResult.Point> far = new ArrayList<>(held);
        far.add(point("gzip", 1, 10, 12));
        far.add(point("gzip", -1, 17, 19));
        FindingVerdict contradicted = judge(ratio(null, 1.0), sweep(far.toArray(SweepResult.Point[]::new)));
        assertThat(contradicted.outcome()).isEqualTo(FindingOutcome.CONTRADICTED);
        assertThat(contradicted.groups()).filteredOn(g -> g.outcome() == FindingOutcome.CONTRADICTED).singleElement()
                .satisfies(g -> assertThat(g.shown()).contains("(98.8%, 3 and 3 runs)"));
        // One group alone is one comparison: 95% decides it.
        FindingVerdict alone = judge(ratio(null, 1.0), sweep(point("gzip", 1, 10, 12), point("gzip", -1, 13, 15)));
        assertThat(alone.outcome()).isEqualTo(FindingOutcome.CONTRADICTED);
    }

    @Test
    void aPooledClaimIsJudgedOnTheMeanOfItsGroupsLogRatiosWithEveryGroupShown() {
        List<SweepResult.Point> points = new ArrayList<>(List.of(point("lz4", 1, 20, 25), point("lz4", -1, 5, 6),
                point("none", 1, 20, 25), point("none", -1, 5, 6), point("zstd", 1, 20, 25), point("zstd", -1, 5, 6)));
        points.add(point("gzip", 1, 10, 12));
        points.add(point("gzip", -1, 13, 15));
        SweepResult s = sweep(points.toArray(SweepResult.Point[]::new));
        FindingSpec spec = new FindingSpec("acks=-1 costs throughput", "produced.recordsPerSec", null, null,
                new FindingSpec.Ratio(Map.of(ACKS, IntNode.valueOf(1)), Map.of(ACKS, IntNode.valueOf(-1))), null, 1.0,
                null, null, null, null, null, null, "pooled");
        FindingVerdict v = judge(spec, s);
        // Three groups at 4.09x and gzip at 0.79x: the geometric mean of the four ratios, 2.70x.
        assertThat(v.outcome()).isEqualTo(FindingOutcome.HELD);
        FindingVerdict.Group pooled = v.groups().get(0);
        assertThat(pooled.at()).isEmpty();
        assertThat(pooled.shown()).startsWith("pooled over 4 of 4 groups: acks=1 / acks=-1 = 2.70x [")
                .contains("(95%, 12 and 12 runs)");
        assertThat(v.groups()).hasSize(5);
        assertThat(v.rule()).startsWith("pooled: ");
        // Judged in each group instead, gzip's group keeps the claim from holding.
        FindingSpec each = new FindingSpec(spec.claim(), spec.metric(), null, null, spec.ratio(), null, 1.0, null, null,
                null, null, null, null, "each");
        assertThat(judge(each, s).outcome()).isEqualTo(FindingOutcome.INCONCLUSIVE);
        FindingSpec lowestPooled = new FindingSpec("gzip lowest", "produced.recordsPerSec",
                Map.of(CODEC, TextNode.valueOf("gzip")), null, null, null, null, null, null, null, null, null, null, "pooled");
        assertThatThrownBy(() -> Finding.of(lowestPooled, 0, varied(s))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("pooled");
        FindingSpec typo = new FindingSpec(spec.claim(), spec.metric(), null, null, spec.ratio(), null, 1.0, null, null,
                null, null, null, null, "pool");
        assertThatThrownBy(() -> Finding.of(typo, 2, varied(s))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("findings[2].combine").hasMessageContaining("pool");
    }

    @Test
    void aSameWithinClaimIsHeldOnEquivalenceAndContradictedBeyondTheMargin() {
        SweepResult same = sweep(point("gzip", 1, 100, 102), point("gzip", -1, 100.5, 101.5));
        assertThat(judge(within(0.10), same).outcome()).isEqualTo(FindingOutcome.HELD);
        assertThat(judge(within(0.10), same).groups().get(0).shown()).contains("equivalent within ±10.0%");
        SweepResult apart = sweep(point("gzip", 1, 150, 155), point("gzip", -1, 100, 104));
        assertThat(judge(within(0.10), apart).outcome()).isEqualTo(FindingOutcome.CONTRADICTED);
        SweepResult noisy = sweep(point("gzip", 1, 80, 130), point("gzip", -1, 90, 120));
        assertThat(judge(within(0.10), noisy).outcome()).isEqualTo(FindingOutcome.INCONCLUSIVE);
        assertThatThrownBy(() -> Finding.of(new FindingSpec("c", "produced.recordsPerSec", null, null,
                new FindingSpec.Ratio(Map.of(ACKS, IntNode.valueOf(1)), Map.of(ACKS, IntNode.valueOf(-1))), null, 2.0, null,
                null, null, null, 0.1, null, null), 0, varied(same))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("findings[0].within");
    }

    @Test
    void aDirectionClaimWithNoSizeIsContradictedWhenTheTwoAreTheSameWithinFivePercent() {
        // acks=1 100..102 against acks=-1 100.5..101.5: 1.00x, its 90% interval well inside ±5%.
        SweepResult same = sweep(point("gzip", 1, 100, 102), point("gzip", -1, 100.5, 101.5));
        FindingVerdict v = judge(ratio(null, 1.0), same);
        assertThat(v.outcome()).isEqualTo(FindingOutcome.CONTRADICTED);
        assertThat(v.groups().get(0).shown()).contains("the same: equivalent within ±5.0% (");
        assertThat(v.rule()).contains("equivalent within ±5%");
        // Decided in the claim's direction but within ±5% is the same too (103..104 over 100..101, about +3%), as
        // kbench compare calls it; a larger effect holds (110..112 over 100..101).
        assertThat(judge(ratio(null, 1.0), sweep(point("gzip", 1, 103, 104), point("gzip", -1, 100, 101))).outcome())
                .isEqualTo(FindingOutcome.CONTRADICTED);
        assertThat(judge(ratio(null, 1.0), sweep(point("gzip", 1, 110, 112), point("gzip", -1, 100, 101))).outcome())
                .isEqualTo(FindingOutcome.HELD);
        // Too noisy to bound the effect within ±5%: still open.
        SweepResult noisy = sweep(point("gzip", 1, 80, 130), point("gzip", -1, 90, 120));
        assertThat(judge(ratio(null, 1.0), noisy).outcome()).isEqualTo(FindingOutcome.INCONCLUSIVE);
        assertThat(judge(ratio(null, 1.0), noisy).groups().get(0).shown()).contains("could detect");
        // A claim with a size is judged on its bound only: above 2 on the same data is contradicted by its interval.
        assertThat(judge(ratio(null, 2.0), same).groups().get(0).shown()).doesNotContain("the same:");
        // Pooled over groups alike.
        FindingSpec pooled = new FindingSpec("acks=-1 costs throughput", "produced.recordsPerSec", null, null,
                new FindingSpec.Ratio(Map.of(ACKS, IntNode.valueOf(1)), Map.of(ACKS, IntNode.valueOf(-1))), null, 1.0,
                null, null, null, null, null, null, "pooled");
        SweepResult two = sweep(point("gzip", 1, 100, 102), point("gzip", -1, 100.5, 101.5), point("lz4", 1, 200, 204),
                point("lz4", -1, 201, 203));
        FindingVerdict p = judge(pooled, two);
        assertThat(p.outcome()).isEqualTo(FindingOutcome.CONTRADICTED);
        assertThat(p.groups().get(0).shown()).startsWith("pooled over 2 of 2 groups").contains("the same: equivalent");
    }

    private static FindingSpec within(double margin) {
        return new FindingSpec("acks makes no difference", "produced.recordsPerSec", null, null,
                new FindingSpec.Ratio(Map.of(ACKS, IntNode.valueOf(1)), Map.of(ACKS, IntNode.valueOf(-1))), null, null, null,
                null, null, null, margin, null, null);
    }

    @Test
    void aPointWithoutCompletedRepetitionsMakesItsGroupInconclusive() {
        SweepResult.Point failed = new SweepResult.Point("lz4-1", Map.of(CODEC, TextNode.valueOf("lz4"), ACKS, IntNode.valueOf(1)),
                null, List.of(), 0, 3, null, null, null, null, null);
        SweepResult s = sweep(point("gzip", 1, 10, 12), failed);
        FindingVerdict v = judge(lowest("gzip"), s);
        assertThat(v.outcome()).isEqualTo(FindingOutcome.INCONCLUSIVE);
        assertThat(v.groups().get(0).low()).isNull();
    }

    @Test
    void aPointThatDoesNotSetAPerPathIsGroupedUnderNull() {
        // A baseline point without the per path (TLS off has no tlsVersion) once failed the whole sweep with a NullPointerException.
        Map<String, JsonNode> baseline = new LinkedHashMap<>(Map.of(ACKS, IntNode.valueOf(1)));
        Spread spread = new Spread(30, 29, 31, 3);
        SweepResult.Stats stats = new SweepResult.Stats(3, "intendedSendTime",
                new SweepResult.TotalsSpread(spread, spread, spread, spread, spread, spread), null, null, null, null);
        SweepResult s = sweep(new SweepResult.Point("baseline", baseline, null, List.of(), 3, 0, stats, null, null, null, null),
                point("gzip", 1, 20, 25), point("gzip", -1, 5, 6));
        FindingVerdict v = judge(ratio(List.of(2.0, 7.0), null), s);
        assertThat(v.groups()).extracting(g -> g.at().get(CODEC).isNull()).containsExactly(true, false);
        assertThat(v.groups().get(0).shown()).isEqualTo("this group has no point to compare: it lacks acks=-1");
        assertThat(v.groups().get(1).outcome()).isEqualTo(FindingOutcome.HELD);
    }

    @Test
    void perEmptyJudgesAllPointsAsOneGroup() {
        SweepResult s = sweep(point("gzip", 1, 10, 12), point("lz4", 1, 20, 25), point("gzip", -1, 8, 9), point("lz4", -1, 15, 16));
        FindingSpec spec = new FindingSpec("gzip lowest overall", "produced.recordsPerSec", Map.of(CODEC, TextNode.valueOf("gzip")),
                null, null, null, null, null, List.of(), null, null, null, null, null);
        FindingVerdict v = judge(spec, s);
        assertThat(v.groups()).hasSize(1);
        assertThat(v.outcome()).isEqualTo(FindingOutcome.HELD);
    }

    @Test
    void badFindingsNameTheField() {
        SweepResult s = sweep(point("gzip", 1, 10, 12), point("lz4", 1, 20, 25), point("gzip", -1, 8, 9));
        Map<String, Set<String>> varied = varied(s);
        assertThatThrownBy(() -> Finding.of(new FindingSpec("c", "produced.speed", Map.of(CODEC, TextNode.valueOf("gzip")), null,
                null, null, null, null, null, null, null, null, null, null), 2, varied)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("findings[2].metric").hasMessageContaining("produced.speed");
        assertThatThrownBy(() -> Finding.of(lowestOf("producers.count", IntNode.valueOf(3)), 0, varied))
                .hasMessageContaining("findings[0].lowest.producers.count").hasMessageContaining("not varied");
        assertThatThrownBy(() -> Finding.of(lowestOf(CODEC, TextNode.valueOf("zstd")), 0, varied))
                .hasMessageContaining("findings[0].lowest." + CODEC).hasMessageContaining("zstd").hasMessageContaining("gzip, lz4");
        assertThatThrownBy(() -> Finding.of(ratio(List.of(7.0, 2.0), null), 0, varied)).hasMessageContaining("findings[0].between");
        assertThatThrownBy(() -> Finding.of(ratio(null, null), 0, varied)).hasMessageContaining("exactly one of between, above or below");
        assertThatThrownBy(() -> Finding.of(new FindingSpec("c", "e2e.p99", null, null, null, null, null, null, null, null, null, null, null, null), 0, varied))
                .hasMessageContaining("needs exactly one of lowest, highest or ratio");
    }

    @Test
    void theDefaultGroupingPathsDoNotDependOnTheOrderTheSweepListsThem() {
        Map<String, Set<String>> oneWay = new LinkedHashMap<>();
        oneWay.put("topic.replicationFactor", Set.of("3", "2"));
        oneWay.put(CODEC, Set.of("gzip", "lz4"));
        oneWay.put("producers.properties.batch.size", Set.of("1024", "65536"));
        Map<String, Set<String>> otherWay = new LinkedHashMap<>();
        otherWay.put("producers.properties.batch.size", Set.of("1024", "65536"));
        otherWay.put(CODEC, Set.of("gzip", "lz4"));
        otherWay.put("topic.replicationFactor", Set.of("3", "2"));
        FindingSpec spec = new FindingSpec("c", "produced.recordsPerSec", Map.of("topic.replicationFactor", IntNode.valueOf(3)),
                null, null, null, null, null, null, null, null, null, null, null);
        assertThat(Finding.of(spec, 0, oneWay).per()).isEqualTo(Finding.of(spec, 0, otherWay).per())
                .containsExactly("producers.properties.batch.size", CODEC);
    }

    private static FindingSpec lowestOf(String path, JsonNode value) {
        return new FindingSpec("c", "produced.recordsPerSec", Map.of(path, value), null, null, null, null, null, new ArrayList<>(), null, null, null, null, null);
    }

    private static FindingSpec eitherWay(double above) {
        return new FindingSpec("acks moves records/s by a multiple", "produced.recordsPerSec", null, null,
                new FindingSpec.Ratio(Map.of(ACKS, IntNode.valueOf(1)), Map.of(ACKS, IntNode.valueOf(-1))), null, above, null,
                null, "acks-multiple", true, null, null, null);
    }

    @Test
    void eitherWayHoldsInBothDirectionsAndIsContradictedOnlyInsideTheBand() {
        // of/to wholly above 2: held; wholly below 1/2 (the other direction): held too.
        assertThat(judge(eitherWay(2), sweep(point("lz4", 1, 50, 60), point("lz4", -1, 10, 12))).outcome()).isEqualTo(FindingOutcome.HELD);
        assertThat(judge(eitherWay(2), sweep(point("lz4", 1, 10, 12), point("lz4", -1, 50, 60))).outcome()).isEqualTo(FindingOutcome.HELD);
        // Wholly within [1/2, 2]: contradicted in both directions.
        assertThat(judge(eitherWay(2), sweep(point("lz4", 1, 10, 12), point("lz4", -1, 11, 13))).outcome())
                .isEqualTo(FindingOutcome.CONTRADICTED);
        // S3's own 0.32x..1.98x: reaches below 1/2 but not above 2, so neither: inconclusive.
        assertThat(judge(eitherWay(2), sweep(point("lz4", 1, 8, 19.8), point("lz4", -1, 10, 25))).outcome())
                .isEqualTo(FindingOutcome.INCONCLUSIVE);
    }

    @Test
    void eitherWayNeedsARatioAboveOne() {
        assertThatThrownBy(() -> judge(eitherWay(0.5), sweep(point("lz4", 1, 1, 2), point("lz4", -1, 1, 2))))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("findings.eitherWay");
    }

    @Test
    void aSweepThatRepeatedUntilDecidedIsJudgedAgainAtItsLastLooksConfidence() {
        SweepResult.Point[] points = {point("none", 1, 11.5, 12.5), point("none", -1, 9.5, 10.5)};
        FindingSpec spec = ratio(null, 1.0);
        assertThat(judge(spec, sweep(points)).outcome()).as("at a plain 95%").isEqualTo(FindingOutcome.HELD);
        SweepRepetitions auto = new SweepRepetitions(RepetitionMode.AUTO, 24, null, 3, List.of(), 0.9999, List.of(), List.of());
        SweepResult sequential = new SweepResult(1, "sweep", "s", null, RunStatus.COMPLETED, null, null, null, null, 3, null,
                List.of(points), null, null, null, null, auto);
        FindingVerdict v = judge(spec, sequential);
        assertThat(v.outcome()).as("the looks spent alpha: the final look's 99.99%").isEqualTo(FindingOutcome.INCONCLUSIVE);
        assertThat(v.groups().get(0).shown()).contains("99.99%");
    }
}
