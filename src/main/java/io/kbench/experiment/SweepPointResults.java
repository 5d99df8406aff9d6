package io.kbench.experiment;

import io.kbench.kpi.Threshold;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.sweep.FaultSpread;
import io.kbench.result.sweep.PointConditions;
import io.kbench.result.sweep.PointSummary;
import io.kbench.spec.WorkloadSpec;
import io.kbench.telemetry.HostMemory;
import java.util.ArrayList;
import java.util.List;

/** A sweep point's outcome from its repetitions: the median summary, thresholds judged on it, faults and conditions. */
final class SweepPointResults {
    private SweepPointResults() {
    }

    static Sweep.PointResult of(Sweep sweep, SweepRounds.PointTally t) {
        SweepDesign design = sweep.design();
        List<String> reps = List.copyOf(t.reps);
        PointSummary summary = t.completed.isEmpty() ? null : PointSummary.of(t.completed, t.cpu);
        List<Threshold> thresholds = sweep.context().output().thresholds();
        List<ThresholdVerdict> verdicts = summary == null ? thresholds.stream()
                .map(th -> new ThresholdVerdict(th.condition(), false, Double.NaN, "no completed repetition")).toList()
                : thresholds.stream().map(th -> th.evaluate(summary.median())).toList();
        WorkloadSpec workload = design.workload(t.point, null);
        List<FaultSpread> faults = new ArrayList<>();
        for (int f = 0; f < workload.faults().size(); f++) {
            faults.add(FaultSpread.of(f, workload.faults().get(f), t.faultRuns));
        }
        return new Sweep.PointResult(t.point, t.brokers, reps, t.completed.size(), t.executed, t.failed, summary, verdicts,
                t.violations, faults, PointConditions.of(t.conditions, pageCacheBytes(sweep, workload),
                sweep.external() || workload.cluster().limits() == null ? null : workload.cluster().limits().cpuQuota()),
                t.kafkaVersion);
    }

    /**
     * The most the brokers' page cache can hold: the host's memory, or the brokers' memory limits together when
     * smaller; null on an external cluster, whose hosts kbench does not see.
     */
    private static Long pageCacheBytes(Sweep sweep, WorkloadSpec workload) {
        if (sweep.external()) {
            return null;
        }
        java.util.OptionalLong host = HostMemory.totalBytes();
        Long limit = workload.cluster().limits() == null ? null : workload.cluster().limits().memoryBytes();
        Long limits = limit == null ? null : limit * workload.cluster().brokers();
        if (host.isEmpty()) {
            return limits;
        }
        return limits == null ? host.getAsLong() : Math.min(limits, host.getAsLong());
    }
}
