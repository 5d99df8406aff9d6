package io.kbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.catalog.CatalogKpi;
import io.kbench.error.InvalidInputException;
import io.kbench.statistics.Effect;
import io.kbench.statistics.EffectRule;
import org.junit.jupiter.api.Test;

/** How the gate turns an effect into a verdict: direction, the minimum effect, equivalence, undecided, one run. */
class GateTest {
    private static final Gate GATE = new Gate(EffectRule.DEFAULT, 0.05);
    private static final CatalogKpi RATE = CatalogKpi.PRODUCED_RECORDS_PER_SEC;
    private static final CatalogKpi P99 = CatalogKpi.PUBLISH_P99_MS;

    /** Ten baseline runs near 200 records/s. */
    private static final double[] BASE = {200.5, 199.0, 201.2, 198.7, 200.1, 199.6, 200.9, 199.3, 200.4, 199.8};

    private static Verdict verdict(CatalogKpi kpi, double[] candidate) {
        return GATE.verdict(kpi, EffectRule.DEFAULT.decide(BASE, candidate));
    }

    @Test
    void aDecidedDropInThroughputIsARegressionAndInLatencyAnImprovement() {
        double[] slower = {150.2, 151.0, 149.6};
        assertThat(verdict(RATE, slower)).isEqualTo(Verdict.REGRESSION);
        assertThat(verdict(P99, slower)).as("lower latency is better").isEqualTo(Verdict.IMPROVEMENT);
        double[] faster = {250.2, 251.0, 249.6};
        assertThat(verdict(RATE, faster)).isEqualTo(Verdict.IMPROVEMENT);
        assertThat(verdict(P99, faster)).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void equivalentOrDecidedButUnderTheMinimumEffectIsNoChange() {
        assertThat(verdict(RATE, new double[] {200.2, 199.9, 200.3})).isEqualTo(Verdict.NO_CHANGE);
        // 7% lower, decided (the interval excludes no change) but not inside ±5%: a regression at 5%, no change at 10%.
        Effect sevenDown = new Effect(Effect.Outcome.LOWER, 0.93, 0.90, 0.96, 0.95, 0.05, Double.NaN, 10, 3);
        assertThat(GATE.verdict(RATE, sevenDown)).isEqualTo(Verdict.REGRESSION);
        Gate lenient = new Gate(EffectRule.DEFAULT, 0.10);
        assertThat(lenient.verdict(RATE, sevenDown)).isEqualTo(Verdict.NO_CHANGE);
        KpiVerdict v = new KpiVerdict(RATE, 200, 186, sevenDown, Verdict.NO_CHANGE, 0.10);
        assertThat(v.text()).endsWith("lower by 7.0% [-10.0%, -4.0%], under the minimum effect 10% (10 vs 3 runs)");
    }

    @Test
    void anUndecidedEffectIsUndecidedAndSaysWhatTheRunsCouldDetect() {
        double[] noisy = {150, 260, 205};
        assertThat(verdict(RATE, noisy)).isEqualTo(Verdict.UNDECIDED);
        Effect e = EffectRule.DEFAULT.decide(BASE, noisy);
        KpiVerdict v = new KpiVerdict(RATE, 200, 205, e, Verdict.UNDECIDED, 0.05);
        assertThat(v.text()).contains("UNDECIDED").contains("these repetitions could detect").endsWith("(10 vs 3 runs)");
    }

    @Test
    void oneRunOnASideIsTooFewRuns() {
        assertThat(verdict(RATE, new double[] {150})).isEqualTo(Verdict.TOO_FEW_RUNS);
        Effect e = EffectRule.DEFAULT.decide(BASE, new double[] {150});
        assertThat(new KpiVerdict(RATE, 200, 150, e, Verdict.TOO_FEW_RUNS, 0.05).text())
                .endsWith("too few runs to judge (10 baseline, 1 candidate: 2 per side at least)");
    }

    @Test
    void theRuleSentenceAddsTheMinimumEffectAndWhatUndecidedDoes() {
        assertThat(GATE.ruleText()).startsWith("effect: the candidate against the baseline as the ratio of geometric means")
                .endsWith("REGRESSION/IMPROVEMENT when decided worse/better by at least 5% (--min-effect), NO_CHANGE when"
                        + " equivalent or smaller, UNDECIDED (does not fail the build) otherwise, TOO_FEW_RUNS with one run"
                        + " on a side").doesNotContain("window");
        assertThatThrownBy(() -> new Gate(EffectRule.DEFAULT, -0.01)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--min-effect: must be a percentage in [0, 100)");
    }
}
