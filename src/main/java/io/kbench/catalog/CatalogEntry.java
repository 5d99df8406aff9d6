package io.kbench.catalog;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One run as the catalog holds it: identity, environment, summary figures, what limited it, and where its files are.
 * Built from the result.json kbench wrote (secrets already redacted there), never from live objects.
 *
 * @param runKey       SHA-256 of the result.json bytes: the same file is recorded once however often imported
 * @param kind         run, sweep point or find-max answer
 * @param workload     workload name (a sweep point: sweep/point)
 * @param workloadHash SHA-256 of the resolved workload (redacted, keys sorted)
 * @param startedAt    wall-clock start (UTC)
 * @param status       completed, interrupted or failed
 * @param environment  what it ran on
 * @param gitRevision  git commit of the workload file when it was in a git work tree; absent otherwise
 * @param tags         --tag labels
 * @param kpis         summary figures present in the run (absent ones are left out)
 * @param errors       failed sends
 * @param diagnosis    what limited the run ({@code limited_by} and evidence); absent without telemetry
 * @param resultDir    the run's directory (absolute)
 * @param setup        the settings that make it one experiment and the cluster's conditions (history's series)
 */
public record CatalogEntry(String runKey, EntryKind kind, String workload, String workloadHash, Instant startedAt, String status,
                           RunEnvironment environment, String gitRevision, Map<String, String> tags,
                           Map<CatalogKpi, Double> kpis, long errors, Diagnosis diagnosis, String resultDir,
                           RunSetup setup) {
    public CatalogEntry {
        Objects.requireNonNull(runKey, "runKey");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(workloadHash, "workloadHash");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(resultDir, "resultDir");
        setup = setup == null ? RunSetup.unknown() : setup;
        tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        kpis = kpis.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(kpis));
        kpis.forEach((k, v) -> {
            if (!Double.isFinite(v) || v < 0) {
                throw new IllegalArgumentException("kpis." + k.label() + ": must be finite and >= 0 (got " + v + ")");
            }
        });
        if (errors < 0) {
            throw new IllegalArgumentException("errors: must be >= 0 (got " + errors + ")");
        }
    }

    public OptionalDouble kpi(CatalogKpi kpi) {
        Double v = kpis.get(kpi);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /** Short run id for tables: the result directory's name (a sweep point: sweep/point). */
    public String label() {
        if (kind == EntryKind.SWEEP_POINT) {
            return workload;
        }
        int slash = Math.max(resultDir.lastIndexOf('/'), resultDir.lastIndexOf('\\'));
        return resultDir.substring(slash + 1);
    }

    /**
     * The diagnosis and telemetry summary of a run.
     *
     * @param limitedBy what limited the run, e.g. {@code broker_cpu} or {@code none_found}
     * @param evidence  one line of figures behind it
     * @param telemetry JSON object: the mean of each sampled series over the run, by metric and source
     */
    public record Diagnosis(String limitedBy, String evidence, String telemetry) {
        public Diagnosis {
            Objects.requireNonNull(limitedBy, "limitedBy");
        }
    }
}
