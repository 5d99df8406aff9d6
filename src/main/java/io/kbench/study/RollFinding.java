package io.kbench.study;

import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Metric;
import io.kbench.result.telemetry.TelemetryEventType;

/**
 * A claim that a single run's worst intervals coincide with a broker event: segment rolls (S4: "whenever the log
 * segment updates are rolled over ... latency spike") or log flushes (S4: "whenever there's a latency spike ...
 * there's also increased disk I/O activity"). The rule: take the measured intervals whose {@code metric} stands highest
 * above the median of the intervals around it (the worst {@code worstShare} of them, at least one: spikes, not the top
 * of a slow rise); an interval is "at a roll" when such an event falls in it or in the
 * interval before. Held when the worst spikes lie at a roll more often than chance, at one-sided 2.5% by a circular
 * shift test over every rotation of the rolls against the intervals ({@link io.kbench.statistics.EventCoincidence});
 * contradicted when they lie there no more often than chance while the test could have decided with half of them at
 * one; inconclusive otherwise (saying what it could have detected), or when no roll fell in the measured window or
 * every interval is at one.
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
        return "the worst " + Math.round(worstShare * 100) + "% of measured intervals by " + metric + " over the median of the "
                + RollJudge.NEIGHBOURHOOD + " intervals around each (spikes above their neighbours, not a slow rise) against "
                + "those at a " + event.json() + " (in it or the interval before): held when the spikes lie at one more often "
                + "than chance at one-sided 2.5% by a circular shift test over every rotation of the events against the "
                + "intervals (Lotwick and Silverman 1982), which keeps both series' own clustering; contradicted when no "
                + "more often than chance where half of them at one would have been decided";
    }
}
