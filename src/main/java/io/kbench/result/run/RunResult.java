package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonPOJOBuilder;
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
import java.util.Optional;
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
 * @param sections         the optional parts ({@link RunSections}); written at the top level of result.json like the
 *                         fields above, through the accessors below, and read back by {@link Builder}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonDeserialize(builder = RunResult.Builder.class)
@JsonPropertyOrder({"schemaVersion", "kind", "name", "status", "failure", "tags", "startTime", "endTime", "environment",
        "cluster", "workload", "clientProperties", "summary", "intervals", "thresholds", "telemetry", "integrity",
        "faults", "breakdown", "share", "rebalances", "merge", "distributed", "storage", "schedule", "anatomy", "warmup",
        "backlog", "stages", "drift", "clients", "loadCpu"})
public record RunResult(int schemaVersion, String kind, String name, RunStatus status, String failure,
                        Map<String, String> tags, Instant startTime, Instant endTime, Environment environment,
                        ClusterInfo cluster, WorkloadSpec workload, Map<String, String> clientProperties,
                        Summary summary, List<IntervalPoint> intervals, List<ThresholdVerdict> thresholds,
                        @JsonIgnore RunSections sections)
        implements KbenchResult {
    public static final int SCHEMA_VERSION = SchemaChecks.CURRENT;
    public static final String KIND = "run";

    public RunResult {
        SchemaChecks.kind(KIND, kind);
        SchemaChecks.schemaVersion(schemaVersion);
        Objects.requireNonNull(status, "status");
        sections = sections == null ? RunSections.none() : sections;
    }

    /** A run result of the current schema, every field still to be named. */
    public static Builder builder() {
        return new Builder().schemaVersion(SCHEMA_VERSION).kind(KIND);
    }

    /** A builder holding every field of this result, to derive a copy with some of them changed. */
    public Builder toBuilder() {
        return sections.into(new Builder().schemaVersion(schemaVersion).kind(kind).name(name).status(status).failure(failure)
                .tags(tags).startTime(startTime).endTime(endTime).environment(environment).cluster(cluster)
                .workload(workload).clientProperties(clientProperties).summary(summary).intervals(intervals)
                .thresholds(thresholds));
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

    @JsonProperty
    public List<StageResult> stages() {
        return sections.stages();
    }

    @JsonProperty
    public Drift drift() {
        return sections.drift();
    }

    @JsonProperty
    public Clients clients() {
        return sections.clients();
    }

    @JsonProperty
    public LoadCpu loadCpu() {
        return sections.loadCpu();
    }

    /** Whether verification found an anomaly the settings rule out (false when the run was not verified). */
    public boolean integrityViolated() {
        return integrity() != null && integrity().violated();
    }

    /** Whether every threshold held (true when there were none). */
    public boolean thresholdsPassed() {
        return thresholds == null || thresholds.stream().allMatch(ThresholdVerdict::passed);
    }

    /**
     * Whether the measured window was steady, drifting or too short to tell ({@link Drift}); empty for a result without
     * a drift section (nothing measured, or written before it existed). A verdict on a drifting run judges it as such.
     */
    @JsonIgnore
    public Optional<SteadyState> steadyState() {
        return Optional.ofNullable(drift()).map(Drift::steady);
    }

    /** The offered load of a run held to rate stages, in words (producers.stages); empty for any other run. */
    @JsonIgnore
    public Optional<String> stagedLoad() {
        return workload == null || !workload.producers().staged() ? Optional.empty()
                : Optional.of(workload.producers().offeredLoadText());
    }

    /**
     * The total records/s the producers were held to; empty for an unlimited rate, stages (no one rate) or an
     * unrecorded workload.
     */
    @JsonIgnore
    public OptionalDouble fixedRateRecordsPerSec() {
        return workload == null || workload.producers().unlimitedRate() || workload.producers().staged()
                ? OptionalDouble.empty() : OptionalDouble.of(workload.producers().rate());
    }

    /**
     * Names each field of a run result; the one way to make one, in code and from result.json. Jackson reads a file
     * through it (one setter per top-level name), so the optional sections sit flat beside the core fields and reading
     * stays strict: an unknown key, "sections" included, fails. Jackson starts from the bare constructor, not from
     * {@link RunResult#builder()}, so a file without schemaVersion or kind still fails the record's checks.
     */
    @JsonPOJOBuilder(withPrefix = "")
    public static final class Builder {
        private int schemaVersion;
        private String kind;
        private String name;
        private RunStatus status;
        private String failure;
        private Map<String, String> tags;
        private Instant startTime;
        private Instant endTime;
        private Environment environment;
        private ClusterInfo cluster;
        private WorkloadSpec workload;
        private Map<String, String> clientProperties;
        private Summary summary;
        private List<IntervalPoint> intervals;
        private List<ThresholdVerdict> thresholds;
        /** The optional sections: set one by one as result.json names them, built into one {@link RunSections}. */
        private final RunSections.Builder sections = RunSections.builder();

        private Builder() {
        }

        public Builder schemaVersion(int value) {
            schemaVersion = value;
            return this;
        }

        public Builder kind(String value) {
            kind = value;
            return this;
        }

        public Builder name(String value) {
            name = value;
            return this;
        }

        public Builder status(RunStatus value) {
            status = value;
            return this;
        }

        public Builder failure(String value) {
            failure = value;
            return this;
        }

        public Builder tags(Map<String, String> value) {
            tags = value;
            return this;
        }

        public Builder startTime(Instant value) {
            startTime = value;
            return this;
        }

        public Builder endTime(Instant value) {
            endTime = value;
            return this;
        }

        public Builder environment(Environment value) {
            environment = value;
            return this;
        }

        public Builder cluster(ClusterInfo value) {
            cluster = value;
            return this;
        }

        public Builder workload(WorkloadSpec value) {
            workload = value;
            return this;
        }

        public Builder clientProperties(Map<String, String> value) {
            clientProperties = value;
            return this;
        }

        public Builder summary(Summary value) {
            summary = value;
            return this;
        }

        public Builder intervals(List<IntervalPoint> value) {
            intervals = value;
            return this;
        }

        public Builder thresholds(List<ThresholdVerdict> value) {
            thresholds = value;
            return this;
        }

        public Builder telemetry(Telemetry value) {
            sections.telemetry(value);
            return this;
        }

        public Builder integrity(Integrity value) {
            sections.integrity(value);
            return this;
        }

        public Builder faults(List<FaultResult> value) {
            sections.faults(value);
            return this;
        }

        public Builder breakdown(LoadBreakdown value) {
            sections.breakdown(value);
            return this;
        }

        public Builder share(ShareStats value) {
            sections.share(value);
            return this;
        }

        public Builder rebalances(RebalanceStats value) {
            sections.rebalances(value);
            return this;
        }

        public Builder merge(MergeInfo value) {
            sections.merge(value);
            return this;
        }

        public Builder distributed(DistributedRun value) {
            sections.distributed(value);
            return this;
        }

        public Builder storage(StorageInfo value) {
            sections.storage(value);
            return this;
        }

        public Builder schedule(Schedule value) {
            sections.schedule(value);
            return this;
        }

        public Builder anatomy(Anatomy value) {
            sections.anatomy(value);
            return this;
        }

        public Builder warmup(Warmup value) {
            sections.warmup(value);
            return this;
        }

        public Builder backlog(BacklogPhases value) {
            sections.backlog(value);
            return this;
        }

        public Builder stages(List<StageResult> value) {
            sections.stages(value);
            return this;
        }

        public Builder drift(Drift value) {
            sections.drift(value);
            return this;
        }

        public Builder clients(Clients value) {
            sections.clients(value);
            return this;
        }

        public Builder loadCpu(LoadCpu value) {
            sections.loadCpu(value);
            return this;
        }

        public RunResult build() {
            return new RunResult(schemaVersion, kind, name, status, failure, tags, startTime, endTime, environment,
                    cluster, workload, clientProperties, summary, intervals, thresholds, sections.build());
        }
    }
}
