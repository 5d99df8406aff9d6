package io.kbench.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.WorkloadSpec;
import io.kbench.statistics.Effect;
import io.kbench.statistics.EffectRule;
import io.kbench.statistics.LoneEffect;
import io.kbench.statistics.Settings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** History's series of like with like (RunSetup, History) and the verdict of a change point (Change). */
class SeriesTest {
    private static final WorkloadSpec BASE = new WorkloadSpec("w", null, null, null, null, null, null, null, null, null, null, null)
            .with(Map.of("producers.rate", 2000, "producers.properties.acks", "all"));

    private static RunSetup setup(WorkloadSpec w) {
        return RunSetup.of(w, null, false);
    }

    @Test
    void aSweepRepetitionsTopicNameAndTheClustersLimitsAreNotSettingsButAcksAndTheOfferedLoadAre() {
        RunSetup base = setup(BASE);
        assertThat(setup(BASE.with("topic.name", "w-rep-2")).settings()).isEqualTo(base.settings());
        RunSetup halfACore = setup(BASE.with("cluster.limits.cpuQuota", 0.5));
        assertThat(halfACore.settings()).isEqualTo(base.settings());
        assertThat(base.conditionChanges(halfACore)).containsExactly("cluster limits none -> cpuQuota=0.5");
        assertThat(setup(BASE.with("producers.properties.acks", "1")).settings()).isNotEqualTo(base.settings());
        assertThat(setup(BASE.with("producers.rate", 20000)).settings()).isNotEqualTo(base.settings());
        assertThat(base.settings()).containsEntry("acks", "all").containsEntry("offered load", "2,000 records/s")
                .containsEntry("partitions", "6");
        // A find-max answer is a rate: the offered load it varies is no setting of its series.
        assertThat(RunSetup.of(BASE, null, true).settings()).doesNotContainKey("offered load");
        assertThat(RunSetup.parse(halfACore.json())).isEqualTo(halfACore);
        assertThat(RunSetup.parse(null).known()).isFalse();
    }

    @Test
    void historyPutsEachWorkloadAndSetOfSettingsInASeriesOfItsOwnInTheOrderOfFirstRuns() {
        RunSetup slow = setup(BASE);
        RunSetup fast = setup(BASE.with("producers.rate", 20000));
        RunSetup limited = setup(BASE.with("cluster.limits.cpuQuota", 0.5));
        List<CatalogEntry> runs = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            RunSetup s = i % 2 == 0 ? fast : i < 6 ? slow : limited;
            runs.add(entry(i, "w", s, i % 2 == 0 ? 20_000 : i < 6 ? 2_000 : 1_000));
        }
        runs.add(entry(12, "other", slow, 500));
        History history = History.of(runs, Settings.defaults());
        assertThat(history.series()).hasSize(3);
        assertThat(history.runCount()).isEqualTo(13);
        assertThat(history.series().get(0).setup().settings()).isEqualTo(fast.settings());
        assertThat(history.series().get(0).kpis().get(0).changes()).as("one level: no change").isEmpty();
        Trend slowSeries = history.series().get(1);
        assertThat(slowSeries.runs()).hasSize(6);
        Change halved = slowSeries.kpis().get(0).changes().get(0);
        assertThat(halved.after().label()).isEqualTo("run-7");
        assertThat(halved.verdict()).isEqualTo(Change.Verdict.REGRESSION);
        assertThat(halved.alsoChanged()).contains("cluster limits none -> cpuQuota=0.5");
        assertThat(history.series().get(2).workload()).isEqualTo("other");
    }

    @Test
    void aChangeIsARegressionOnlyWhenItsIntervalExcludesOneAndItReachesTheMinimumEffect() {
        EffectRule rule = new EffectRule(0.95, 0);
        Effect tiny = rule.decide(new double[] {200.0, 200.1, 199.9, 200.0}, new double[] {199.9, 199.8, 199.9, 199.8});
        assertThat(tiny.outcome()).isEqualTo(Effect.Outcome.LOWER);
        assertThat(Change.verdict(tiny, true, 0.05)).as("-0.1%%: under the minimum effect").isEqualTo(Change.Verdict.NO_VERDICT);
        assertThat(Change.verdict(tiny, true, 0)).isEqualTo(Change.Verdict.REGRESSION);
        Effect unclear = rule.decide(new double[] {100, 140, 90, 120}, new double[] {80, 130, 95, 100});
        assertThat(unclear.outcome()).isEqualTo(Effect.Outcome.UNDECIDED);
        assertThat(Change.verdict(unclear, true, 0)).as("interval includes 1").isEqualTo(Change.Verdict.NO_VERDICT);
        Effect slower = rule.decide(new double[] {10, 11, 10.5}, new double[] {20, 21, 19});
        assertThat(Change.verdict(slower, false, 0.05)).as("latency up").isEqualTo(Change.Verdict.REGRESSION);
        assertThat(Change.verdict(slower, true, 0.05)).as("throughput up").isEqualTo(Change.Verdict.IMPROVEMENT);
        assertThat(Change.verdict(null, true, 0)).isEqualTo(Change.Verdict.NO_VERDICT);
    }

    @Test
    void oneRunAgainstItsSegmentHasThePredictionIntervalOfTheOthers() {
        double[] group = {200, 204, 197, 201, 199, 203};
        Effect slow = LoneEffect.decide(new EffectRule(0.95, 0), group, 100);
        assertThat(slow.outcome()).isEqualTo(Effect.Outcome.LOWER);
        assertThat(slow.ratio()).isBetween(0.49, 0.51);
        assertThat(slow.high()).isLessThan(1);
        assertThat(slow.low()).isLessThan(slow.ratio());
        Effect same = LoneEffect.decide(new EffectRule(0.95, 0), group, 202);
        assertThat(same.outcome()).isEqualTo(Effect.Outcome.UNDECIDED);
        assertThat(same.low()).isLessThan(1);
        assertThat(same.high()).isGreaterThan(1);
        assertThat(same.detectable()).isBetween(0.01, 0.1);
    }

    private static CatalogEntry entry(int i, String workload, RunSetup setup, double recordsPerSec) {
        RunEnvironment env = new RunEnvironment("embedded/1 broker(s)", "0.1.0", "4.3.1", "4.3.1", "17", "17", "Linux",
                "cpu", 2, "host");
        // A little noise, as real runs have, so each level has a spread.
        double value = recordsPerSec * (1 + 0.002 * ((i * 7) % 5 - 2));
        return new CatalogEntry("key-" + i, EntryKind.RUN, workload, "hash-" + i + "-0000000000", Instant.ofEpochSecond(i * 60L),
                "completed", env, null, Map.of(), Map.of(CatalogKpi.PRODUCED_RECORDS_PER_SEC, value), 0, null,
                "/results/run-" + i, setup);
    }

    @Test
    void aSetupColumnThatIsNotASetupReadsAsUnknownAndNeverEndsHistory() {
        assertThat(RunSetup.parse(null).known()).isFalse();
        assertThat(RunSetup.parse("not json").known()).isFalse();
        assertThat(RunSetup.parse("{\"settings\": null, \"conditions\": {}}").known()).isFalse();
        assertThat(RunSetup.parse("{\"settings\": {\"acks\": null}, \"conditions\": {}}").known()).isFalse();
        assertThat(RunSetup.parse("[1, 2]").known()).isFalse();
        assertThat(RunSetup.parse("{\"settings\": {\"acks\": \"" + "x".repeat(RunSetup.MAX_JSON_CHARS) + "\"}, "
                + "\"conditions\": {}}").known()).as("oversized").isFalse();
        RunSetup ok = RunSetup.parse("{\"settings\": {\"acks\": \"all\"}, \"conditions\": {\"cluster limits\": \"none\"}}");
        assertThat(ok.settings()).containsEntry("acks", "all");
    }
}
