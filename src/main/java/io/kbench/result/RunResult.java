package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param telemetry        broker, host and load-generator series on the interval axis, events and the diagnosis;
 *                         absent when telemetry was off or for results written before it existed
 * @param integrity        what verification found (verify: true), absent otherwise
 * @param faults           each scheduled fault as it happened, absent when the workload had none
 * @param breakdown        produced and consumed records and latency per partition and per consumer; absent for results
 *                         written before it existed
 * @param share            what the share group did (consumers.mode share), absent otherwise
 * @param rebalances       processing gaps around each consumer change (consumers.changes), absent without changes
 * @param merge            how a {@code kbench merge} result was made from several runs and each run's own figures;
 *                         absent in the result of a single run
 * @param distributed      how a distributed run was spread over workers and each worker's part; absent for a run
 *                         in one process
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunResult(int schemaVersion, String kind, String name, RunStatus status, String failure,
                        Map<String, String> tags, Instant startTime, Instant endTime, Environment environment,
                        ClusterInfo cluster, WorkloadSpec workload, Map<String, String> clientProperties,
                        Summary summary, List<IntervalPoint> intervals,
                        List<ThresholdVerdict> thresholds, Telemetry telemetry, Integrity integrity,
                        List<FaultResult> faults, LoadBreakdown breakdown, ShareStats share,
                        RebalanceStats rebalances, MergeInfo merge, DistributedRun distributed) implements KbenchResult {
    public static final int SCHEMA_VERSION = SchemaChecks.CURRENT;
    public static final String KIND = "run";

    /** A run without telemetry, verification or faults. */
    public RunResult(int schemaVersion, String kind, String name, RunStatus status, String failure,
                     Map<String, String> tags, Instant startTime, Instant endTime, Environment environment,
                     ClusterInfo cluster, WorkloadSpec workload, Map<String, String> clientProperties,
                     Summary summary, List<IntervalPoint> intervals, List<ThresholdVerdict> thresholds) {
        this(schemaVersion, kind, name, status, failure, tags, startTime, endTime, environment, cluster, workload,
                clientProperties, summary, intervals, thresholds, null, null, null, null, null, null, null, null);
    }

    /** A result with faults but without the breakdown, share-group or rebalance figures. */
    public RunResult(int schemaVersion, String kind, String name, RunStatus status, String failure,
                     Map<String, String> tags, Instant startTime, Instant endTime, Environment environment,
                     ClusterInfo cluster, WorkloadSpec workload, Map<String, String> clientProperties,
                     Summary summary, List<IntervalPoint> intervals, List<ThresholdVerdict> thresholds,
                     Telemetry telemetry, Integrity integrity, List<FaultResult> faults) {
        this(schemaVersion, kind, name, status, failure, tags, startTime, endTime, environment, cluster, workload,
                clientProperties, summary, intervals, thresholds, telemetry, integrity, faults, null, null, null, null, null);
    }

    public RunResult {
        SchemaChecks.kind(KIND, kind);
        SchemaChecks.schemaVersion(schemaVersion);
        Objects.requireNonNull(status, "status");
    }

    /** A result without verification or faults. */
    public RunResult(int schemaVersion, String kind, String name, RunStatus status, String failure,
                     Map<String, String> tags, Instant startTime, Instant endTime, Environment environment,
                     ClusterInfo cluster, WorkloadSpec workload, Map<String, String> clientProperties,
                     Summary summary, List<IntervalPoint> intervals, List<ThresholdVerdict> thresholds,
                     Telemetry telemetry) {
        this(schemaVersion, kind, name, status, failure, tags, startTime, endTime, environment, cluster, workload,
                clientProperties, summary, intervals, thresholds, telemetry, null, null, null, null, null, null, null);
    }

    /** A result without faults. */
    public RunResult(int schemaVersion, String kind, String name, RunStatus status, String failure,
                     Map<String, String> tags, Instant startTime, Instant endTime, Environment environment,
                     ClusterInfo cluster, WorkloadSpec workload, Map<String, String> clientProperties,
                     Summary summary, List<IntervalPoint> intervals, List<ThresholdVerdict> thresholds,
                     Telemetry telemetry, Integrity integrity) {
        this(schemaVersion, kind, name, status, failure, tags, startTime, endTime, environment, cluster, workload,
                clientProperties, summary, intervals, thresholds, telemetry, integrity, null, null, null, null, null, null);
    }

    /** Whether verification found an anomaly the settings rule out (false when the run was not verified). */
    public boolean integrityViolated() {
        return integrity != null && integrity.violated();
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
