package io.kbench.result.telemetry;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.result.Figure;
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
 * @param metSchedule a fixed-rate run: whether it kept to its rate (then {@code limitedBy} is the busiest resource, not
 *                    a limit the run hit); absent for an unlimited rate and in results written before it existed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Diagnosis(LimitingResource limitedBy, String evidence, List<Figure> figures, List<LatencySpike> spikes,
                        String method, Boolean metSchedule) {
    public Diagnosis {
        Objects.requireNonNull(limitedBy, "limitedBy");
    }

    /** The same diagnosis for a run that did (true) or did not (false) keep to its fixed rate; null: no schedule. */
    public Diagnosis withMetSchedule(Boolean met) {
        return new Diagnosis(limitedBy, evidence, figures, spikes, method, met);
    }

    /**
     * The terminal line: {@code limited by: disk (iowait 61%, ...)} for a run that fell short of its rate or had none;
     * {@code met its schedule; busiest: disk (...)} for one that kept to it, whose resources held by definition.
     */
    public String line() {
        String why = evidence == null || evidence.isEmpty() ? "" : " (" + evidence + ")";
        if (Boolean.TRUE.equals(metSchedule)) {
            return "met its schedule; " + (limitedBy == LimitingResource.NONE_FOUND ? "no resource near its limit"
                    : "busiest: " + limitedBy.label()) + why;
        }
        return "limited by: " + limitedBy.label() + why;
    }
}
