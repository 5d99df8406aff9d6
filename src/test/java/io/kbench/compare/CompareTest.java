package io.kbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.kbench.error.InvalidInputException;
import io.kbench.result.Spread;
import io.kbench.verdict.Kpi;
import io.kbench.verdict.Metric;
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
        assertThat(Spread.of(List.of(3.0, 1.0, 2.0))).isEqualTo(new Spread(2.0, 1.0, 3.0, 3));
        assertThat(Spread.of(List.of(4.0, 1.0, 2.0, 10.0))).isEqualTo(new Spread(3.0, 1.0, 10.0, 4));
        assertThat(Spread.single(7.0)).isEqualTo(new Spread(7.0, 7.0, 7.0, 1));
        assertThatThrownBy(() -> Spread.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void noiseRuleNeedsTwoRunsEachAndDisjointRanges() {
        Spread a = Spread.of(List.of(10.0, 12.0));
        assertThat(Comparison.noise(a, Spread.of(List.of(20.0, 22.0)))).isEqualTo(Comparison.SIGNIFICANT);
        assertThat(Comparison.noise(a, Spread.of(List.of(11.0, 13.0)))).isEqualTo(Comparison.WITHIN_NOISE);
        assertThat(Comparison.noise(a, Spread.of(List.of(12.0, 14.0)))).as("touching ranges").isEqualTo(Comparison.WITHIN_NOISE);
        assertThat(Comparison.noise(a, Spread.single(50.0))).isEqualTo(Comparison.NO_REPETITIONS);
        assertThat(Comparison.noise(Spread.single(1.0), Spread.single(50.0))).isEqualTo(Comparison.NO_REPETITIONS);
    }

    @Test
    void pointDirectoriesUseCompletedRepetitionsOnly() {
        RunSet a = RunSet.load(FIXTURES.resolve("a"));
        assertThat(a.runs()).as("the failed rep-3 is left out").hasSize(2);
        assertThat(a.label()).isEqualTo("a");
        Kpi rate = kpi("produced.recordsPerSec");
        assertThat(a.spread(rate)).contains(new Spread(11000.0, 10000.0, 12000.0, 2));
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
        assertThat(rate.changes().get(0).noise()).isEqualTo(Comparison.SIGNIFICANT);
        assertThat(rate.changes().get(1).ratio()).isCloseTo(12000.0 / 11000.0, within(1e-9));
        assertThat(rate.changes().get(1).noise()).isEqualTo(Comparison.WITHIN_NOISE);
        assertThat(rate.changes().get(2).noise()).isEqualTo(Comparison.NO_REPETITIONS);
        Comparison.Row p99 = row(c, "publish.p99");
        assertThat(p99.changes().get(0).ratio()).isCloseTo(5.0 / 9.0, within(1e-9));
        assertThat(p99.changes().get(0).percentChange()).isCloseTo(-44.444, within(1e-3));
        assertThat(c.rows()).hasSize(Kpi.ALL.size());
    }

    @Test
    void tableAndJsonCarryEverySide() {
        Comparison c = Comparison.of(List.of(RunSet.load(FIXTURES.resolve("a")), RunSet.load(FIXTURES.resolve("b"))));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ComparisonReport.print(c, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String table = bytes.toString(StandardCharsets.UTF_8);
        assertThat(table).contains("produced records/s").contains("end-to-end p99.9 ms").contains("11000 [10000..12000]")
                .contains("+90.9%").contains("significant");
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
