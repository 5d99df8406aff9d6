package io.kbench.diagnosis;

import io.kbench.result.Figure;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.TelemetryMetric;
import java.util.List;
import java.util.Optional;

/**
 * Request handler or network processor threads: limited when the least idle broker's pool is idle less than
 * {@link Thresholds#THREADS_IDLE_LOW_PERCENT} on average over the measured intervals.
 */
final class ThreadPoolRule implements Rule {
    private final TelemetryMetric idle;
    private final LimitingResource resource;
    private final String label;

    private ThreadPoolRule(TelemetryMetric idle, LimitingResource resource, String label) {
        this.idle = idle;
        this.resource = resource;
        this.label = label;
    }

    static ThreadPoolRule requestHandlers() {
        return new ThreadPoolRule(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, LimitingResource.REQUEST_HANDLER_THREADS,
                "request handler idle");
    }

    static ThreadPoolRule networkThreads() {
        return new ThreadPoolRule(TelemetryMetric.NETWORK_PROCESSOR_IDLE_PERCENT, LimitingResource.NETWORK_THREADS,
                "network processor idle");
    }

    @Override
    public Judgement judge(RunEvidence e) {
        Optional<RunEvidence.SourceMean> least = e.extreme(idle, false);
        if (least.isEmpty()) {
            return Judgement.notJudged(resource, "no " + label + " series");
        }
        RunEvidence.SourceMean m = least.get();
        Figure figure = Figures.mean(idle, m, "the least idle broker");
        String where = e.series(idle).size() > 1 ? " on " + m.source() : "";
        String text = label + " " + Text.percent(m.mean()) + where;
        if (m.mean() >= Thresholds.THREADS_IDLE_LOW_PERCENT) {
            return Judgement.clear(resource, text, List.of(figure));
        }
        return Judgement.limited(resource, text + whileP99Rose(e, m.source()), List.of(figure));
    }

    /**
     * Says so when the idle % fell as latency rose: the same bar as a spike table's mover (docs/diagnosis.md), a
     * correlation with the interval p99 of at most -{@link Thresholds#MOVER_MIN_CORRELATION} with any one interval
     * left out and a p-value below {@link Thresholds#MOVER_ALPHA} (one series tried), over at least
     * {@link Thresholds#MOVER_MIN_POINTS} measured intervals; so one slow interval at a dip in idle is not a trend.
     */
    private String whileP99Rose(RunEvidence e, String source) {
        return e.series(idle).stream().filter(s -> s.source().equals(source)).findFirst()
                .flatMap(e::robustCorrelationWithP99)
                .filter(c -> c.leaveOneOut() <= -Thresholds.MOVER_MIN_CORRELATION && c.p() < Thresholds.MOVER_ALPHA)
                .map(c -> " while p99 rose").orElse("");
    }
}
