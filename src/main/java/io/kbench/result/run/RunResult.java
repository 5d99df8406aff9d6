package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.kbench.result.ClusterInfo;
import io.kbench.result.Environment;
import io.kbench.result.KbenchResult;
import io.kbench.result.SchemaChecks;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.telemetry.Anatomy;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.spec.WorkloadSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Everything result.json holds for one run; documented in docs/results.md and schema/result.schema.json.
 *
 * @param schemaVersion    bumped on incompatible changes
 * @param kind             "run"
 * @param name             workload name
 * @param status           completed, interrupted or failed
 * @param failure          why, when not completed
 * @param tags             user labels from --tag (e.g. instanceType)
 * @param startTime        wall-clock start (UTC)
 * @param endTime          wall-clock end (UTC)
 * @param environment      versions and hardware of the load generator
 * @param cluster          the cluster used
 * @param workload         the resolved workload
 * @param clientProperties connection properties shared by all clients (secrets redacted)
 * @param summary          headline figures
 * @param intervals        per-interval series
 * @param thresholds       pass/fail of each --threshold, absent when none were given
 * @param sections         the optional parts (telemetry, integrity, faults, breakdown, share, rebalances, merge,
 *                         distributed, storage, schedule, anatomy, warmup, backlog); written at the top level of result.json like the fields above, through
 *                         the accessors below. Marked write-only rather than ignored because Jackson skips an ignored
 *                         name silently, and a "sections" key in a file must fail as unknown like any other.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schemaVersion", "kind", "name", "status", "failure", "tags", "startTime", "endTime", "environment",
        "cluster", "workload", "clientProperties", "summary", "intervals", "thresholds", "telemetry", "integrity",
        "faults", "breakdown", "share", "rebalances", "merge", "distributed", "storage", "schedule", "anatomy", "warmup",
        "backlog"})
public record RunResult(int schemaVersion, String kind, String name, RunStatus status, String failure,
                        Map<String, String> tags, Instant startTime, Instant endTime, Environment environment,
                        ClusterInfo cluster, WorkloadSpec workload, Map<String, String> clientProperties,
                        Summary summary, List<IntervalPoint> intervals, List<ThresholdVerdict> thresholds,
                        @JsonProperty(access = JsonProperty.Access.WRITE_ONLY) RunSections sections)
        implements KbenchResult {
    public static final int SCHEMA_VERSION = SchemaChecks.CURRENT;
    public static final String KIND = "run";

    public RunResult {
        SchemaChecks.kind(KIND, kind);
        SchemaChecks.schemaVersion(schemaVersion);
        Objects.requireNonNull(status, "status");
        sections = sections == null ? RunSections.none() : sections;
    }

    /**
     * Reads result.json, whose optional sections sit at the top level beside the core fields. A creator taking the
     * flat properties (rather than {@code @JsonUnwrapped}) keeps reading strict: an unknown key still fails.
     */
    @JsonCreator
    static RunResult fromJson(@JsonProperty("schemaVersion") int schemaVersion, @JsonProperty("kind") String kind,
                              @JsonProperty("name") String name, @JsonProperty("status") RunStatus status,
                              @JsonProperty("failure") String failure, @JsonProperty("tags") Map<String, String> tags,
                              @JsonProperty("startTime") Instant startTime, @JsonProperty("endTime") Instant endTime,
                              @JsonProperty("environment") Environment environment,
                              @JsonProperty("cluster") ClusterInfo cluster, @JsonProperty("workload") WorkloadSpec workload,
                              @JsonProperty("clientProperties") Map<String, String> clientProperties,
                              @JsonProperty("summary") Summary summary,
                              @JsonProperty("intervals") List<IntervalPoint> intervals,
                              @JsonProperty("thresholds") List<ThresholdVerdict> thresholds,
                              @JsonProperty("telemetry") Telemetry telemetry,
                              @JsonProperty("integrity") Integrity integrity,
                              @JsonProperty("faults") List<FaultResult> faults,
                              @JsonProperty("breakdown") LoadBreakdown breakdown, @JsonProperty("share") ShareStats share,
                              @JsonProperty("rebalances") RebalanceStats rebalances,
                              @JsonProperty("merge") MergeInfo merge,
                              @JsonProperty("distributed") DistributedRun distributed,
                              @JsonProperty("storage") StorageInfo storage,
                              @JsonProperty("schedule") Schedule schedule, @JsonProperty("anatomy") Anatomy anatomy,
                              @JsonProperty("warmup") Warmup warmup,
                              @JsonProperty("backlog") BacklogPhases backlog) {
        RunSections sections = new RunSections(telemetry, integrity, faults, breakdown, share, rebalances, merge,
                distributed, storage, schedule, anatomy, warmup, backlog);
        return new RunResult(schemaVersion, kind, name, status, failure, tags, startTime, endTime, environment, cluster,
                workload, clientProperties, summary, intervals, thresholds, sections);
    }

    /** This result with other optional sections: the one way a result is derived from another. */
    public RunResult with(RunSections other) {
        return new RunResult(schemaVersion, kind, name, status, failure, tags, startTime, endTime, environment, cluster,
                workload, clientProperties, summary, intervals, thresholds, other);
    }

    // The sections are written flat, as result.json always had them; these accessors are what Jackson writes.

    @JsonProperty
    public Telemetry telemetry() {
        return sections.telemetry();
    }

    @JsonProperty
    public Integrity integrity() {
        return sections.integrity();
    }

    @JsonProperty
    public List<FaultResult> faults() {
        return sections.faults();
    }

    @JsonProperty
    public LoadBreakdown breakdown() {
        return sections.breakdown();
    }

    @JsonProperty
    public ShareStats share() {
        return sections.share();
    }

    @JsonProperty
    public RebalanceStats rebalances() {
        return sections.rebalances();
    }

    @JsonProperty
    public MergeInfo merge() {
        return sections.merge();
    }

    @JsonProperty
    public DistributedRun distributed() {
        return sections.distributed();
    }

    @JsonProperty
    public StorageInfo storage() {
        return sections.storage();
    }

    @JsonProperty
    public Schedule schedule() {
        return sections.schedule();
    }

    @JsonProperty
    public Anatomy anatomy() {
        return sections.anatomy();
    }

    @JsonProperty
    public Warmup warmup() {
        return sections.warmup();
    }

    @JsonProperty
    public BacklogPhases backlog() {
        return sections.backlog();
    }

    /** Whether verification found an anomaly the settings rule out (false when the run was not verified). */
    public boolean integrityViolated() {
        return integrity() != null && integrity().violated();
    }

    /** Whether every threshold held (true when there were none). */
    public boolean thresholdsPassed() {
        return thresholds == null || thresholds.stream().allMatch(ThresholdVerdict::passed);
    }

    /** The total records/s the producers were held to; empty for an unlimited rate or an unrecorded workload. */
    @JsonIgnore
    public OptionalDouble fixedRateRecordsPerSec() {
        return workload == null || workload.producers().unlimitedRate() ? OptionalDouble.empty()
                : OptionalDouble.of(workload.producers().rate());
    }
}
