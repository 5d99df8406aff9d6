package io.kbench.result.findmax;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;

/**
 * What one find-max probe at a fixed offered rate showed: whether the cluster kept up and the SLA held, and why not.
 *
 * @param search                 which of find-max's searches ran it (1, 2, ...); absent in files written before --searches
 * @param phase                  bracket (doubling), bisect, or confirm; set by the search
 * @param rateRecordsPerSec      the offered (target) rate, records/s over all producers
 * @param passed                 kept up and met the SLA
 * @param reason                 "ok", or every reason it failed, separated by "; "
 * @param producedRecordsPerSec  achieved produce rate over the measured window; null when not measured
 * @param publishP50Micros       publish latency p50; null when not measured
 * @param publishP99Micros       publish latency p99
 * @param endToEndP50Micros      end-to-end latency p50; null without live consumers
 * @param endToEndP99Micros      end-to-end latency p99
 * @param resultDir              the probe's result directory; null for probes that wrote none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProbeOutcome(Integer search, ProbePhase phase, double rateRecordsPerSec, boolean passed, String reason,
                           Double producedRecordsPerSec, Long publishP50Micros, Long publishP99Micros,
                           Long endToEndP50Micros, Long endToEndP99Micros, String resultDir) {
    public ProbeOutcome {
        Checks.positive("probe rate", rateRecordsPerSec);
        if (search != null) {
            Checks.atLeast("probes[].search", search, 1);
        }
        reason = reason == null || reason.isBlank() ? (passed ? "ok" : "failed") : reason;
    }

    /** A bare pass, for fakes and tests. */
    public static ProbeOutcome pass(double rate) {
        return new ProbeOutcome(null, null, rate, true, "ok", null, null, null, null, null, null);
    }

    /** A bare failure, for fakes and tests. */
    public static ProbeOutcome fail(double rate, String reason) {
        return new ProbeOutcome(null, null, rate, false, reason, null, null, null, null, null, null);
    }

    /** The same probe, labelled with the search phase that ran it. */
    public ProbeOutcome inPhase(ProbePhase newPhase) {
        return new ProbeOutcome(search, newPhase, rateRecordsPerSec, passed, reason, producedRecordsPerSec, publishP50Micros,
                publishP99Micros, endToEndP50Micros, endToEndP99Micros, resultDir);
    }

    /** The same probe, labelled with the search that ran it. */
    public ProbeOutcome inSearch(int number) {
        return new ProbeOutcome(number, phase, rateRecordsPerSec, passed, reason, producedRecordsPerSec, publishP50Micros,
                publishP99Micros, endToEndP50Micros, endToEndP99Micros, resultDir);
    }
}
