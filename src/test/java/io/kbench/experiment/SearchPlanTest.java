package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.SearchMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The stopping rule of --searches, and the searches it runs against fake clusters whose limit is known per search. */
class SearchPlanTest {
    private static final RateSearch SEARCH = new RateSearch(1000, 0.05, 20, 3);

    @Test
    void aFixedCountRunsExactlyThatMany() {
        SearchPlan three = SearchPlan.fixed(3);
        assertThat(three.stop(2, List.of(5000.0, 5000.0))).isEmpty();
        assertThat(three.stop(3, List.of(5000.0, 5000.0, 5000.0))).contains("3 searches as asked (--searches 3)");
        assertThat(SearchPlan.ONE.stop(1, List.of(5000.0))).contains("1 search as asked (--searches 1)");
    }

    @Test
    void autoRunsThreeAtLeastEvenWhenTwoAgreeExactly() {
        SearchPlan auto = SearchPlan.auto(5, 0.10);
        // Two identical answers give an interval of no width; a rate on the bisection grid often repeats.
        assertThat(auto.stop(2, List.of(5750.0, 5750.0))).isEmpty();
        assertThat(auto.stop(3, List.of(5750.0, 5750.0, 5750.0))).get().asString()
                .startsWith("the 95% interval lies within ±0% after 3 searches");
    }

    @Test
    void autoStopsOnceTheIntervalIsWithinTheTarget() {
        SearchPlan auto = SearchPlan.auto(6, 0.10);
        // 4,738 and 5,750 (the two S4 searches) and 5,120: t(0.975, 2) = 4.3 leaves the interval at about ±25%.
        assertThat(auto.stop(3, List.of(4738.0, 5750.0, 5120.0))).isEmpty();
        // Two more close to the middle: 5 answers within about ±9%.
        assertThat(auto.stop(5, List.of(4738.0, 5750.0, 5120.0, 5200.0, 5100.0))).get().asString()
                .startsWith("the 95% interval lies within ±").endsWith("after 5 searches (--answer-precision 10%)");
    }

    @Test
    void autoStopsWhenTheBudgetIsSpentAndSaysHowWideItGot() {
        SearchPlan auto = SearchPlan.auto(3, 0.05);
        assertThat(auto.stop(3, List.of(4738.0, 5750.0, 5120.0))).get().asString()
                .startsWith("budget of 3 searches spent (--budget): the interval is ±").endsWith(", not within ±5%");
        // Searches without a rate count against the budget but give no answer.
        assertThat(auto.stop(3, List.of(5000.0))).contains(
                "budget of 3 searches spent (--budget): fewer than 2 searches found a rate, so no interval, not within ±5%");
        assertThat(SearchPlan.auto(4, 0.5).stop(3, List.of(5000.0, 5000.0))).isEmpty();
    }

    @Test
    void flagsAreCheckedByName() {
        assertThat(SearchPlan.parse("auto", 5, 0.1)).isEqualTo(SearchPlan.auto(5, 0.1));
        assertThat(SearchPlan.parse(" 3 ", 5, 0.1).mode()).isEqualTo(SearchMode.FIXED);
        assertThatThrownBy(() -> SearchPlan.parse("many", 5, 0.1)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--searches").hasMessageContaining("'many'");
        assertThatThrownBy(() -> SearchPlan.parse("0", 5, 0.1)).hasMessageContaining("--searches");
        assertThatThrownBy(() -> SearchPlan.parse("auto", 2, 0.1)).hasMessageContaining("--budget").hasMessageContaining("3");
        assertThatThrownBy(() -> SearchPlan.parse("auto", 5, 0)).hasMessageContaining("--answer-precision");
    }

    @Test
    void searchesRunIndependentlyAndTheirProbesSayWhichSearch() {
        // The limit moves per search: 12,000, then 14,000, then 12,000 records/s.
        double[] limits = {12_000, 14_000, 12_000};
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SearchSeries series = SearchSeries.run(SearchPlan.fixed(3), SEARCH, n -> rate -> rate <= limits[n - 1]
                ? ProbeOutcome.pass(rate) : ProbeOutcome.fail(rate, "too fast"), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(series.searches()).hasSize(3);
        assertThat(series.searches()).extracting(SearchResult::maxRecordsPerSec).containsExactly(12_000.0, 14_000.0, 12_000.0);
        assertThat(series.searches().get(1).probes()).allSatisfy(p -> assertThat(p.search()).isEqualTo(2));
        // Each search starts again from the start rate.
        assertThat(series.searches()).allSatisfy(s -> assertThat(s.probes().get(0).rateRecordsPerSec()).isEqualTo(1000));
        assertThat(series.medianSearch()).isIn(0, 2);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("find-max: search 2 of 3").contains("find-max: search 2: 14,000 records/s (FOUND, confirmed)")
                .contains("find-max: no further search: 3 searches as asked (--searches 3)");
    }

    @Test
    void oneSearchPrintsNothingMoreThanItAlwaysDid() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SearchSeries series = SearchSeries.run(SearchPlan.ONE, SEARCH, n -> rate -> rate <= 12_000
                ? ProbeOutcome.pass(rate) : ProbeOutcome.fail(rate, "too fast"), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(series.searches()).hasSize(1);
        assertThat(bytes.size()).isZero();
    }

    @Test
    void autoStopsEarlyOnAStableClusterAndRunsItsBudgetOnANoisyOne() {
        SearchSeries stable = SearchSeries.run(SearchPlan.auto(5, 0.10), SEARCH, n -> rate -> rate <= 12_000
                ? ProbeOutcome.pass(rate) : ProbeOutcome.fail(rate, "too fast"), new PrintStream(new ByteArrayOutputStream()));
        assertThat(stable.searches()).hasSize(3);
        double[] limits = {8_000, 16_000, 9_000, 15_000, 8_500};
        SearchSeries noisy = SearchSeries.run(SearchPlan.auto(5, 0.10), SEARCH, n -> rate -> rate <= limits[n - 1]
                ? ProbeOutcome.pass(rate) : ProbeOutcome.fail(rate, "too fast"), new PrintStream(new ByteArrayOutputStream()));
        assertThat(noisy.searches()).hasSize(5);
        assertThat(noisy.stopped()).startsWith("budget of 5 searches spent");
    }

    @Test
    void theMedianIsTheAnswerOverSeveralAndSearchesWithoutARateAreLeftOut() {
        SearchResult a = new SearchResult(FindMaxOutcome.FOUND, 5_000.0, 5_250.0, List.of(ProbeOutcome.pass(5000)), "confirmed");
        SearchResult b = new SearchResult(FindMaxOutcome.FOUND, 6_000.0, 6_200.0, List.of(ProbeOutcome.pass(6000)), "confirmed");
        SearchResult none = new SearchResult(FindMaxOutcome.UNCONFIRMED, null, 4_000.0, List.of(ProbeOutcome.fail(4000, "x")), "no");
        assertThat(FindMaxFigures.answers(List.of(a, none, b))).containsExactly(5_000.0, 6_000.0);
        assertThat(FindMaxFigures.median(List.of(6_000.0, 5_000.0, 5_500.0))).isEqualTo(5_500.0);
        assertThat(FindMaxFigures.median(List.of(6_000.0, 5_000.0))).isEqualTo(5_500.0);
        assertThat(FindMaxFigures.median(List.of())).isNull();
        assertThat(new SearchSeries(List.of(b, none, a), "x").medianSearch()).isEqualTo(2);
        assertThat(new SearchSeries(List.of(none), "x").medianSearch()).isNull();
    }
}
