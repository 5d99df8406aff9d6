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
 * The log flush, read from the latency anatomy: limited (as disk) when appending on the leader is the largest of the
 * broker's Produce phases, at least {@link Thresholds#LOCAL_SHARE} of them and {@link Thresholds#PRODUCE_TOTAL_MIN_MS},
 * and the brokers flush at least {@link Thresholds#FLUSHES_PER_PRODUCE} times per Produce request (a flush per append:
 * {@code log.flush.interval.messages} or {@code .ms} set low). Shares of the broker's phases rather than of the whole
 * publish latency: at open load the records mostly wait in the producer for the slow broker, and that wait is the
 * flush's doing too. Without flushes a slow append is left to the other rules.
 */
final class LogFlushRule implements Rule {
    private static final LimitingResource R = LimitingResource.DISK;
    private static final List<LatencyPart> BROKER = List.of(LatencyPart.PRODUCE_REQUEST_QUEUE, LatencyPart.PRODUCE_LOCAL,
            LatencyPart.PRODUCE_REMOTE, LatencyPart.PRODUCE_RESPONSE_QUEUE, LatencyPart.PRODUCE_RESPONSE_SEND);

    @Override
    public Judgement judge(RunEvidence e) {
        Anatomy a = e.anatomy();
        Optional<PartShare> local = a == null ? Optional.empty() : a.measured(LatencyPart.PRODUCE_LOCAL);
        Optional<RunEvidence.SourceMean> flushes = e.extreme(TelemetryMetric.LOG_FLUSHES_PER_SEC, true);
        Optional<RunEvidence.SourceMean> requests = e.extreme(TelemetryMetric.PRODUCE_REQUESTS_PER_SEC, true);
        if (local.isEmpty() || flushes.isEmpty() || requests.isEmpty()) {
            return Judgement.notJudged(R, "no latency anatomy or log flush series");
        }
        double brokerMs = BROKER.stream().mapToDouble(p -> a.measured(p).map(PartShare::meanMs).orElse(0.0)).sum();
        double largestOther = BROKER.stream().filter(p -> p != LatencyPart.PRODUCE_LOCAL)
                .mapToDouble(p -> a.measured(p).map(PartShare::meanMs).orElse(0.0)).max().orElse(0);
        PartShare l = local.get();
        double share = brokerMs > 0 ? l.meanMs() / brokerMs : 0;
        double perRequest = requests.get().mean() > 0 ? flushes.get().mean() / requests.get().mean() : 0;
        Optional<RunEvidence.SourceMean> flushTime = e.extreme(TelemetryMetric.LOG_FLUSH_TIME_MS, true);
        List<Figure> figures = List.of(
                Figures.of("anatomy.produce_local_share_of_broker", "share of the Produce time appending on the leader",
                        share, "ratio", "mean produce_local part / sum of the Produce phases' means (anatomy)"),
                Figures.mean(TelemetryMetric.LOG_FLUSHES_PER_SEC, flushes.get(), "the broker flushing most"),
                Figures.of("log_flushes_per_produce_request", "log flushes per Produce request", perRequest, "ratio",
                        "highest log_flushes_per_sec / highest produce_requests_per_sec, measured means"));
        String text = "Produce local time " + Text.ms(l.meanMs()) + " of " + Text.ms(brokerMs) + " on the broker ("
                + Text.percent(100 * share) + "), with " + Text.number(flushes.get().mean()) + " log flushes/s"
                + flushTime.map(t -> " at " + Text.ms(t.mean()) + " each").orElse("");
        if (l.meanMs() > largestOther && share >= Thresholds.LOCAL_SHARE && l.meanMs() >= Thresholds.PRODUCE_TOTAL_MIN_MS
                && perRequest >= Thresholds.FLUSHES_PER_PRODUCE) {
            return Judgement.limited(R, text + ": the log flush (log.flush.interval.messages / .ms)", figures);
        }
        return Judgement.clear(R, text, figures);
    }
}
