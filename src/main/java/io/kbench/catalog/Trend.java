package io.kbench.catalog;

import io.kbench.statistics.ChangePoint;
import io.kbench.statistics.ChangePointDetector;
import io.kbench.statistics.Effect;
import io.kbench.statistics.EffectRule;
import io.kbench.statistics.LoneEffect;
import io.kbench.statistics.Settings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * One series of runs (one workload under one set of settings, {@link RunSetup}) in time order with each KPI's change
 * points, and the environment group of each run (runs whose environment differs are marked, never silently mixed).
 *
 * @param workload     the workload name every run has
 * @param setup        the settings every run has (the conditions of the first run)
 * @param runs         oldest first
 * @param environments environment key -> group letter (A, B, ...), in order of first appearance
 * @param kpis         one per KPI that at least one run measured
 * @param settings     how change points were searched
 */
public record Trend(String workload, RunSetup setup, List<CatalogEntry> runs, Map<String, String> environments,
                    List<KpiTrend> kpis, Settings settings) {
    /** Each change's effect: a 95% interval; no equivalence margin (a change point is judged higher, lower or not). */
    static final EffectRule RULE = new EffectRule(0.95, 0);

    public Trend {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(setup, "setup");
        runs = List.copyOf(runs);
        environments = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(environments));
        kpis = List.copyOf(kpis);
        Objects.requireNonNull(settings, "settings");
    }

    /** Analyses {@code runs} (oldest first), which the caller has put in one series. */
    public static Trend of(List<CatalogEntry> runs, Settings settings) {
        Map<String, String> groups = new LinkedHashMap<>();
        for (CatalogEntry r : runs) {
            groups.computeIfAbsent(r.environment().key(), k -> groupName(groups.size()));
        }
        List<KpiTrend> kpis = new ArrayList<>();
        ChangePointDetector detector = new ChangePointDetector(settings);
        for (CatalogKpi kpi : CatalogKpi.values()) {
            List<Integer> at = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                int index = i;
                runs.get(i).kpi(kpi).ifPresent(v -> {
                    at.add(index);
                    values.add(v);
                });
            }
            if (values.isEmpty()) {
                continue;
            }
            double[] x = values.stream().mapToDouble(Double::doubleValue).toArray();
            List<ChangePoint> points = detector.detect(x);
            List<Change> changes = new ArrayList<>();
            for (ChangePoint cp : points) {
                CatalogEntry after = runs.get(at.get(cp.index()));
                CatalogEntry before = cp.index() == 0 ? null : runs.get(at.get(cp.index() - 1));
                Effect effect = effect(x, points, cp);
                changes.add(new Change(cp, before, after, before == null ? List.of() : alsoChanged(before, after), effect,
                        Change.verdict(effect, kpi.higherIsBetter(), settings.minEffect()), settings.minEffect()));
            }
            // What the series could show, judged on its level: an isolated run would only inflate the spread.
            TreeSet<Integer> lone = new TreeSet<>();
            points.stream().filter(ChangePoint::isolated).forEach(p -> lone.add(p.index()));
            kpis.add(new KpiTrend(kpi, at, values, changes, detector.detectableShift(values(x, 0, x.length, lone))));
        }
        CatalogEntry first = runs.isEmpty() ? null : runs.get(0);
        return new Trend(first == null ? "-" : first.workload(), first == null ? RunSetup.unknown() : first.setup(), runs,
                groups, kpis, settings);
    }

    /**
     * The effect of a change point: a lasting shift is the segment after it (to the next lasting shift) against the
     * segment before it (from the previous one), isolated runs left out of both; an isolated run is itself against
     * the rest of its segment. Null when a value is 0 (no ratio).
     */
    static Effect effect(double[] x, List<ChangePoint> points, ChangePoint cp) {
        if (java.util.Arrays.stream(x).anyMatch(v -> !(v > 0))) {
            return null;
        }
        TreeSet<Integer> cuts = new TreeSet<>();
        TreeSet<Integer> lone = new TreeSet<>();
        points.forEach(p -> (p.isolated() ? lone : cuts).add(p.index()));
        if (cp.isolated()) {
            Integer from = cuts.floor(cp.index());
            Integer to = cuts.higher(cp.index());
            double[] group = values(x, from == null ? 0 : from, to == null ? x.length : to, lone);
            return group.length < 2 ? null : LoneEffect.decide(RULE, group, x[cp.index()]);
        }
        Integer from = cuts.lower(cp.index());
        Integer to = cuts.higher(cp.index());
        return RULE.decide(values(x, from == null ? 0 : from, cp.index(), lone),
                values(x, cp.index(), to == null ? x.length : to, lone));
    }

    private static double[] values(double[] x, int from, int to, TreeSet<Integer> skip) {
        return java.util.stream.IntStream.range(from, to).filter(i -> !skip.contains(i)).mapToDouble(i -> x[i]).toArray();
    }

    /** The group letter of {@code run}'s environment. */
    public String group(CatalogEntry run) {
        return environments.getOrDefault(run.environment().key(), "?");
    }

    private static String groupName(int n) {
        return n < 26 ? String.valueOf((char) ('A' + n)) : "E" + (n + 1);
    }

    /**
     * What differs between two runs of one series besides the KPIs: environment fields, the cluster's limits, the
     * resolved workload's hash (a field outside the series' settings, e.g. a run's duration) and the git revision.
     */
    static List<String> alsoChanged(CatalogEntry before, CatalogEntry after) {
        List<String> changed = new ArrayList<>(before.environment().differences(after.environment()));
        changed.addAll(before.setup().conditionChanges(after.setup()));
        if (!before.workloadHash().equals(after.workloadHash())) {
            changed.add("resolved workload (hash " + before.workloadHash().substring(0, 8) + " -> "
                    + after.workloadHash().substring(0, 8) + ")");
        }
        if (!Objects.equals(before.gitRevision(), after.gitRevision())) {
            changed.add("git revision " + RunEnvironment.shown(before.gitRevision()) + " -> "
                    + RunEnvironment.shown(after.gitRevision()));
        }
        return changed;
    }
}
