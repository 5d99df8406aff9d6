package io.kbench.diagnosis;

import io.kbench.result.Figure;
import io.kbench.result.telemetry.Anatomy;
import io.kbench.result.telemetry.LatencyPart;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.PartShare;
import io.kbench.result.telemetry.TelemetryMetric;
import java.util.List;
import java.util.Optional;

/**
 * The log flush, read from the latency anatomy: limited (as disk) when appending on the leader is the dominant part of
 * the publish latency, at least {@link Thresholds#LOCAL_SHARE} of it and {@link Thresholds#PRODUCE_TOTAL_MIN_MS}, and
 * the brokers flush at least {@link Thresholds#FLUSHES_PER_PRODUCE} times per Produce request (a flush per append:
 * {@code log.flush.interval.messages} or {@code .ms} set low). Without flushes a slow append is left to the other rules.
 */
final class LogFlushRule implements Rule {
    private static final LimitingResource R = LimitingResource.DISK;

    @Override
    public Judgement judge(RunEvidence e) {
        Anatomy a = e.anatomy();
        Optional<PartShare> local = a == null ? Optional.empty() : a.measured(LatencyPart.PRODUCE_LOCAL);
        Optional<RunEvidence.SourceMean> flushes = e.extreme(TelemetryMetric.LOG_FLUSHES_PER_SEC, true);
        Optional<RunEvidence.SourceMean> requests = e.extreme(TelemetryMetric.PRODUCE_REQUESTS_PER_SEC, true);
        if (local.isEmpty() || local.get().share() == null || flushes.isEmpty() || requests.isEmpty()) {
            return Judgement.notJudged(R, "no latency anatomy or log flush series");
        }
        PartShare l = local.get();
        double perRequest = requests.get().mean() > 0 ? flushes.get().mean() / requests.get().mean() : 0;
        Optional<RunEvidence.SourceMean> flushTime = e.extreme(TelemetryMetric.LOG_FLUSH_TIME_MS, true);
        List<Figure> figures = List.of(
                Figures.of("anatomy.produce_local_share", "share of the publish latency appending on the leader",
                        l.share(), "ratio", "mean produce_local part / sum of the publish parts' means (anatomy)"),
                Figures.mean(TelemetryMetric.LOG_FLUSHES_PER_SEC, flushes.get(), "the broker flushing most"),
                Figures.of("log_flushes_per_produce_request", "log flushes per Produce request", perRequest, "ratio",
                        "highest log_flushes_per_sec / highest produce_requests_per_sec, measured means"));
        String text = Text.percent(100 * l.share()) + " of the publish latency appending on the leader ("
                + Text.ms(l.meanMs()) + "), with " + Text.number(flushes.get().mean()) + " log flushes/s"
                + flushTime.map(t -> " at " + Text.ms(t.mean()) + " each").orElse("");
        boolean dominant = a.dominant().map(d -> d.part() == LatencyPart.PRODUCE_LOCAL).orElse(false);
        if (dominant && l.share() >= Thresholds.LOCAL_SHARE && l.meanMs() >= Thresholds.PRODUCE_TOTAL_MIN_MS
                && perRequest >= Thresholds.FLUSHES_PER_PRODUCE) {
            return Judgement.limited(R, text + ": the log flush (log.flush.interval.messages / .ms)", figures);
        }
        return Judgement.clear(R, text, figures);
    }
}
