package io.kbench.diagnosis;

import io.kbench.result.Figure;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Replication: limited when a broker's Produce requests spend at least {@link Thresholds#REMOTE_SHARE} of their total
 * time waiting for followers (remote time), with a total of at least {@link Thresholds#PRODUCE_TOTAL_MIN_MS}.
 */
final class ReplicationRule implements Rule {
    private static final LimitingResource R = LimitingResource.REPLICATION;

    @Override
    public Judgement judge(RunEvidence e) {
        String source = null;
        double remote = 0;
        double total = 0;
        for (TelemetrySeries t : e.series(TelemetryMetric.PRODUCE_TOTAL_TIME_MS)) {
            OptionalDouble tm = e.mean(t);
            OptionalDouble rm = e.series(TelemetryMetric.PRODUCE_REMOTE_TIME_MS).stream()
                    .filter(r -> r.source().equals(t.source())).map(e::mean).findFirst().orElse(OptionalDouble.empty());
            if (tm.isPresent() && rm.isPresent() && tm.getAsDouble() > 0
                    && (source == null || rm.getAsDouble() / tm.getAsDouble() > remote / total)) {
                source = t.source();
                remote = rm.getAsDouble();
                total = tm.getAsDouble();
            }
        }
        if (source == null) {
            return Judgement.notJudged(R, "no Produce remote and total time series");
        }
        double share = remote / total;
        List<Figure> figures = List.of(
                Figures.mean(TelemetryMetric.PRODUCE_REMOTE_TIME_MS, new RunEvidence.SourceMean(source, remote), ""),
                Figures.mean(TelemetryMetric.PRODUCE_TOTAL_TIME_MS, new RunEvidence.SourceMean(source, total), ""),
                Figures.of("produce_remote_share." + source, "Produce remote time share (" + source + ")", share,
                        "ratio", "mean produce_remote_time_ms / mean produce_total_time_ms of " + source
                                + ", the broker with the highest share"));
        String text = "Produce remote time " + Text.percent(share * 100) + " of total (" + Text.ms(remote) + " of "
                + Text.ms(total) + ")";
        if (share >= Thresholds.REMOTE_SHARE && total >= Thresholds.PRODUCE_TOTAL_MIN_MS) {
            return Judgement.limited(R, text + ": waiting for followers", figures);
        }
        return Judgement.clear(R, text, figures);
    }
}
