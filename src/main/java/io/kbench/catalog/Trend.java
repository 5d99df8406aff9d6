package io.kbench.catalog;

import io.kbench.statistics.ChangePoint;
import io.kbench.statistics.ChangePointDetector;
import io.kbench.statistics.Settings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs in time order with each KPI's change points, and the environment group of each run (runs whose environment
 * differs are marked, never silently mixed).
 *
 * @param runs         oldest first
 * @param environments environment key -> group letter (A, B, ...), in order of first appearance
 * @param kpis         one per KPI that at least one run measured
 * @param settings     how change points were searched
 */
public record Trend(List<CatalogEntry> runs, Map<String, String> environments, List<KpiTrend> kpis, Settings settings) {
    public Trend {
        runs = List.copyOf(runs);
        environments = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(environments));
        kpis = List.copyOf(kpis);
        Objects.requireNonNull(settings, "settings");
    }

    /** Analyses {@code runs} (oldest first). */
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
            List<Change> changes = new ArrayList<>();
            for (ChangePoint cp : detector.detect(values.stream().mapToDouble(Double::doubleValue).toArray())) {
                CatalogEntry after = runs.get(at.get(cp.index()));
                CatalogEntry before = cp.index() == 0 ? null : runs.get(at.get(cp.index() - 1));
                boolean worse = kpi.higherIsBetter() ? cp.meanAfter() < cp.meanBefore() : cp.meanAfter() > cp.meanBefore();
                changes.add(new Change(cp, before, after, before == null ? List.of() : alsoChanged(before, after), worse));
            }
            kpis.add(new KpiTrend(kpi, at, values, changes));
        }
        return new Trend(runs, groups, kpis, settings);
    }

    /** The group letter of {@code run}'s environment. */
    public String group(CatalogEntry run) {
        return environments.getOrDefault(run.environment().key(), "?");
    }

    private static String groupName(int n) {
        return n < 26 ? String.valueOf((char) ('A' + n)) : "E" + (n + 1);
    }

    static List<String> alsoChanged(CatalogEntry before, CatalogEntry after) {
        List<String> changed = new ArrayList<>(before.environment().differences(after.environment()));
        if (!before.workloadHash().equals(after.workloadHash())) {
            changed.add("resolved workload (hash " + before.workloadHash().substring(0, 8) + " -> "
                    + after.workloadHash().substring(0, 8) + ")");
        }
        if (!Objects.equals(before.gitRevision(), after.gitRevision())) {
            changed.add("git revision " + before.gitRevision() + " -> " + after.gitRevision());
        }
        return changed;
    }
}
