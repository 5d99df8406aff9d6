package io.kbench.result.cost;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Cost figures for one measured result on one instance type.
 *
 * @param recordsPerSecPerDollarHour cost-performance: per-node records/s / hourly price (= cluster records/s / cluster $/h)
 * @param improvementPercent cost-performance change against the baseline row, in percent
 * @param nodesForTarget null when no target load was given
 * @param yearlyCostForTarget null when no target load was given
 */
// Nulls are written (as kbench cost --json always did), unlike the other kinds.
@JsonInclude(JsonInclude.Include.ALWAYS)
public record CostRow(
        String label,
        String source,
        String instanceType,
        double hourlyPrice,
        int testedBrokers,
        double clusterRecordsPerSec,
        double clusterMebibytesPerSec,
        double perNodeRecordsPerSec,
        double recordsPerSecPerDollarHour,
        double improvementPercent,
        double yearlyCostTested,
        Integer nodesForTarget,
        Double yearlyCostForTarget) {
}
