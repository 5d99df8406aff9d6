package io.kbench.diagnosis;

import io.kbench.result.Figure;
import io.kbench.result.telemetry.LimitingResource;
import java.util.List;
import java.util.Objects;

/**
 * One rule's answer about one resource.
 *
 * @param resource the resource judged
 * @param verdict  limited, clear or not judged
 * @param text     limited: the evidence line; clear: the headline figure ("disk util 12%"); not judged: why
 * @param figures  the figures behind it (none when not judged)
 * @param inferred limited only by inference about a shared, busy machine ("the host is busy and this process uses
 *                 more of it than that one"), not by a figure of the resource itself; named only when no rule found a
 *                 resource limited on its own figures
 */
record Judgement(LimitingResource resource, Verdict verdict, String text, List<Figure> figures, boolean inferred) {
    Judgement {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(verdict, "verdict");
        figures = List.copyOf(figures);
    }

    enum Verdict { LIMITED, CLEAR, NOT_JUDGED }

    static Judgement limited(LimitingResource r, String evidence, List<Figure> figures) {
        return new Judgement(r, Verdict.LIMITED, evidence, figures, false);
    }

    /** Limited by the busy-host comparison only (see {@link #inferred}). */
    static Judgement inferredLimited(LimitingResource r, String evidence, List<Figure> figures) {
        return new Judgement(r, Verdict.LIMITED, evidence, figures, true);
    }

    static Judgement clear(LimitingResource r, String headline, List<Figure> figures) {
        return new Judgement(r, Verdict.CLEAR, headline, figures, false);
    }

    static Judgement notJudged(LimitingResource r, String why) {
        return new Judgement(r, Verdict.NOT_JUDGED, why, List.of(), false);
    }
}
