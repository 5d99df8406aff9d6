package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a roll did, step by step (docs/upgrades.md). The baseline is the measured time before the roll, from the
 * per-interval series, so that each step's figures read against the run as it was.
 *
 * @param order                      the brokers in the order the roll planned to restart them
 * @param brokerConfig               the settings each broker got as it was restarted; null for a plain rolling restart
 * @param baselineFromSec            the start of the baseline on the run's axis (the roll's start minus roll.baseline,
 *                                   or the measured window's start when that is later)
 * @param baselineRecordsPerSec      median acknowledged records/s of the measured intervals in the baseline
 * @param baselinePublishP99Micros   median per-interval publish p99 in the baseline
 * @param baselineEndToEndP99Micros  median per-interval end-to-end p99 in the baseline; null without consumers
 * @param steps                      one per broker restarted or tried, in order; fewer than {@code order} when a
 *                                   step failed or the run ended first
 * @param kafkaVersion               the release each broker was restarted on (a rolling upgrade or downgrade); null
 *                                   when each kept its own
 * @param metadataVersionBefore      with kafkaVersion: the cluster's finalized metadata.version when the roll started
 *                                   ({@code 4.3-IV0}, named by the newest release kbench has; {@code level N} when
 *                                   none knows it)
 * @param metadataVersionAfter       with kafkaVersion: the finalized metadata.version when the roll ended, after
 *                                   {@code finalize} when the roll had it
 * @param finalizedSec               with {@code finalize}: when the new metadata.version read back, on the run's axis;
 *                                   null when the roll did not get that far
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RollFigures(List<Integer> order, Map<String, String> brokerConfig, Double baselineFromSec,
                          Double baselineRecordsPerSec, Double baselinePublishP99Micros,
                          Double baselineEndToEndP99Micros, List<RollStep> steps, String kafkaVersion,
                          String metadataVersionBefore, String metadataVersionAfter, Double finalizedSec) {
    public RollFigures {
        order = List.copyOf(order);
        brokerConfig = brokerConfig == null || brokerConfig.isEmpty() ? null
                : Collections.unmodifiableMap(new TreeMap<>(brokerConfig));
        steps = List.copyOf(steps);
    }

    /** A roll that kept each broker's release. */
    public RollFigures(List<Integer> order, Map<String, String> brokerConfig, Double baselineFromSec,
                       Double baselineRecordsPerSec, Double baselinePublishP99Micros, Double baselineEndToEndP99Micros,
                       List<RollStep> steps) {
        this(order, brokerConfig, baselineFromSec, baselineRecordsPerSec, baselinePublishP99Micros,
                baselineEndToEndP99Micros, steps, null, null, null, null);
    }

    /**
     * One line per step, each starting with {@code prefix} and {@code step: }, then for a roll to another release its
     * metadata.version before and after.
     */
    public String lines(String faultPrefix) {
        String prefix = faultPrefix + "step: ";
        StringBuilder b = new StringBuilder();
        for (RollStep s : steps) {
            b.append('\n').append(prefix).append(s.line(baselinePublishP99Micros, baselineEndToEndP99Micros));
        }
        if (steps.size() < order.size()) {
            b.append('\n').append(prefix).append("not restarted: broker(s) ")
                    .append(order.subList(steps.size(), order.size()));
        }
        if (kafkaVersion != null) {
            b.append('\n').append(faultPrefix).append(String.format(Locale.ROOT, "metadata.version %s -> %s%s",
                    metadataVersionBefore == null ? "unknown" : metadataVersionBefore,
                    metadataVersionAfter == null ? "unknown" : metadataVersionAfter,
                    finalizedSec == null ? " (not finalized)" : String.format(Locale.ROOT, " (finalized at %.1fs)",
                            finalizedSec)));
        }
        return b.toString();
    }
}
