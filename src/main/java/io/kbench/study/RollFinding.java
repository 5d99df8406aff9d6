package io.kbench.study;

import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Metric;
import io.kbench.result.telemetry.TelemetryEventType;

/**
 * A claim that a single run's worst intervals coincide with a broker event: segment rolls (S4: "whenever the log
 * segment updates are rolled over ... latency spike") or log flushes (S4: "whenever there's a latency spike ...
 * there's also increased disk I/O activity"). The rule: take the measured intervals with the highest {@code metric} (the worst
 * {@code worstShare} of them, at least one); an interval is "at a roll" when such an event falls in it or in the
 * interval before. Held when at least half of the worst intervals are at a roll and that share is at least twice the
 * share of all measured intervals at a roll; contradicted when the worst intervals' share is no higher than all
 * intervals' share; inconclusive otherwise, or when the run saw no roll or every interval is at one.
 *
 * @param id         the name a claim's test refers to
 * @param claim      the claim in words
 * @param data       the kept run (docs/studies/data/DATA.json) with intervals and telemetry events
 * @param metric     an interval latency percentile: publish.p99, e2e.p99, publish.max, ...
 * @param worstShare the share of measured intervals counted as worst, in (0, 0.5]
 * @param event      the telemetry event: segment_roll or log_flush
 */
public record RollFinding(String id, String claim, String data, String metric, double worstShare, TelemetryEventType event) {
    public RollFinding {
        ClaimIds.check("runs.id", id);
        claim = ClaimIds.text("runs[" + id + "].claim", claim);
        ClaimIds.check("runs[" + id + "].data", data);
        Metric parsed = Metric.parse(metric);
        if (!parsed.isLatency()) {
            throw InvalidInputException.field("runs[" + id + "].metric", metric, "needs a latency such as e2e.p99");
        }
        if (event != TelemetryEventType.SEGMENT_ROLL && event != TelemetryEventType.LOG_FLUSH) {
            throw InvalidInputException.field("runs[" + id + "].event", event, "needs segment_roll or log_flush");
        }
        if (!(worstShare > 0 && worstShare <= 0.5)) {
            throw InvalidInputException.field("runs[" + id + "].worstShare", worstShare, "needs a share in (0, 0.5]");
        }
    }

    /** The rule in words. */
    public String rule() {
        return "the worst " + Math.round(worstShare * 100) + "% of measured intervals by " + metric + ": held when at least "
                + "half lie at a " + event.json() + " (in it or the interval before) and that share is at least twice all "
                + "intervals' share; contradicted when it is no higher than all intervals' share";
    }
}
