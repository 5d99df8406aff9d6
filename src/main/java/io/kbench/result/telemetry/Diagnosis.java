package io.kbench.result.telemetry;

import io.kbench.result.Figure;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * What limited a run, with the figures that support it.
 *
 * @param limitedBy the limiting resource, or {@code none_found}
 * @param evidence  one line, e.g. "request handler idle 4% while p99 rose; disk util 12%"
 * @param figures   the figures behind it, each with unit and formula
 * @param spikes    the worst latency intervals and what coincided
 * @param method    how movers are ranked (e.g. the correlation used), so a reader can judge it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Diagnosis(LimitingResource limitedBy, String evidence, List<Figure> figures, List<LatencySpike> spikes,
                        String method) {
    public Diagnosis {
        Objects.requireNonNull(limitedBy, "limitedBy");
    }

    /** The terminal line: {@code limited by: disk (iowait 61%, ...)}. */
    public String line() {
        return "limited by: " + limitedBy.label() + (evidence == null || evidence.isEmpty() ? "" : " (" + evidence + ")");
    }
}
