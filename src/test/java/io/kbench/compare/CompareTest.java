package io.kbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.kbench.console.ComparisonTable;
import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Kpi;
import io.kbench.kpi.Metric;
import io.kbench.result.Spread;
import io.kbench.statistics.Effect;
import io.kbench.statistics.EffectRule;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Compare maths and the effect of each side, on committed result.json fixtures (src/test/resources/compare). */
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
    void eachChangeIsTheEffectRulesDecisionInItsOwnWords() {
        List<Double> a = List.of(20_010.0, 19_980.0, 20_040.0, 19_950.0);
        Comparison.Change lower = Comparison.change(a, List.of(10_020.0, 9_980.0, 10_050.0, 9_940.0), false,
                EffectRule.DEFAULT);
        assertThat(lower.decision()).isEqualTo("lower");
        assertThat(lower.effect().outcome()).isEqualTo(Effect.Outcome.LOWER);
        assertThat(lower.effect().ratio()).isCloseTo(0.5, within(0.01));
        assertThat(lower.effect().high()).as("the interval excludes no change").isLessThan(1);
        assertThat(lower.runs()).isEqualTo("4 vs 4");
        assertThat(lower.text()).isEqualTo(lower.effect().text()).startsWith("lower by 50.0% [-5");

        Comparison.Change same = Comparison.change(a, List.of(19_990.0, 20_030.0, 20_000.0, 19_970.0), false,
                EffectRule.DEFAULT);
        assertThat(same.decision()).isEqualTo("equivalent");
        assertThat(same.text()).startsWith("equivalent within ±5.0% (");

        Comparison.Change noisy = Comparison.change(List.of(100.0, 140.0, 90.0, 130.0), List.of(120.0, 95.0, 150.0, 105.0),
                false, EffectRule.DEFAULT);
        assertThat(noisy.decision()).isEqualTo("undecided");
        assertThat(noisy.text()).startsWith("undecided: ").contains("these repetitions could detect ");
        assertThat(Comparison.change(a, List.of(20_410.0, 20_380.0, 20_440.0, 20_350.0), false,
                new EffectRule(0.95, 0)).decision()).as("2% up with no margin to be equivalent in").isEqualTo("higher");
    }

    @Test
    void oneRunOrAShortWindowNeverStandsAsABarePercentage() {
        Comparison.Change once = Comparison.change(List.of(100.0), List.of(135.5), false, EffectRule.DEFAULT);
        assertThat(once.judged()).isTrue();
        assertThat(once.decision()).isEqualTo("undecided");
        assertThat(once.effect().hasInterval()).isFalse();
        assertThat(once.text()).isEqualTo("+35.5%, undecided: 1 and 1 repetitions, no spread to judge by (2 per side at least)");
        Comparison.Change twoEach = Comparison.change(List.of(10.0, 11.0), List.of(20.0, 21.0), false, EffectRule.DEFAULT);
        assertThat(twoEach.decision()).as("2 vs 2 runs decide a doubling (Mann-Whitney could not)").isEqualTo("higher");
        Comparison.Change shortWindow = Comparison.change(List.of(10.0, 11.0, 12.0, 13.0), List.of(20.0, 21.0, 22.0, 23.0),
                true, EffectRule.DEFAULT);
        assertThat(shortWindow.standing()).isEqualTo(Comparison.Standing.SHORT_WINDOW);
        assertThat(shortWindow.judged()).isFalse();
        assertThat(shortWindow.decision()).isEqualTo("not judged");
        assertThat(shortWindow.text()).isEqualTo("+87.6% (not judged: window under 5 s)");
        Comparison.Change missing = Comparison.change(List.of(), List.of(1.0), false, EffectRule.DEFAULT);
        assertThat(missing.decision()).isEqualTo("not measured");
        assertThat(missing.text()).isEqualTo("-");
        assertThat(Comparison.change(List.of(0.0, 0.0), List.of(1.0, 2.0), false, EffectRule.DEFAULT).text())
                .isEqualTo("not judged: a value is 0");
    }

    @Test
    void theRuleSentenceNamesTheConfidenceTheMarginAndTheMethods() {
        assertThat(Comparison.ruleText(EffectRule.DEFAULT)).isEqualTo("effect: each side against A as the ratio of"
                + " geometric means over the repetitions with a 95% Welch interval on the logarithms; 'equivalent within"
                + " ±5%' when the 90% interval lies inside the margin (two one-sided tests, Schuirmann 1987),"
                + " 'higher'/'lower' when the interval lies wholly above or below no change, else 'undecided' with the"
                + " smallest effect the repetitions could detect (80% power); one run on a side has no spread to judge"
                + " by, and a window under 5 s is not judged");
        assertThat(Comparison.ruleText(new EffectRule(0.99, 0))).contains("99% Welch interval").doesNotContain("equivalent");
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
    void aSideWhoseRunsDriftedIsNotJudgedAndSaysSo() {
        RunSet a = RunSet.load(FIXTURES.resolve("a"));
        RunSet b = RunSet.load(FIXTURES.resolve("b"));
        assertThat(a.driftingRuns()).as("the fixtures predate drift").isZero();
        RunSet drifted = new RunSet(b.label(), b.source(), b.runs(), b.telemetry(), b.conditions(), 1);
        Comparison c = Comparison.of(List.of(a, drifted));
        Comparison.Change change = row(c, "produced.recordsPerSec").changes().get(0);
        assertThat(change.standing()).isEqualTo(Comparison.Standing.DRIFTING);
        assertThat(change.judged()).isFalse();
        assertThat(change.text()).endsWith("(not judged: a side drifted over its window)");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ComparisonTable.print(c, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("drifting: 1 of 2 run(s) drifted over its window");
    }

    @Test
    void effectsAgainstTheFirst() {
        Comparison c = Comparison.of(List.of(RunSet.load(FIXTURES.resolve("a")), RunSet.load(FIXTURES.resolve("b")),
                RunSet.load(FIXTURES.resolve("c")), RunSet.load(FIXTURES.resolve("single/result.json"))));
        Comparison.Row rate = row(c, "produced.recordsPerSec");
        assertThat(rate.changes()).hasSize(3);
        // The ratio of geometric means: sqrt(20000 x 22000) / sqrt(10000 x 12000).
        assertThat(rate.changes().get(0).effect().ratio()).isCloseTo(Math.sqrt(20000.0 * 22000) / Math.sqrt(10000.0 * 12000),
                within(1e-9));
        assertThat(rate.changes().get(0).standing()).as("the fixtures' windows are under 5 s")
                .isEqualTo(Comparison.Standing.SHORT_WINDOW);
        assertThat(rate.changes().get(2).effect().runsB()).as("2 vs 1 runs").isEqualTo(1);
        assertThat(rate.changes().get(2).effect().hasInterval()).isFalse();
        Comparison.Row p99 = row(c, "publish.p99");
        assertThat(p99.changes().get(0).effect().ratio()).isCloseTo(Math.sqrt(4.0 * 6) / Math.sqrt(8.0 * 10), within(1e-9));
        assertThat(c.rows()).hasSize(Kpi.ALL.size());
    }

    @Test
    void tableAndJsonCarryEverySide() {
        Comparison c = Comparison.of(List.of(RunSet.load(FIXTURES.resolve("a")), RunSet.load(FIXTURES.resolve("b"))));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ComparisonTable.print(c, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String table = bytes.toString(StandardCharsets.UTF_8);
        assertThat(table).contains("produced records/s").contains("end-to-end p99.9 ms").contains("11000 [10000..12000]")
                .contains("+91.5% (not judged: window under 5 s)").contains("effect: each side against A");
        ComparisonDocument json = ComparisonDocument.of(List.of(new NamedComparison(null, c)));
        assertThat(json.kind()).isEqualTo("compare");
        assertThat(json.sides()).extracting(ComparisonDocument.Side::id).containsExactly("A", "B");
        assertThat(json.rows()).hasSize(Kpi.ALL.size());
        assertThat(json.points()).isNull();
        assertThat(json.schemaVersion()).isEqualTo(2);
        ComparisonDocument.ChangeJson rate = json.rows().get(0).changes().get(0);
        assertThat(rate.decision()).isEqualTo("not judged");
        assertThat(rate.effect().outcome()).as("decided, though not to be read over a short window").isEqualTo("higher");
        assertThat(rate.effect().low()).isGreaterThan(1);
        assertThat(rate.effect().confidence()).isEqualTo(0.95);
        assertThat(rate.effect().margin()).isEqualTo(0.05);
        assertThat(rate.effect().detectable()).as("only an undecided effect has one").isNull();
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
