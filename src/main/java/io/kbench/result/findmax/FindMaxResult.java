package io.kbench.result.findmax;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.InvalidInputException;
import io.kbench.result.ClusterInfo;
import io.kbench.result.Environment;
import io.kbench.result.KbenchResult;
import io.kbench.result.SchemaChecks;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.run.Clients;
import io.kbench.spec.WorkloadSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a find-max result.json holds; {@code kind} is "find-max". Each probe's own result.json is in
 * {@code probes/NN-<rate>/} next to it.
 *
 * @param schemaVersion    as for runs
 * @param kind             "find-max"
 * @param name             workload name
 * @param tags             user labels from --tag
 * @param startTime        wall-clock start (UTC)
 * @param endTime          wall-clock end (UTC)
 * @param environment      versions and hardware of the load generator
 * @param cluster          the cluster probed (from the first probe)
 * @param workload         the workload as given, before the per-probe rate, duration and topic
 * @param clientProperties connection properties shared by all clients (secrets redacted)
 * @param findMax          the answer and how it was searched
 * @param probes           every probe in order, of every search
 * @param thresholds       --threshold verdicts, judged on the run at the answer; absent when none were given
 * @param searches         each independent search's own answer, in order (--searches); absent in files written
 *                         before there was more than one search
 * @param clients          the drivers of a client other than java that ran the probes, as the first probe's result.json
 *                         records them (docs/clients.md); absent when java sent and read, and in files written before
 *                         find-max ran drivers
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FindMaxResult(int schemaVersion, String kind, String name, Map<String, String> tags, Instant startTime,
                            Instant endTime, Environment environment, ClusterInfo cluster, WorkloadSpec workload,
                            Map<String, String> clientProperties, Figures findMax, List<ProbeOutcome> probes,
                            List<ThresholdVerdict> thresholds, List<SearchAnswer> searches, Clients clients)
        implements KbenchResult {
    /** The SLA a keep-up-only search (find-max without --sla) records. */
    public static final String NO_SLA = "none";
    public static final String KIND = "find-max";

    public FindMaxResult {
        SchemaChecks.kind(KIND, kind);
        SchemaChecks.schemaVersion(schemaVersion);
        Objects.requireNonNull(findMax, "findMax");
        probes = probes == null ? List.of() : List.copyOf(probes);
        searches = searches == null ? null : List.copyOf(searches);
    }

    /**
     * Each search's answer (FOUND or LOWER_BOUND), in search order: from {@code searches}, or for a file written
     * before there was more than one search, its one answer; empty when no search found a rate.
     */
    public List<Double> answers() {
        if (searches != null) {
            return searches.stream().filter(s -> s.maxRecordsPerSec() != null).map(SearchAnswer::maxRecordsPerSec).toList();
        }
        return findMax.maxRecordsPerSec() == null ? List.of() : List.of(findMax.maxRecordsPerSec());
    }

    /** Whether every threshold held (true when there were none). */
    public boolean thresholdsPassed() {
        return thresholds == null || thresholds.stream().allMatch(ThresholdVerdict::passed);
    }

    /**
     * The answer. {@code maxRecordsPerSec}/{@code maxMebibytesPerSec} are absent unless outcome is FOUND or LOWER_BOUND.
     * kbench always writes the search settings; they are boxed (optional on reading) so that a result carrying only the
     * answer still loads. A publication's figures are not written as a result: kbench cost takes them as stated
     * figures ({@code --stated}, scenarios/cost/), labelled as not measured.
     *
     * @param sla                       the SLA as given
     * @param outcome                   FOUND, LOWER_BOUND, NO_SUSTAINABLE_RATE or UNCONFIRMED
     * @param maxRecordsPerSec          highest offered rate that kept up and met the SLA, records/s over all producers;
     *                                  over several searches, the median of their answers
     * @param maxMebibytesPerSec        the same in MiB/s of record values: maxRecordsPerSec x recordSizeBytes / 2^20
     * @param recordSizeBytes           mean record value size of the workload
     * @param precisionPercent          the requested precision
     * @param achievedPrecisionPercent  (first failed rate - answer) / answer, when a rate above the answer failed (several
     *                                  searches: the widest of their brackets)
     * @param firstFailRecordsPerSec    lowest failed rate above the answer (several searches: the median of theirs)
     * @param keepUpTolerancePercent    shortfall of the achieved rate allowed
     * @param startRateRecordsPerSec    first rate probed
     * @param probeDuration             measured time per probe
     * @param probeWarmup               warm-up per probe
     * @param probeCooldown             idle time before each probe after the first
     * @param clusterWarmup             the unjudged run at the start rate before the first probe (0s: none)
     * @param maxProbes                 probe budget
     * @param message                   one line on how the search ended (several: how many found a rate)
     * @param spread                    the answer over the searches: median, interval, how many searches and why;
     *                                  absent in files written before --searches
     * @param method                    how each search walked the rate (bisection or steps); absent in files written
     *                                  before --step, which bisected
     * @param stepRecordsPerSec         steps only: the fixed step added after each passing probe ({@code --step}), the
     *                                  answer's precision
     * @param maxRateRecordsPerSec      steps only: the highest rate the ladder would probe ({@code --max-rate}); absent
     *                                  when none was given
     * @param minRateRecordsPerSec      the lowest rate a search below a failing start rate probes ({@code --min-rate});
     *                                  absent in files written before a search went below its start
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Figures(String sla, FindMaxOutcome outcome, Double maxRecordsPerSec, Double maxMebibytesPerSec,
                          Number recordSizeBytes, Double precisionPercent, Double achievedPrecisionPercent,
                          Double firstFailRecordsPerSec, Double keepUpTolerancePercent, Double startRateRecordsPerSec,
                          String probeDuration, String probeWarmup, String probeCooldown, String clusterWarmup,
                          Integer maxProbes, String message, AnswerSpread spread, SearchMethod method,
                          Double stepRecordsPerSec, Double maxRateRecordsPerSec, Double minRateRecordsPerSec) {
        public Figures {
            if (minRateRecordsPerSec != null && !(minRateRecordsPerSec > 0)) {
                throw InvalidInputException.field("findMax.minRateRecordsPerSec", minRateRecordsPerSec, "must be a rate above 0");
            }
            if (outcome == null) {
                throw new IllegalArgumentException("outcome: missing (FOUND, LOWER_BOUND, NO_SUSTAINABLE_RATE or UNCONFIRMED)");
            }
            // A step is the answer's precision: a ladder without one could not say how close its answer is.
            if (method == SearchMethod.STEPS && (stepRecordsPerSec == null || !(stepRecordsPerSec > 0))) {
                throw InvalidInputException.field("findMax.stepRecordsPerSec", stepRecordsPerSec,
                        "must be a rate above 0 when findMax.method is steps");
            }
            if (method != SearchMethod.STEPS && (stepRecordsPerSec != null || maxRateRecordsPerSec != null)) {
                throw InvalidInputException.field(stepRecordsPerSec != null ? "findMax.stepRecordsPerSec"
                        : "findMax.maxRateRecordsPerSec", stepRecordsPerSec != null ? stepRecordsPerSec : maxRateRecordsPerSec,
                        "only belongs to findMax.method steps");
            }
        }

        /** A bisection's figures, as every find-max wrote them before --step. */
        public Figures(String sla, FindMaxOutcome outcome, Double maxRecordsPerSec, Double maxMebibytesPerSec,
                       Number recordSizeBytes, Double precisionPercent, Double achievedPrecisionPercent,
                       Double firstFailRecordsPerSec, Double keepUpTolerancePercent, Double startRateRecordsPerSec,
                       String probeDuration, String probeWarmup, String probeCooldown, String clusterWarmup,
                       Integer maxProbes, String message, AnswerSpread spread) {
            this(sla, outcome, maxRecordsPerSec, maxMebibytesPerSec, recordSizeBytes, precisionPercent,
                    achievedPrecisionPercent, firstFailRecordsPerSec, keepUpTolerancePercent, startRateRecordsPerSec,
                    probeDuration, probeWarmup, probeCooldown, clusterWarmup, maxProbes, message, spread, null, null, null, null);
        }

        /** The figures as written before --min-rate: no search went below its start rate. */
        public Figures(String sla, FindMaxOutcome outcome, Double maxRecordsPerSec, Double maxMebibytesPerSec,
                       Number recordSizeBytes, Double precisionPercent, Double achievedPrecisionPercent,
                       Double firstFailRecordsPerSec, Double keepUpTolerancePercent, Double startRateRecordsPerSec,
                       String probeDuration, String probeWarmup, String probeCooldown, String clusterWarmup,
                       Integer maxProbes, String message, AnswerSpread spread, SearchMethod method,
                       Double stepRecordsPerSec, Double maxRateRecordsPerSec) {
            this(sla, outcome, maxRecordsPerSec, maxMebibytesPerSec, recordSizeBytes, precisionPercent,
                    achievedPrecisionPercent, firstFailRecordsPerSec, keepUpTolerancePercent, startRateRecordsPerSec,
                    probeDuration, probeWarmup, probeCooldown, clusterWarmup, maxProbes, message, spread, method,
                    stepRecordsPerSec, maxRateRecordsPerSec, null);
        }

        /** How the searches walked the rate: a file without {@code method} was written before --step and bisected. */
        public SearchMethod searchMethod() {
            return method == null ? SearchMethod.BISECTION : method;
        }
    }
}
