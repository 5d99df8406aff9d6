package io.kbench.history;

import io.kbench.catalog.CatalogEntry;
import io.kbench.changepoint.ChangePoint;
import java.util.List;
import java.util.Objects;

/**
 * A change point of one KPI with the runs around it.
 *
 * @param point        where and how much
 * @param before       the last run before it
 * @param after        the first run of the new level (isolated: the run that differs)
 * @param alsoChanged  what else differs between those two runs: environment fields, workload, git revision
 * @param regression   the KPI got worse (lower throughput, higher latency)
 */
public record Change(ChangePoint point, CatalogEntry before, CatalogEntry after, List<String> alsoChanged,
                     boolean regression) {
    public Change {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(after, "after");
        alsoChanged = List.copyOf(alsoChanged);
    }
}
