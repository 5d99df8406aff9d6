package io.kbench.result.cost;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Cost figures for one measured result on one instance type.
 *
 * @param recordsPerSecPerDollarHour cost-performance: per-node records/s / hourly price (= cluster records/s / cluster $/h)
 * @param improvementPercent cost-performance change against the baseline row, in percent
 * @param nodesForTarget null when no target load was given
 * @param yearlyCostForTarget null when no target load was given
 * @param yearlyCostPerNode one node for a year: hourly price x 8,760 h (null in files written before it existed)
 * @param monthlyCostTested the tested brokers for a month: the price file's monthly price when it gives one, else the
 *                          hourly price x 730 h (null in files written before it existed)
 * @param yearlySavingsForTarget the baseline row's yearly cost for the target minus this row's; null without a target
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
        // Absent rather than null in files written before they existed, so those files are written back unchanged.
        @JsonInclude(JsonInclude.Include.NON_NULL) Double yearlyCostPerNode,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double monthlyCostTested,
        Integer nodesForTarget,
        Double yearlyCostForTarget,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double yearlySavingsForTarget) {
}
