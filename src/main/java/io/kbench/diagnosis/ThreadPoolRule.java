package io.kbench.diagnosis;

import io.kbench.result.Figure;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.TelemetryMetric;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

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

    /** Says so when the idle % fell as latency rose (a clearly negative correlation). */
    private String whileP99Rose(RunEvidence e, String source) {
        return e.series(idle).stream().filter(s -> s.source().equals(source)).findFirst()
                .map(e::correlationWithP99).filter(OptionalDouble::isPresent)
                .filter(r -> r.getAsDouble() <= -0.5).map(r -> " while p99 rose").orElse("");
    }
}
