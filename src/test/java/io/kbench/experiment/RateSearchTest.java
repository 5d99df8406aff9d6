package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.ProbePhase;
import io.kbench.result.io.ResultReader;
import io.kbench.unit.Percent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** The search against fake clusters whose limit is known. */
class RateSearchTest {
    private static final double LIMIT = 12_345;

    /** Passes iff rate <= LIMIT, with +-1% noise on the limit per probe (seeded). */
    private static RateProbe noisyCluster(long seed, List<Double> calls) {
        Random random = new Random(seed);
        return rate -> {
            calls.add(rate);
            double limit = LIMIT * (1 + (random.nextDouble() * 2 - 1) * 0.01);
            return rate <= limit ? ProbeOutcome.pass(rate) : ProbeOutcome.fail(rate, "too fast");
        };
    }

    @RepeatedTest(20)
    void convergesWithinPrecisionOfTheLimit(org.junit.jupiter.api.RepetitionInfo info) {
        List<Double> calls = new ArrayList<>();
        SearchResult r = new RateSearch(1000, 0.05, 20, 3).run(noisyCluster(info.getCurrentRepetition(), calls));
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.FOUND);
        // The answer passed, so it is below the (noisy) limit; and the bracket is within the precision.
        assertThat(r.maxRecordsPerSec()).isBetween(LIMIT * 0.95 * 0.99 * 0.95, LIMIT * 1.01);
        assertThat(r.achievedPrecision()).isLessThanOrEqualTo(0.05 + 1e-9);
        assertThat(r.message()).startsWith("confirmed");
        assertThat(calls).hasSize(r.probes().size()).hasSizeLessThanOrEqualTo(20);
    }

    @Test
    void exactLimitProbesAreBracketThenBisectThenConfirm() {
        List<Double> calls = new ArrayList<>();
        RateProbe exact = rate -> {
            calls.add(rate);
            return rate <= LIMIT ? ProbeOutcome.pass(rate) : ProbeOutcome.fail(rate, "too fast");
        };
        SearchResult r = new RateSearch(1000, 0.05, 20, 3).run(exact);
        // 1000, 2000, 4000, 8000 pass; 16000 fails; bisect 12000 pass, 14000 fail, 13000 fail, 12500 fail (4.2%).
        assertThat(calls).containsExactly(1000.0, 2000.0, 4000.0, 8000.0, 16000.0, 12000.0, 14000.0, 13000.0, 12500.0, 12000.0);
        assertThat(r.probes()).extracting(p -> p.phase().json()).containsExactly("bracket", "bracket", "bracket", "bracket",
                "bracket", "bisect", "bisect", "bisect", "bisect", "confirm");
        assertThat(r.maxRecordsPerSec()).isEqualTo(12000.0);
        assertThat(r.firstFailRecordsPerSec()).isEqualTo(12500.0);
    }

    @Test
    void bracketIsMonotone() {
        List<Double> calls = new ArrayList<>();
        SearchResult r = new RateSearch(700, 0.02, 30, 3).run(noisyCluster(7, calls));
        double pass = 0;
        double fail = Double.POSITIVE_INFINITY;
        for (ProbeOutcome p : r.probes()) {
            if (p.phase() == ProbePhase.CONFIRM) {
                continue;
            }
            // Every probe lies strictly inside the current bracket, which only ever narrows.
            assertThat(p.rateRecordsPerSec()).isGreaterThan(pass).isLessThan(fail);
            if (p.passed()) {
                pass = p.rateRecordsPerSec();
            } else {
                fail = p.rateRecordsPerSec();
            }
        }
        assertThat(r.maxRecordsPerSec()).isLessThanOrEqualTo(pass);
    }

    @Test
    void probeCountIsBoundedByTheBudgetAndTheBisection() {
        for (double precision : new double[] {0.2, 0.1, 0.05, 0.01, 0.001}) {
            List<Double> calls = new ArrayList<>();
            SearchResult r = new RateSearch(1000, precision, 100, 3).run(noisyCluster(3, calls));
            // doublings: ceil(log2(limit / start)) + 1; bisections: ceil(log2(1 / precision)) ; confirmations <= 3.
            int bound = (int) Math.ceil(Math.log(LIMIT * 1.01 / 1000) / Math.log(2)) + 1
                    + (int) Math.ceil(Math.log(1 / precision) / Math.log(2)) + 3;
            assertThat(calls.size()).as("precision " + precision).isLessThanOrEqualTo(bound);
        }
    }

    @Test
    void searchesDownWhenTheStartFails() {
        // A cluster that sustains 3,000 records/s, started at 10,000: halving finds 2,500 passing under 5,000 failing,
        // and the bisection and confirmation run on that bracket as on one found going up.
        List<Double> calls = new ArrayList<>();
        List<String> turns = new ArrayList<>();
        RateProbe capacity = new RateProbe() {
            @Override
            public ProbeOutcome probe(double rate) {
                calls.add(rate);
                return rate <= 3_000 ? ProbeOutcome.pass(rate) : ProbeOutcome.fail(rate, "too fast");
            }

            @Override
            public void turned(String line) {
                turns.add(calls.size() + ": " + line);
            }
        };
        SearchResult r = new RateSearch(10_000, 0.05, 20, 3).run(capacity);
        // Said as it turns, after the first probe: find-max prints it between the probes.
        assertThat(turns).containsExactly("1: the start rate 10,000 records/s failed: searching below it, halving the"
                + " rate down to --min-rate 156 records/s at most");
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.FOUND);
        assertThat(r.maxRecordsPerSec()).isBetween(3_000 / 1.05, 3_000.0);
        assertThat(r.achievedPrecision()).isLessThanOrEqualTo(0.05 + 1e-9);
        assertThat(calls).containsExactly(10_000.0, 5_000.0, 2_500.0, 3_750.0, 3_125.0, 2_812.5, 2_968.75, 3_046.875,
                2_968.75);
        assertThat(r.maxRecordsPerSec()).isEqualTo(2_968.75);
        assertThat(r.probes().subList(0, 3)).extracting(ProbeOutcome::phase).containsOnly(ProbePhase.BRACKET);
        assertThat(r.message()).isEqualTo("confirmed; below the start: 10,000 records/s failed (too fast), so the search"
                + " halved the rate down to 2,500 records/s, which passed");
    }

    @Test
    void theKeptS4SearchStartedAboveItsAnswerFindsItBelow() {
        // The kept S4 search (e2e.p99<200ms) passed 4,000, 5,000, 5,500 and 5,750 and failed 6,000 and 8,000: started at
        // 8,000 the search halves to 4,000, then bisects to 5,750 on those measured outcomes.
        List<Double> calls = new ArrayList<>();
        List<ProbeOutcome> kept = ResultReader.read(Path.of("src/test/resources/find-max/s4-find-max-sla-repeat-2026-11-28.json"),
                FindMaxResult.class).probes();
        RateProbe probe = rate -> {
            calls.add(rate);
            return kept.stream().filter(p -> p.rateRecordsPerSec() == rate).findFirst()
                    .orElseThrow(() -> new AssertionError("no kept probe at " + rate + " records/s"));
        };
        SearchResult r = new RateSearch(8_000, 0.05, 20, 3).run(probe);
        assertThat(calls).containsExactly(8_000.0, 4_000.0, 6_000.0, 5_000.0, 5_500.0, 5_750.0, 5_750.0);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.FOUND);
        assertThat(r.maxRecordsPerSec()).isEqualTo(5_750.0);
        assertThat(r.firstFailRecordsPerSec()).isEqualTo(6_000.0);
        assertThat(r.message()).startsWith("confirmed; below the start: 8,000 records/s failed (SLA e2e.p99<200ms failed");
    }

    @Test
    void noPassDownToTheMinRateIsNoSustainableRate() {
        List<Double> calls = new ArrayList<>();
        RateProbe never = rate -> {
            calls.add(rate);
            return ProbeOutcome.fail(rate, "broker down");
        };
        SearchResult r = new RateSearch(1_000, 0.05, 20, 3).run(never);
        // The default --min-rate is 1,000 / 64 = 15.625: six halvings, the last one exactly at it.
        assertThat(calls).containsExactly(1_000.0, 500.0, 250.0, 125.0, 62.5, 31.25, 15.625);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.NO_SUSTAINABLE_RATE);
        assertThat(r.maxRecordsPerSec()).isNull();
        assertThat(r.firstFailRecordsPerSec()).isEqualTo(15.625);
        assertThat(r.message()).isEqualTo("no sustainable rate at or above --min-rate 16 records/s: every probe from the"
                + " start rate 1,000 records/s down to it failed (last: broker down)");
        // A --min-rate off the halving ladder is probed itself, as the last rate.
        calls.clear();
        new RateSearch(1_000, 0.05, 20, 3, 300).run(never);
        assertThat(calls).containsExactly(1_000.0, 500.0, 300.0);
    }

    @Test
    void aMinRateAtTheStartKeepsTheSearchAboveIt() {
        List<Double> calls = new ArrayList<>();
        SearchResult r = new RateSearch(20_000, 0.05, 20, 3, 20_000).run(noisyCluster(1, calls));
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.NO_SUSTAINABLE_RATE);
        assertThat(r.maxRecordsPerSec()).isNull();
        assertThat(r.message()).startsWith("no sustainable rate at or above 20,000 records/s (too fast)")
                .endsWith("--min-rate is the start rate, so the search did not go below it");
        assertThat(calls).containsExactly(20_000.0);
    }

    @Test
    void theProbeBudgetRunningOutOnTheWayDownSaysHowFarItGot() {
        List<Double> calls = new ArrayList<>();
        SearchResult r = new RateSearch(1_000, 0.05, 3, 3).run(rate -> {
            calls.add(rate);
            return ProbeOutcome.fail(rate, "too fast");
        });
        assertThat(calls).containsExactly(1_000.0, 500.0, 250.0);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.NO_SUSTAINABLE_RATE);
        assertThat(r.message()).isEqualTo("no sustainable rate at or above 250 records/s: every probe from the start rate"
                + " 1,000 records/s down to it failed (last: too fast), and the probe budget ran out before --min-rate 16"
                + " records/s (raise --max-probes)");
    }

    @Test
    void budgetReachedWithoutAFailureReportsALowerBound() {
        List<Double> calls = new ArrayList<>();
        SearchResult r = new RateSearch(10, 0.05, 5, 3).run(noisyCluster(1, calls));
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.LOWER_BOUND);
        assertThat(r.maxRecordsPerSec()).isEqualTo(160.0);
        assertThat(r.message()).contains("at least 160 records/s").contains("5 probes");
        assertThat(calls).hasSize(5);
    }

    @Test
    void budgetRunningOutWhileBisectingSaysSo() {
        List<Double> calls = new ArrayList<>();
        SearchResult r = new RateSearch(1000, 0.01, 7, 3).run(noisyCluster(1, calls));
        assertThat(calls).hasSize(7);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.FOUND);
        assertThat(r.message()).contains("not confirmed").contains("probe budget ran out");
    }

    @Test
    void aFailedConfirmationStepsDownByThePrecision() {
        List<Double> calls = new ArrayList<>();
        int[] confirmations = {0};
        RateProbe flaky = rate -> {
            calls.add(rate);
            boolean confirming = calls.size() > 1 && calls.stream().filter(c -> c.equals(rate)).count() > 1;
            if (confirming && confirmations[0]++ == 0) {
                return ProbeOutcome.fail(rate, "noise");
            }
            return rate <= 5000 ? ProbeOutcome.pass(rate) : ProbeOutcome.fail(rate, "too fast");
        };
        SearchResult r = new RateSearch(1000, 0.1, 20, 3).run(flaky);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.FOUND);
        List<ProbeOutcome> confirms = r.probes().stream().filter(p -> p.phase() == ProbePhase.CONFIRM).toList();
        assertThat(confirms).hasSize(2);
        assertThat(confirms.get(1).rateRecordsPerSec()).isEqualTo(confirms.get(0).rateRecordsPerSec() * 0.9);
        assertThat(r.maxRecordsPerSec()).isEqualTo(confirms.get(1).rateRecordsPerSec());
        assertThat(r.message()).contains("after 1 step(s) down");
    }

    @Test
    void aStepDownWithNoProbeLeftIsNotAnAnswer() {
        List<Double> calls = new ArrayList<>();
        // 1000, 2000, 4000 pass, 8000 and 6000 fail, 5000 passes, 5500 fails; the 8th probe (confirming 5000) fails.
        RateProbe confirmationFails = rate -> {
            calls.add(rate);
            return rate <= 5000 && calls.size() != 8 ? ProbeOutcome.pass(rate) : ProbeOutcome.fail(rate, "noise");
        };
        SearchResult r = new RateSearch(1000, 0.1, 8, 3).run(confirmationFails);
        assertThat(calls).hasSize(8);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.UNCONFIRMED);
        assertThat(r.maxRecordsPerSec()).as("4,500 records/s never ran").isNull();
        assertThat(r.message()).contains("no probe was left to try 4,500 records/s");
    }

    @Test
    void confirmationsAllFailingGiveNoAnswer() {
        List<Double> calls = new ArrayList<>();
        // 1000, 2000, 4000 pass, 8000 fails, 6000 fails, 5000 passes, 5500 fails: then the cluster degrades for good.
        RateProbe onlyOnce = rate -> {
            calls.add(rate);
            return rate <= 5000 && calls.size() <= 7 ? ProbeOutcome.pass(rate) : ProbeOutcome.fail(rate, "degrading");
        };
        SearchResult r = new RateSearch(1000, 0.1, 30, 3).run(onlyOnce);
        assertThat(r.outcome()).isEqualTo(FindMaxOutcome.UNCONFIRMED);
        assertThat(r.maxRecordsPerSec()).isNull();
        assertThat(calls).containsExactly(1000.0, 2000.0, 4000.0, 8000.0, 6000.0, 5000.0, 5500.0, 5000.0, 4500.0, 4050.0);
        assertThat(r.message()).contains("3 confirmation runs failed");
    }

    @Test
    void badSettingsAreInputErrors() {
        assertThatThrownBy(() -> new RateSearch(0, 0.05, 20, 3)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--start-rate");
        assertThatThrownBy(() -> new RateSearch(1000, 0, 20, 3)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--precision");
        assertThatThrownBy(() -> new RateSearch(1000, 1.5, 20, 3)).hasMessageContaining("--precision");
        assertThatThrownBy(() -> new RateSearch(1000, 0.05, 0, 3)).hasMessageContaining("--max-probes");
        assertThatThrownBy(() -> new RateSearch(1000, 0.05, 20, 3, 0)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--min-rate: must be a finite number greater than zero (got 0.0)");
        assertThatThrownBy(() -> new RateSearch(1000, 0.05, 20, 3, 2000)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--min-rate: must be at most --start-rate (1,000 records/s): it is how far below a failing"
                        + " start the search goes (got 2,000)");
    }

    @Test
    void theDefaultMinRateIsSixHalvingsBelowTheStartAndAtLeastOne() {
        assertThat(RateSearch.defaultMinRate(20_000)).isEqualTo(312.5);
        assertThat(RateSearch.defaultMinRate(10)).isEqualTo(1.0);
        assertThat(RateSearch.defaultMinRate(0.5)).as("never above the start").isEqualTo(0.5);
    }

    @Test
    void percentIsShort() {
        assertThat(Percent.ofFraction(0.05)).isEqualTo("5%");
        assertThat(Percent.ofFraction(1.0)).isEqualTo("100%");
        assertThat(Percent.ofFraction(0.125)).isEqualTo("12.5%");
    }
}
