package io.kbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.kbench.console.ComparisonTable;
import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Kpi;
import io.kbench.kpi.Metric;
import io.kbench.result.Spread;
import io.kbench.statistics.NoiseRule;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Compare maths and the noise rule, on committed result.json fixtures (src/test/resources/compare). */
class CompareTest {
    static final Path FIXTURES = Path.of("src/test/resources/compare");

    @Test
    void spreadIsMedianMinMax() {
        assertThat(Spread.of(List.of(3.0, 1.0, 2.0))).isEqualTo(new Spread(2.0, 1.0, 3.0, 3, List.of(3.0, 1.0, 2.0)));
        assertThat(Spread.of(List.of(4.0, 1.0, 2.0, 10.0))).isEqualTo(new Spread(3.0, 1.0, 10.0, 4, List.of(4.0, 1.0, 2.0, 10.0)));
        assertThat(Spread.single(7.0)).isEqualTo(new Spread(7.0, 7.0, 7.0, 1, List.of(7.0)));
        assertThat(new Spread(2.0, 1.0, 3.0, 3).repetitions()).as("three runs: the range is every value").hasValueSatisfying(
                v -> assertThat(v).containsExactly(1.0, 2.0, 3.0));
        assertThat(new Spread(3.0, 1.0, 10.0, 4).repetitions()).as("four runs kept as a range").isEmpty();
        assertThatThrownBy(() -> Spread.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aChangeIsSignificantOnlyByMannWhitneyAndTheMinimumEffect() {
        List<Double> a = List.of(10.0, 11.0, 12.0, 13.0);
        Comparison.Change up = Comparison.change(a, List.of(20.0, 21.0, 22.0, 23.0), false, NoiseRule.DEFAULT);
        assertThat(up.noise()).isEqualTo(Comparison.SIGNIFICANT);
        assertThat(up.pValue()).as("exact: 2 of the 70 orderings are this extreme").isCloseTo(2.0 / 70, within(1e-12));
        assertThat(up.runs()).isEqualTo("4 vs 4");
        assertThat(up.percentText()).isEqualTo("+87.0%");
        assertThat(up.noiseText()).isEqualTo("significant, p 0.029 (4 vs 4 runs)");
        assertThat(Comparison.change(a, List.of(10.5, 11.5, 12.5, 13.5), false, NoiseRule.DEFAULT).noise())
                .as("interleaved values").isEqualTo(Comparison.WITHIN_NOISE);
        assertThat(Comparison.change(a, List.of(13.1, 13.2, 13.3, 13.4), false, new NoiseRule(0.05, 0.2)).noise())
                .as("significant but under the minimum effect").isEqualTo(Comparison.WITHIN_NOISE);
    }

    @Test
    void aDifferenceWithoutRepetitionsOrOverAShortWindowIsNeverABarePercentage() {
        Comparison.Change once = Comparison.change(List.of(100.0), List.of(135.5), false, NoiseRule.DEFAULT);
        assertThat(once.noise()).isEqualTo(Comparison.NO_REPETITIONS);
        assertThat(once.pValue()).isNull();
        assertThat(once.judged()).isFalse();
        assertThat(once.percentText()).isEqualTo("+35.5% (not judged: no repetitions)");
        assertThat(once.noiseText()).isEqualTo("(1 vs 1 runs)");
        Comparison.Change twoEach = Comparison.change(List.of(10.0, 11.0), List.of(20.0, 21.0), false, NoiseRule.DEFAULT);
        assertThat(twoEach.noise()).as("2 vs 2 runs cannot reach p 0.05").isEqualTo(Comparison.TOO_FEW_RUNS);
        assertThat(twoEach.percentText()).endsWith("(not judged: too few runs)");
        assertThat(Comparison.change(List.of(10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0), List.of(50.0),
                false, NoiseRule.DEFAULT).noise()).as("one run against ten: p is at best 2/11").isEqualTo(Comparison.TOO_FEW_RUNS);
        Comparison.Change shortWindow = Comparison.change(List.of(10.0, 11.0, 12.0, 13.0), List.of(20.0, 21.0, 22.0, 23.0),
                true, NoiseRule.DEFAULT);
        assertThat(shortWindow.noise()).isEqualTo(Comparison.SHORT_WINDOW);
        assertThat(shortWindow.percentText()).isEqualTo("+87.0% (not judged: short window)");
        assertThat(Comparison.change(List.of(), List.of(1.0), false, NoiseRule.DEFAULT).noise())
                .isEqualTo(Comparison.NOT_MEASURED);
    }

    @Test
    void pointDirectoriesUseCompletedRepetitionsOnly() {
        RunSet a = RunSet.load(FIXTURES.resolve("a"));
        assertThat(a.runs()).as("the failed rep-3 is left out").hasSize(2);
        assertThat(a.label()).isEqualTo("a");
        Kpi rate = kpi("produced.recordsPerSec");
        assertThat(a.spread(rate)).hasValueSatisfying(s -> assertThat(s.repetitions()).hasValueSatisfying(
                v -> assertThat(v).containsExactlyInAnyOrder(10000.0, 12000.0)));
        assertThat(a.spread(kpi("publish.p99")).orElseThrow().median()).as("latency in ms").isEqualTo(9.0);
    }

    @Test
    void ratiosPercentagesAndNoiseAgainstTheFirst() {
        Comparison c = Comparison.of(List.of(RunSet.load(FIXTURES.resolve("a")), RunSet.load(FIXTURES.resolve("b")),
                RunSet.load(FIXTURES.resolve("c")), RunSet.load(FIXTURES.resolve("single/result.json"))));
        Comparison.Row rate = row(c, "produced.recordsPerSec");
        assertThat(rate.changes()).hasSize(3);
        assertThat(rate.changes().get(0).ratio()).isCloseTo(21000.0 / 11000.0, within(1e-9));
        assertThat(rate.changes().get(0).percentChange()).isCloseTo((21000.0 / 11000.0 - 1) * 100, within(1e-9));
        assertThat(rate.changes().get(0).noise()).as("2 vs 2 runs").isEqualTo(Comparison.TOO_FEW_RUNS);
        assertThat(rate.changes().get(1).ratio()).isCloseTo(12000.0 / 11000.0, within(1e-9));
        assertThat(rate.changes().get(1).noise()).isEqualTo(Comparison.TOO_FEW_RUNS);
        assertThat(rate.changes().get(2).noise()).as("2 vs 1 runs").isEqualTo(Comparison.TOO_FEW_RUNS);
        Comparison.Row p99 = row(c, "publish.p99");
        assertThat(p99.changes().get(0).ratio()).isCloseTo(5.0 / 9.0, within(1e-9));
        assertThat(p99.changes().get(0).percentChange()).isCloseTo(-44.444, within(1e-3));
        assertThat(c.rows()).hasSize(Kpi.ALL.size());
    }

    @Test
    void tableAndJsonCarryEverySide() {
        Comparison c = Comparison.of(List.of(RunSet.load(FIXTURES.resolve("a")), RunSet.load(FIXTURES.resolve("b"))));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ComparisonTable.print(c, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String table = bytes.toString(StandardCharsets.UTF_8);
        assertThat(table).contains("produced records/s").contains("end-to-end p99.9 ms").contains("11000 [10000..12000]")
                .contains("+90.9% (not judged: too few runs)").contains("(2 vs 2 runs: p >= 0.333)").doesNotContain("significant,");
        ComparisonDocument json = ComparisonDocument.of(List.of(new NamedComparison(null, c)));
        assertThat(json.kind()).isEqualTo("compare");
        assertThat(json.sides()).extracting(ComparisonDocument.Side::id).containsExactly("A", "B");
        assertThat(json.rows()).hasSize(Kpi.ALL.size());
        assertThat(json.points()).isNull();
    }

    @Test
    void unreadableSidesAreInputErrors() {
        assertThatThrownBy(() -> RunSet.load(FIXTURES.resolve("nowhere"))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("nowhere");
        assertThatThrownBy(() -> RunSet.load(FIXTURES)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("rep-*/result.json");
    }

    private static Kpi kpi(String metric) {
        return Kpi.ALL.stream().filter(k -> k.metric().equals(Metric.parse(metric))).findFirst().orElseThrow();
    }

    private static Comparison.Row row(Comparison c, String metric) {
        return c.rows().stream().filter(r -> r.kpi().metric().equals(Metric.parse(metric))).findFirst().orElseThrow();
    }
}
