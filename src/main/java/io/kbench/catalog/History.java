package io.kbench.catalog;

import io.kbench.statistics.Settings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code kbench history}: the runs a query selected, put in series of like with like, each series analysed on its
 * own. A series is one workload name under one set of settings ({@link RunSetup#settings()}): the points of a sweep,
 * acks=1 beside acks=all, or 2,000 beside 20,000 records/s offered are different series, never one series whose
 * "change points" are the differences between them. The cluster's limits are not part of a series' key: a run on a
 * broker held to half a core is the same experiment on a smaller machine, and the change it makes is named.
 *
 * @param series   in order of each series' first run
 * @param settings how change points were searched
 */
public record History(List<Trend> series, Settings settings) {
    public History {
        series = List.copyOf(series);
        Objects.requireNonNull(settings, "settings");
    }

    /** {@code runs} (oldest first) grouped into series, each analysed. */
    public static History of(List<CatalogEntry> runs, Settings settings) {
        Map<List<Object>, List<CatalogEntry>> groups = new LinkedHashMap<>();
        for (CatalogEntry r : runs) {
            groups.computeIfAbsent(List.of(r.kind(), r.workload(), r.setup().settings()), k -> new ArrayList<>()).add(r);
        }
        return new History(groups.values().stream().map(g -> Trend.of(g, settings)).toList(), settings);
    }

    /** Every run of every series. */
    public int runCount() {
        return series.stream().mapToInt(t -> t.runs().size()).sum();
    }
}
