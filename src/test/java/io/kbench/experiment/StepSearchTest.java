package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.ProbePhase;
import io.kbench.result.findmax.SearchMethod;
import io.kbench.result.io.ResultReader;
import io.kbench.spec.SpecLoader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The step ladder (--step) fed the probe outcomes the S4 searches measured on 2026-11-28 (3 CPU-limited brokers on the
 * 2-core machine; copies of the kept results of that day, src/test/resources/find-max, since the study pages' kept
 * data moves on when re-measured): each rate the ladder asks for is answered by the kept probe at that rate,
 * so the ladder's decisions are checked on real passes and failures; a rate that was never measured fails the test.
 */
class StepSearchTest {
    private static final Path DATA = Path.of("src/test/resources/find-max");

    /** The kept probes of one S4 search, answering by rate (the first probe at that rate); a record of every call. */
    private static RateProbe kept(String name, List<Double> calls) {
        List<ProbeOutcome> probes = ResultReader.read(DATA.resolve(name + "-2026-11-28.json"), FindMaxResult.class).probes();
        return rate -> {
            calls.add(rate);
            return probes.stream().filter(p -> p.rateRecordsPerSec() == rate).findFirst()
                    .orElseThrow(() -> new AssertionError(name + " has no probe at " + rate + " records/s"));
        };
    }

    @Test
    void climbsUntilTheFirstFailureAndAnswersTheLastPass() {
        // Under e2e.p99<200ms the kept search passed 4,000 and 5,000 and failed 6,000 (SLA: 270 ms).
        List<Double> calls = new ArrayList<>();
        SearchResult r = new StepSearch(4_000, 1_000, null, 20).run(kept("s4-find-max-sla", calls));
        assertThat(calls).containsExactly(4_000.0, 5_000.0, 6_000.0);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.FOUND);
        assertThat(r.maxRecordsPerSec()).isEqualTo(5_000.0);
        assertThat(r.firstFailRecordsPerSec()).isEqualTo(6_000.0);
        assertThat(r.achievedPrecision()).isEqualTo(0.2);
        assertThat(r.probes()).extracting(ProbeOutcome::phase).containsOnly(ProbePhase.STEP);
        assertThat(r.probes().get(2).reason()).contains("SLA e2e.p99<200ms failed");
        assertThat(r.message()).isEqualTo("the last step that passed; the next, 6,000 records/s, failed"
                + " (precision: one step of 1,000 records/s)");
    }

    @Test
    void theRepeatedSearchPassedOneStepHigher() {
        // The same S4 search 15 minutes later passed 5,500 too: the ladder answers one step higher, as it should.
        List<Double> calls = new ArrayList<>();
        SearchResult r = new StepSearch(5_000, 500, null, 20).run(kept("s4-find-max-sla-repeat", calls));
        assertThat(calls).containsExactly(5_000.0, 5_500.0, 6_000.0);
        assertThat(r.maxRecordsPerSec()).isEqualTo(5_500.0);
    }

    @Test
    void withoutAnSlaOnlyKeepingUpDecides() {
        // Keep-up only: 8,000 records/s kept up (e2e p99 2.4 s, no SLA), 12,000 did not (7,605 achieved).
        List<Double> calls = new ArrayList<>();
        SearchResult r = new StepSearch(4_000, 4_000, null, 20).run(kept("s4-find-max-keep-up", calls));
        assertThat(calls).containsExactly(4_000.0, 8_000.0, 12_000.0);
        assertThat(r.maxRecordsPerSec()).isEqualTo(8_000.0);
        assertThat(r.probes().get(2).reason()).contains("achieved 7,605 rec/s < 95% of target");
    }

    @Test
    void aFailingStartRateStepsDownToTheFirstRungThatPasses() {
        // The kept search failed 8,000 and 6,000 and passed 4,000: from 8,000 in steps of 2,000 the ladder goes down.
        List<Double> calls = new ArrayList<>();
        SearchResult r = new StepSearch(8_000, 2_000, null, 20).run(kept("s4-find-max-sla", calls));
        assertThat(calls).containsExactly(8_000.0, 6_000.0, 4_000.0);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.FOUND);
        assertThat(r.maxRecordsPerSec()).isEqualTo(4_000.0);
        assertThat(r.firstFailRecordsPerSec()).isEqualTo(6_000.0);
        assertThat(r.probes()).extracting(ProbeOutcome::phase).containsOnly(ProbePhase.STEP);
        assertThat(r.message()).startsWith("the first step down that passed: the start rate 8,000 records/s failed (SLA"
                + " e2e.p99<200ms failed").endsWith("so the ladder went down; the step above, 6,000 records/s, failed"
                + " (precision: one step of 2,000 records/s)");
    }

    @Test
    void theLadderGoesNoLowerThanTheMinRateNorToZero() {
        List<Double> calls = new ArrayList<>();
        SearchResult r = new StepSearch(8_000, 2_000, null, 20, 5_000).run(kept("s4-find-max-sla", calls));
        assertThat(calls).containsExactly(8_000.0, 6_000.0);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.NO_SUSTAINABLE_RATE);
        assertThat(r.maxRecordsPerSec()).isNull();
        assertThat(r.firstFailRecordsPerSec()).isEqualTo(6_000.0);
        assertThat(r.message()).startsWith("no sustainable rate at or above 6,000 records/s (SLA e2e.p99<200ms failed")
                .endsWith(": every step from the start rate 8,000 records/s down failed; the next step down, 4,000"
                        + " records/s, is below --min-rate 5,000 records/s");
        // A --min-rate at the start keeps the ladder where S4's was: a failing start is no answer.
        calls.clear();
        SearchResult atStart = new StepSearch(8_000, 500, null, 20, 8_000).run(kept("s4-find-max-sla", calls));
        assertThat(calls).containsExactly(8_000.0);
        assertThat(atStart.outcome()).isEqualTo(FindMaxOutcome.NO_SUSTAINABLE_RATE);
        assertThat(atStart.message()).startsWith("no sustainable rate at or above 8,000 records/s (SLA e2e.p99<200ms failed");
        // The first rung is also the last above 0.
        SearchResult none = new StepSearch(1_000, 1_000, null, 20, 1).run(rate -> ProbeOutcome.fail(rate, "too fast"));
        assertThat(none.probes()).hasSize(1);
        assertThat(none.message()).isEqualTo("no sustainable rate at or above 1,000 records/s (too fast); the next step"
                + " down, 0 records/s, is not above 0");
    }

    @Test
    void passingTheMaxRateIsALowerBound() {
        // 500, 1,000, 1,500 would follow; --max-rate 1,000 stops after 1,000 passed, with no probe beyond it.
        List<Double> calls = new ArrayList<>();
        SearchResult r = new StepSearch(500, 500, 1_000.0, 20).run(kept("s4-find-max-sla", calls));
        assertThat(calls).containsExactly(500.0, 1_000.0);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.LOWER_BOUND);
        assertThat(r.maxRecordsPerSec()).isEqualTo(1_000.0);
        assertThat(r.firstFailRecordsPerSec()).isNull();
        assertThat(r.message()).contains("every step passed up to --max-rate 1,000 records/s").contains("raise --max-rate");
        // A ceiling off the ladder stops at the last rung under it; one the budget reaches exactly says --max-rate too.
        calls.clear();
        assertThat(new StepSearch(500, 500, 1_200.0, 20).run(kept("s4-find-max-sla", calls)).maxRecordsPerSec()).isEqualTo(1_000.0);
        assertThat(calls).containsExactly(500.0, 1_000.0);
        calls.clear();
        assertThat(new StepSearch(500, 500, 1_000.0, 2).run(kept("s4-find-max-sla", calls)).message()).contains("--max-rate");
    }

    @Test
    void theProbeBudgetEndsALadderThatNeverFailedInALowerBound() {
        List<Double> calls = new ArrayList<>();
        SearchResult r = new StepSearch(1_000, 1_000, null, 2).run(kept("s4-find-max-sla", calls));
        assertThat(calls).containsExactly(1_000.0, 2_000.0);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.LOWER_BOUND);
        assertThat(r.message()).isEqualTo("every step passed; 2 probes reached before any failure: the maximum is at least"
                + " 2,000 records/s (raise --max-probes, --step or --start-rate)");
    }

    @Test
    void rungsAreComputedNotSummedSoAThirdOfAThousandDoesNotDrift() {
        StepSearch s = new StepSearch(0.1, 0.1, null, 1_000);
        assertThat(s.rung(999)).isEqualTo(100.0);
        assertThat(StepSearch.rungsTo(1_000, 500, 10_000)).isEqualTo(19);
        assertThat(StepSearch.rungsTo(0.1, 0.1, 0.3)).as("0.3 lies on the ladder despite 0.1 + 0.2 != 0.3").isEqualTo(3);
        assertThat(new StepSearch(500, 500, null, 20).describe()).isEqualTo("a step ladder from 500 records/s,"
                + " +500 records/s after every probe that passes, up to 10,000 records/s (20 probes, --max-probes)");
        assertThat(new StepSearch(500, 500, 8_000.0, 20).describe()).endsWith("up to 8,000 records/s (16 probes, --max-rate)");
    }

    @Test
    void badLaddersAreRefusedWithTheirNumbers() {
        assertThatThrownBy(() -> new StepSearch(1_000, 0, null, 20)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--step: must be a finite number greater than zero (got 0.0)");
        assertThatThrownBy(() -> new StepSearch(1_000, -500, null, 20)).hasMessageStartingWith("--step:");
        assertThatThrownBy(() -> new StepSearch(1_000, 500, 800.0, 20)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--max-rate: must be at least --start-rate (1,000 records/s) (got 800)");
        assertThatThrownBy(() -> new StepSearch(1_000, 10, 100_000.0, 20)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--step: climbing from --start-rate 1,000 to --max-rate 100,000 records/s takes 9,901 probes,"
                        + " more than --max-probes 20 (use a larger step, a higher start, a lower --max-rate or more"
                        + " --max-probes) (got 10)");
        // Exactly as many rungs as probes is allowed.
        assertThat(new StepSearch(1_000, 500, 10_500.0, 20).reach()).isEqualTo(10_500.0);
        assertThatThrownBy(() -> new StepSearch(1_000, 500, null, 20, 1_500)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--min-rate: must be at most --start-rate (1,000 records/s)");
    }

    @Test
    void settingsRefuseAutoSearchesOnALadderAndRunFixedOnes() {
        FindMaxSettings bisecting = new FindMaxSettings(null, 4_000, 0.05, Duration.ofSeconds(2), Duration.ZERO, 20, 0.05,
                Duration.ZERO, Duration.ZERO);
        FindMaxSettings steps = bisecting.with(new FindMaxSettings.Ladder(1_000, null));
        assertThat(bisecting.method()).isEqualTo(SearchMethod.BISECTION);
        assertThat(steps.method()).isEqualTo(SearchMethod.STEPS);
        assertThat(steps.search()).isEqualTo(new StepSearch(4_000, 1_000, null, 20));
        assertThatThrownBy(() -> steps.with(SearchPlan.auto(5, 0.1))).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--searches: cannot be used with --step").hasMessageContaining("use --searches N");
        // Three fixed searches: each a full ladder from the start rate, on the kept outcomes.
        List<Double> calls = new ArrayList<>();
        RateProbe probe = kept("s4-find-max-sla", calls);
        SearchSeries series = SearchSeries.run(SearchPlan.fixed(3), steps.with(SearchPlan.fixed(3)).search(), n -> probe,
                new PrintStream(OutputStream.nullOutputStream()));
        assertThat(series.searches()).hasSize(3).allSatisfy(s -> assertThat(s.maxRecordsPerSec()).isEqualTo(5_000.0));
        assertThat(calls).containsExactly(4_000.0, 5_000.0, 6_000.0, 4_000.0, 5_000.0, 6_000.0, 4_000.0, 5_000.0, 6_000.0);
        FindMaxResult.Figures f = FindMaxFigures.of(new SpecLoader().load(Path.of("scenarios/s4-find-max.yaml"), List.of()), steps.with(SearchPlan.fixed(3)),
                series.searches(), series.stopped());
        assertThat(f.method()).isEqualTo(SearchMethod.STEPS);
        assertThat(f.stepRecordsPerSec()).isEqualTo(1_000.0);
        assertThat(f.precisionPercent()).as("a ladder's precision is its step").isNull();
        assertThat(f.maxRecordsPerSec()).isEqualTo(5_000.0);
    }
}
