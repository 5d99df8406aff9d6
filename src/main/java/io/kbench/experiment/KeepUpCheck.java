package io.kbench.experiment;

import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Threshold;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.unit.Percent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a probe run kept up with its offered rate and met the SLA: it completed, the achieved produce rate is at
 * least (1 - tolerance) x target, no send failed, live consumers received every measured record, and the SLA holds.
 *
 * @param sla                the SLA, a threshold such as {@code e2e.p99<200ms}; null: keeping up is enough
 * @param keepUpTolerance    fraction of the target the achieved rate may fall short by, e.g. 0.05
 */
public record KeepUpCheck(Threshold sla, double keepUpTolerance) {
    public KeepUpCheck {
        if (!(keepUpTolerance >= 0 && keepUpTolerance < 1)) {
            throw InvalidInputException.field("--keep-up-tolerance", Percent.ofFraction(keepUpTolerance),
                    "must be at least 0% and below 100%");
        }
    }

    /** Judges {@code result}, a run at {@code targetRecordsPerSec}; {@code liveConsumers} as in its workload. */
    public ProbeOutcome judge(double targetRecordsPerSec, RunResult result, boolean liveConsumers, String resultDir) {
        Summary s = result.summary();
        List<String> reasons = new ArrayList<>();
        if (result.status() != RunStatus.COMPLETED) {
            reasons.add("run " + result.status() + (result.failure() != null ? ": " + result.failure() : ""));
        }
        if (result.integrityViolated()) {
            reasons.add("integrity violation (verify)");
        }
        Totals produced = s == null ? null : s.produced();
        if (produced == null || produced.records() == 0) {
            reasons.add("nothing produced");
        } else {
            double floor = (1 - keepUpTolerance) * targetRecordsPerSec;
            if (produced.recordsPerSec() < floor) {
                reasons.add(String.format(Locale.ROOT, "achieved %,.0f rec/s < %s of target", produced.recordsPerSec(),
                        Percent.ofFraction(1 - keepUpTolerance)));
            }
            if (produced.errors() > 0) {
                reasons.add(String.format(Locale.ROOT, "%,d produce errors", produced.errors()));
            }
            if (liveConsumers) {
                long consumed = s.consumed() == null ? 0 : s.consumed().records();
                if (consumed < produced.records()) {
                    reasons.add(String.format(Locale.ROOT, "consumers fell behind: consumed %,d of %,d", consumed,
                            produced.records()));
                }
            }
        }
        if (s != null && sla != null) {
            ThresholdVerdict v = sla.evaluate(s);
            if (!v.passed()) {
                reasons.add("SLA " + sla.text() + " failed (measured " + v.shown() + ")");
            }
        }
        boolean passed = reasons.isEmpty();
        return new ProbeOutcome(null, null, targetRecordsPerSec, passed, passed ? "ok" : String.join("; ", reasons),
                produced == null ? null : produced.recordsPerSec(),
                s == null || s.publishLatencyMicros() == null || s.publishLatencyMicros().count() == 0 ? null : s.publishLatencyMicros().p50(),
                s == null || s.publishLatencyMicros() == null || s.publishLatencyMicros().count() == 0 ? null : s.publishLatencyMicros().p99(),
                s == null || s.endToEndLatencyMicros() == null || s.endToEndLatencyMicros().count() == 0 ? null : s.endToEndLatencyMicros().p50(),
                s == null || s.endToEndLatencyMicros() == null || s.endToEndLatencyMicros().count() == 0 ? null : s.endToEndLatencyMicros().p99(),
                resultDir);
    }
}
