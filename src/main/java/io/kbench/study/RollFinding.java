package io.kbench.study;

import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Metric;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;

/**
 * A claim that a single run's worst intervals coincide with a broker event: segment rolls (S4: "whenever the log
 * segment updates are rolled over ... latency spike") or log flushes; or with a rise of a sampled series: the host's
 * disk utilisation (S4: "whenever there's a latency spike ... there's also increased disk I/O activity", read off sar).
 * The rule: take the measured intervals whose {@code metric} stands highest above the median of the intervals around
 * it (the worst {@code worstShare} of them, at least one: spikes, not the top of a slow rise); an interval is "at a
 * roll" when such an event falls in it or in the interval before, and "at a rise" when the series (its highest source)
 * is, in that interval, among the same share of intervals standing highest above the median of those around it. Held when the worst spikes lie at a roll more often than chance, at one-sided 2.5% by a circular
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
 * @param event      the telemetry event: segment_roll or log_flush; null with {@code series}
 * @param series     the sampled series whose rises are the events, such as disk_util_percent; null with {@code event}
 */
public record RollFinding(String id, String claim, String data, String metric, double worstShare, TelemetryEventType event,
                          TelemetryMetric series) {
    public RollFinding {
        ClaimIds.check("runs.id", id);
        claim = ClaimIds.text("runs[" + id + "].claim", claim);
        ClaimIds.check("runs[" + id + "].data", data);
        Metric parsed = Metric.parse(metric);
        if (!parsed.isLatency()) {
            throw InvalidInputException.field("runs[" + id + "].metric", metric, "needs a latency such as e2e.p99");
        }
        if ((event == null) == (series == null)) {
            throw InvalidInputException.field("runs[" + id + "].event", event, "needs exactly one of event and series");
        }
        if (event != null && event != TelemetryEventType.SEGMENT_ROLL && event != TelemetryEventType.LOG_FLUSH) {
            throw InvalidInputException.field("runs[" + id + "].event", event, "needs segment_roll or log_flush");
        }
        if (!(worstShare > 0 && worstShare <= 0.5)) {
            throw InvalidInputException.field("runs[" + id + "].worstShare", worstShare, "needs a share in (0, 0.5]");
        }
    }

    /** A finding on events: segment rolls or log flushes, in an interval or the one before. */
    public RollFinding(String id, String claim, String data, String metric, double worstShare, TelemetryEventType event) {
        this(id, claim, data, metric, worstShare, event, null);
    }

    /** What an interval is tested at, in words: "segment_roll", "rise of disk_util_percent". */
    public String marker() {
        return event != null ? event.json() : "rise of " + series.json();
    }

    /** The rule in words. */
    public String rule() {
        String at = event != null ? "those at a " + event.json() + " (in it or the interval before)"
                : "the same share standing highest by " + series.json() + " (its highest source) over the median of the "
                        + RollJudge.NEIGHBOURHOOD + " intervals around each (rises, in the same interval)";
        return "the worst " + Math.round(worstShare * 100) + "% of measured intervals by " + metric + " over the median of the "
                + RollJudge.NEIGHBOURHOOD + " intervals around each (spikes above their neighbours, not a slow rise) against "
                + at + ": held when the spikes lie at one more often "
                + "than chance at one-sided 2.5% by a circular shift test over every rotation of the events against the "
                + "intervals (Lotwick and Silverman 1982), which keeps both series' own clustering; contradicted when no "
                + "more often than chance where half of them at one would have been decided";
    }
}
