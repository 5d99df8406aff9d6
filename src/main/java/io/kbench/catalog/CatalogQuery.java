package io.kbench.catalog;

import io.kbench.error.InvalidInputException;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which runs to read: every part optional; the runs come oldest first, the last {@code limit} of them.
 *
 * @param kind         run (the default), sweep-point or find-max; null for every kind
 * @param workload     workload name, exactly
 * @param tags         --tag labels every run must carry
 * @param clusterShape e.g. {@code embedded/1 broker(s)}
 * @param host         host name (runs recorded live)
 * @param from         started at or after
 * @param to           started before
 * @param limit        the most recent N runs; 0 for all
 */
public record CatalogQuery(EntryKind kind, String workload, Map<String, String> tags, String clusterShape, String host, Instant from,
                           Instant to, int limit) {
    public CatalogQuery {
        tags = tags == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        if (limit < 0) {
            throw InvalidInputException.field("--last", limit, "must be >= 0");
        }
        if (from != null && to != null && !from.isBefore(to)) {
            throw InvalidInputException.field("--from", from, "must be before --to " + to);
        }
    }

    /** Every run of {@code workload}. */
    public static CatalogQuery workload(String workload) {
        return new CatalogQuery(EntryKind.RUN, workload, Map.of(), null, null, null, null, 0);
    }
}
