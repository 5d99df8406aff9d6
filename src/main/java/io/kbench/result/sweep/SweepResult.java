package io.kbench.result.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.result.Environment;
import io.kbench.result.KbenchResult;
import io.kbench.result.SchemaChecks;
import io.kbench.result.Spread;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.run.RunStatus;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything sweep.json holds; documented in docs/sweeps.md and schema/sweep.schema.json. Each repetition's own
 * result.json is a {@link RunResult}.
 *
 * @param schemaVersion bumped on incompatible changes
 * @param kind          "sweep"
 * @param name          sweep name
 * @param description   from the sweep file
 * @param status        failed: a repetition failed in this invocation; interrupted: the sweep stopped early
 * @param startTime     wall-clock start of this invocation (UTC)
 * @param endTime       wall-clock end (UTC)
 * @param environment   versions and hardware of the load generator that wrote the file
 * @param axes          axis sweeps only: workload path -> values; absent for explicit points
 * @param repeat        repetitions asked of every point
 * @param cluster       the cluster of the first point that reports one
 * @param points        one per point reached, in the sweep file's point order
 * @param order         the order repetitions ran in; absent in files written before kbench recorded it (sequential)
 * @param seed          the shuffle seed of order random
 * @param runOrder      the repetitions this invocation ran, in the order it ran them (repetition 0: the warm-up run)
 * @param findings      the sweep file's findings, judged on the repetitions; absent when it declares none
 * @param repetitions   fixed or auto, and for auto its budget, looks and decisions; absent in files written before
 *                      kbench recorded it (fixed)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SweepResult(int schemaVersion, String kind, String name, String description, RunStatus status,
                          Instant startTime, Instant endTime, Environment environment, Map<String, List<JsonNode>> axes,
                          int repeat, Brokers cluster, List<Point> points, SweepOrder order, Long seed,
                          List<Slot> runOrder, List<FindingVerdict> findings, SweepRepetitions repetitions)
        implements KbenchResult {
    public static final int SCHEMA_VERSION = SchemaChecks.CURRENT;
    public static final String KIND = "sweep";
    public static final String FILE_NAME = "sweep.json";

    public SweepResult {
        SchemaChecks.kind(KIND, kind);
        SchemaChecks.schemaVersion(schemaVersion);
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(status, "status");
        if (repeat < 1) {
            throw new IllegalArgumentException("repeat must be >= 1 (got " + repeat + ")");
        }
        points = List.copyOf(Objects.requireNonNull(points, "points"));
    }

    /** A sweep.json without its repetitions section, as kbench wrote before it recorded one. */
    public SweepResult(int schemaVersion, String kind, String name, String description, RunStatus status,
                       Instant startTime, Instant endTime, Environment environment, Map<String, List<JsonNode>> axes,
                       int repeat, Brokers cluster, List<Point> points, SweepOrder order, Long seed,
                       List<Slot> runOrder, List<FindingVerdict> findings) {
        this(schemaVersion, kind, name, description, status, startTime, endTime, environment, axes, repeat, cluster,
                points, order, seed, runOrder, findings, null);
    }

    /**
     * The cluster a point ran on.
     *
     * @param brokers            broker count; 0 when an external cluster could not be asked
     * @param name               a campaign's cluster name (docs/sweeps.md, "Campaign across clusters"); absent otherwise
     * @param instanceType       what the campaign cluster's brokers run on, as its entry names it
     * @param vcpus              vCPUs of one of its broker hosts, when the entry gives them
     * @param bootstrapServers   the campaign cluster's bootstrap servers
     * @param kafkaBrokerVersion the brokers' Kafka version a completed repetition recorded (result.json
     *                           cluster.kafkaBrokerVersion); absent when none did
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Brokers(int brokers, String name, String instanceType, Integer vcpus, String bootstrapServers,
                          String kafkaBrokerVersion) {
        /** The broker count alone: a point of a sweep on one cluster. */
        public Brokers(int brokers) {
            this(brokers, null, null, null, null, null);
        }
    }

    /**
     * One point of the sweep.
     *
     * @param name        derived from the overrides; also the directory name under points/
     * @param overrides   workload path -> value, applied like --set
     * @param cluster     the cluster the point runs on, when known
     * @param repetitions result.json paths relative to the sweep directory, one per repetition reached
     * @param completed   repetitions with a completed result
     * @param failed      repetitions that failed in this invocation
     * @param summary     median/min/max over the completed repetitions; absent when none completed
     * @param thresholds  thresholds judged on the median summary; absent when none were given
     * @param variation   how much the repetitions disagree; absent with fewer than two completed
     * @param faults      the point's fault schedule (each repetition ran it on its own clock) with each fault's recovery
     *                    figures over the completed repetitions; absent without faults
     * @param conditions  what the repetitions measured about the conditions a finding may need (CPU throttling,
     *                    data written against the page cache); absent when nothing was measured
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Point(String name, Map<String, JsonNode> overrides, Brokers cluster, List<String> repetitions,
                        int completed, int failed, Stats summary, List<ThresholdVerdict> thresholds, Variation variation,
                        List<FaultSpread> faults, PointConditions conditions) {
        public Point {
            Objects.requireNonNull(name, "name");
            overrides = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(overrides, "overrides")));
            repetitions = List.copyOf(Objects.requireNonNull(repetitions, "repetitions"));
            faults = faults == null || faults.isEmpty() ? null : List.copyOf(faults);
        }

        /** Whether every threshold held; null when the point had none. */
        public Boolean thresholdsPassed() {
            return thresholds == null || thresholds.isEmpty() ? null : thresholds.stream().allMatch(ThresholdVerdict::passed);
        }
    }

    /**
     * One repetition in the order it ran.
     *
     * @param point      the point's name
     * @param repetition 1-based; 0 for the discarded warm-up run
     */
    public record Slot(String point, int repetition) {
    }

    /**
     * The coefficient of variation (sample standard deviation / mean, in %) of a point's headline figures over its
     * completed repetitions.
     *
     * @param producedRecordsPerSecCvPercent produced records/s
     * @param publishP99CvPercent            publish p99
     * @param endToEndP99CvPercent           end-to-end p99; absent unless measured
     * @param noisy                          a figure varies by more than {@code NOISY_CV_PERCENT}: comparisons
     *                                       with this point are likely to be inconclusive
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Variation(Double producedRecordsPerSecCvPercent, Double publishP99CvPercent, Double endToEndP99CvPercent,
                            boolean noisy) {
        /** Above this coefficient of variation a point is flagged noisy. */
        public static final double NOISY_CV_PERCENT = 10.0;
    }

    /**
     * A point's figures over its completed repetitions: every number of a run summary as a {@link Spread}.
     *
     * @param runs                  completed repetitions summarised
     * @param latencyMeasuredFrom   as in a run summary
     * @param produced              produce totals
     * @param consumed              consume totals; absent without consumers
     * @param publishLatencyMicros  send -> ack
     * @param endToEndLatencyMicros send -> consumer receive; absent unless measured
     * @param sendDelayMicros       behind schedule; absent at unlimited rate
     * @param cpuMicrosPerRecord    each side's client's CPU per measured record, microseconds (result.json's
     *                              loadCpu); absent when no repetition recorded it
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Stats(int runs, String latencyMeasuredFrom, TotalsSpread produced, TotalsSpread consumed,
                        LatencySpread publishLatencyMicros, LatencySpread endToEndLatencyMicros,
                        LatencySpread sendDelayMicros, SideSpread cpuMicrosPerRecord) {
        /** The figures of a sweep written before CPU per record was recorded. */
        public Stats(int runs, String latencyMeasuredFrom, TotalsSpread produced, TotalsSpread consumed,
                     LatencySpread publishLatencyMicros, LatencySpread endToEndLatencyMicros,
                     LatencySpread sendDelayMicros) {
            this(runs, latencyMeasuredFrom, produced, consumed, publishLatencyMicros, endToEndLatencyMicros,
                    sendDelayMicros, null);
        }

        /**
         * A figure as thresholds name it: group produced, consumed, publish, e2e or sendDelay, and a field of
         * {@link TotalsSpread} or {@link LatencySpread}; or group cpu and field producers or consumers; null when the
         * point did not measure it.
         */
        public Spread spread(String group, String field) {
            return switch (group) {
                case "cpu" -> cpuMicrosPerRecord == null ? null : cpuMicrosPerRecord.get(field);
                case "produced" -> produced == null ? null : produced.get(field);
                case "consumed" -> consumed == null ? null : consumed.get(field);
                case "publish" -> publishLatencyMicros == null ? null : publishLatencyMicros.get(field);
                case "e2e" -> endToEndLatencyMicros == null ? null : endToEndLatencyMicros.get(field);
                default -> sendDelayMicros == null ? null : sendDelayMicros.get(field);
            };
        }
    }

    /** A figure of each side over the repetitions; a side no repetition recorded is absent. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SideSpread(Spread producers, Spread consumers) {
        /** The named side: producers or consumers. */
        public Spread get(String side) {
            return switch (side) {
                case "producers" -> producers;
                case "consumers" -> consumers;
                default -> throw new IllegalArgumentException("unknown side " + side);
            };
        }
    }

    /** Produce or consume totals over the repetitions. */
    public record TotalsSpread(Spread records, Spread bytes, Spread recordsPerSec, Spread mebibytesPerSec,
                               Spread windowSec, Spread errors) {
        /** The named total: records, bytes, recordsPerSec, mebibytesPerSec, windowSec or errors. */
        public Spread get(String field) {
            return switch (field) {
                case "records" -> records;
                case "bytes" -> bytes;
                case "recordsPerSec" -> recordsPerSec;
                case "mebibytesPerSec" -> mebibytesPerSec;
                case "windowSec" -> windowSec;
                case "errors" -> errors;
                default -> throw new IllegalArgumentException("unknown total " + field);
            };
        }
    }

    /** Latency percentiles over the repetitions, microseconds (count: records measured). */
    public record LatencySpread(Spread count, Spread p50, Spread p95, Spread p99, Spread p999, Spread max, Spread mean) {
        /** The named percentile: p50, p95, p99, p999, max or mean. */
        public Spread get(String field) {
            return switch (field) {
                case "p50" -> p50;
                case "p95" -> p95;
                case "p99" -> p99;
                case "p999" -> p999;
                case "max" -> max;
                case "mean" -> mean;
                default -> throw new IllegalArgumentException("unknown percentile " + field);
            };
        }
    }
}
