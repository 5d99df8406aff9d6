package io.kbench.result.run;

import io.kbench.result.ClusterInfo;
import io.kbench.result.Environment;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.spec.WorkloadSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Run results for tests: name only the fields a test is about. Starts as a completed run of the current schema with
 * everything else absent; {@link #from} starts from an existing result to derive a changed copy.
 */
public final class RunResults {
    private int schemaVersion = RunResult.SCHEMA_VERSION;
    private String kind = RunResult.KIND;
    private String name = "w";
    private RunStatus status = RunStatus.COMPLETED;
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
    private final RunSections.Builder sections;

    private RunResults(RunSections.Builder sections) {
        this.sections = sections;
    }

    public static RunResults builder() {
        return new RunResults(RunSections.builder());
    }

    /**
     * A completed run of {@code spec} from 2026-01-01T00:00:00Z to 00:00:30Z on this machine, without tags or client
     * properties: the frame the schema tests fill with the part they are about.
     */
    public static RunResults of(WorkloadSpec spec) {
        return builder().name(spec.name()).workload(spec).tags(Map.of()).clientProperties(Map.of())
                .startTime(Instant.parse("2026-01-01T00:00:00Z")).endTime(Instant.parse("2026-01-01T00:00:30Z"))
                .environment(Environment.capture());
    }

    /** A builder holding every field of {@code r}. */
    public static RunResults from(RunResult r) {
        return new RunResults(r.sections().toBuilder()).schemaVersion(r.schemaVersion()).kind(r.kind()).name(r.name())
                .status(r.status()).failure(r.failure()).tags(r.tags()).startTime(r.startTime()).endTime(r.endTime())
                .environment(r.environment()).cluster(r.cluster()).workload(r.workload())
                .clientProperties(r.clientProperties()).summary(r.summary()).intervals(r.intervals())
                .thresholds(r.thresholds());
    }

    public RunResults schemaVersion(int value) {
        schemaVersion = value;
        return this;
    }

    public RunResults kind(String value) {
        kind = value;
        return this;
    }

    public RunResults name(String value) {
        name = value;
        return this;
    }

    public RunResults status(RunStatus value) {
        status = value;
        return this;
    }

    public RunResults failure(String value) {
        failure = value;
        return this;
    }

    public RunResults tags(Map<String, String> value) {
        tags = value;
        return this;
    }

    public RunResults startTime(Instant value) {
        startTime = value;
        return this;
    }

    public RunResults endTime(Instant value) {
        endTime = value;
        return this;
    }

    public RunResults environment(Environment value) {
        environment = value;
        return this;
    }

    public RunResults cluster(ClusterInfo value) {
        cluster = value;
        return this;
    }

    public RunResults workload(WorkloadSpec value) {
        workload = value;
        return this;
    }

    public RunResults clientProperties(Map<String, String> value) {
        clientProperties = value;
        return this;
    }

    public RunResults summary(Summary value) {
        summary = value;
        return this;
    }

    public RunResults intervals(List<IntervalPoint> value) {
        intervals = value;
        return this;
    }

    public RunResults thresholds(List<ThresholdVerdict> value) {
        thresholds = value;
        return this;
    }

    public RunResults telemetry(Telemetry value) {
        sections.telemetry(value);
        return this;
    }

    public RunResults integrity(Integrity value) {
        sections.integrity(value);
        return this;
    }

    public RunResults faults(List<FaultResult> value) {
        sections.faults(value);
        return this;
    }

    public RunResults breakdown(LoadBreakdown value) {
        sections.breakdown(value);
        return this;
    }

    public RunResults share(ShareStats value) {
        sections.share(value);
        return this;
    }

    public RunResults rebalances(RebalanceStats value) {
        sections.rebalances(value);
        return this;
    }

    public RunResults merge(MergeInfo value) {
        sections.merge(value);
        return this;
    }

    public RunResults storage(StorageInfo value) {
        sections.storage(value);
        return this;
    }

    public RunResults distributed(DistributedRun value) {
        sections.distributed(value);
        return this;
    }

    public RunResults warmup(Warmup value) {
        sections.warmup(value);
        return this;
    }

    public RunResults backlog(BacklogPhases value) {
        sections.backlog(value);
        return this;
    }

    public RunResult build() {
        return new RunResult(schemaVersion, kind, name, status, failure, tags, startTime, endTime, environment, cluster,
                workload, clientProperties, summary, intervals, thresholds, sections.build());
    }
}
