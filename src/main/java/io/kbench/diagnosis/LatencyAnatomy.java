package io.kbench.diagnosis;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.Anatomy;
import io.kbench.result.telemetry.AnatomyPart;
import io.kbench.result.telemetry.LatencyPart;
import io.kbench.result.telemetry.PartShare;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Composes the latency anatomy from what a run already measured: kbench's send delay and publish latency per interval,
 * the producers' record queue time, and each broker's Produce and FetchConsumer request phases (interval means from
 * Kafka's RequestMetrics histograms). A pure function of the intervals and telemetry, computed once after the run.
 */
public final class LatencyAnatomy {
    static final String METHOD = "per interval: send delay and publish latency are kbench's interval means; record queue"
            + " time is the producers' record-queue-time-avg (Kafka's windowed mean, 30 s window), capped per interval"
            + " at what the publish mean leaves after the other parts (the window lags: a warm-up backlog would"
            + " otherwise outweigh the interval's whole publish latency); each broker phase is"
            + " the interval mean of its RequestMetrics histogram (delta of Count x Mean over delta of Count), averaged"
            + " over brokers weighted by their requests in the interval; the rest is the publish mean minus the parts"
            + " before it (network and client I/O; 0 when the parts add up to more). Percentages are shares of the"
            + " mean, not of a percentile: Kafka's request histograms give no interval percentile.";

    private static final Map<LatencyPart, TelemetryMetric> BROKER = new EnumMap<>(Map.of(
            LatencyPart.PRODUCE_REQUEST_QUEUE, TelemetryMetric.PRODUCE_REQUEST_QUEUE_TIME_MS,
            LatencyPart.PRODUCE_LOCAL, TelemetryMetric.PRODUCE_LOCAL_TIME_MS,
            LatencyPart.PRODUCE_REMOTE, TelemetryMetric.PRODUCE_REMOTE_TIME_MS,
            LatencyPart.PRODUCE_RESPONSE_QUEUE, TelemetryMetric.PRODUCE_RESPONSE_QUEUE_TIME_MS,
            LatencyPart.PRODUCE_RESPONSE_SEND, TelemetryMetric.PRODUCE_RESPONSE_SEND_TIME_MS,
            LatencyPart.FETCH_REQUEST_QUEUE, TelemetryMetric.FETCH_REQUEST_QUEUE_TIME_MS,
            LatencyPart.FETCH_LOCAL, TelemetryMetric.FETCH_LOCAL_TIME_MS,
            LatencyPart.FETCH_REMOTE, TelemetryMetric.FETCH_REMOTE_TIME_MS,
            LatencyPart.FETCH_RESPONSE_QUEUE, TelemetryMetric.FETCH_RESPONSE_QUEUE_TIME_MS,
            LatencyPart.FETCH_RESPONSE_SEND, TelemetryMetric.FETCH_RESPONSE_SEND_TIME_MS));

    private LatencyAnatomy() {
    }

    /**
     * The anatomy of a run; null when it has no broker Produce phases to compose (telemetry off, no JMX).
     *
     * @param publishP99Micros the run's publish p99 for the headline; NaN when unknown
     */
    public static Anatomy of(List<IntervalPoint> intervals, Telemetry telemetry, double publishP99Micros) {
        if (intervals == null || telemetry == null) {
            return null;
        }
        int n = intervals.size();
        List<AnatomyPart> parts = new ArrayList<>();
        Double[] before = new Double[n];
        boolean sendDelay = intervals.stream().anyMatch(p -> count(p.sendDelayMicros()) > 0);
        if (sendDelay) {
            parts.add(add(new AnatomyPart(LatencyPart.SEND_DELAY, "mean", kbench(intervals, IntervalPoint::sendDelayMicros)), before));
        }
        List<Double> queue = client(telemetry, TelemetryMetric.PRODUCER_RECORD_QUEUE_TIME_MS, n);
        if (queue.stream().anyMatch(v -> v != null)) {
            parts.add(add(new AnatomyPart(LatencyPart.RECORD_QUEUE, "windowed mean", queue), before));
        }
        AnatomyPart local = null;
        for (LatencyPart part : LatencyPart.values()) {
            if (part.publish() && BROKER.containsKey(part)) {
                List<Double> v = brokers(telemetry, BROKER.get(part), TelemetryMetric.PRODUCE_REQUESTS_PER_SEC, n);
                AnatomyPart p = add(new AnatomyPart(part, "mean", v), before);
                parts.add(p);
                local = part == LatencyPart.PRODUCE_LOCAL ? p : local;
            }
        }
        if (local == null || local.valuesMs().stream().allMatch(x -> x == null)) {
            return null;
        }
        List<Double> publish = kbench(intervals, IntervalPoint::publishLatencyMicros);
        capRecordQueue(parts, publish, before);
        List<Double> rest = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            // Only where the broker phases are known: elsewhere "the rest" would swallow them.
            boolean known = publish.get(i) != null && before[i] != null && !Double.isNaN(local.at(i));
            rest.add(known ? Math.max(0, publish.get(i) - before[i]) : null);
        }
        parts.add(new AnatomyPart(LatencyPart.PUBLISH_REST, "mean", rest));
        for (LatencyPart part : LatencyPart.values()) {
            if (!part.publish() && BROKER.containsKey(part)) {
                List<Double> v = brokers(telemetry, BROKER.get(part), TelemetryMetric.FETCH_REQUESTS_PER_SEC, n);
                if (v.stream().anyMatch(x -> x != null)) {
                    parts.add(new AnatomyPart(part, "mean", v));
                }
            }
        }
        List<Double> remoteReads = brokers(telemetry, TelemetryMetric.REMOTE_READ_TIME_MS,
                TelemetryMetric.REMOTE_FETCH_REQUESTS_PER_SEC, n);
        if (remoteReads.stream().anyMatch(x -> x != null)) {
            parts.add(new AnatomyPart(LatencyPart.REMOTE_STORAGE_READ, "mean", remoteReads));
        }
        int[] measured = measured(intervals);
        List<PartShare> shares = shares(parts, measured);
        // The mean the shares are of: over the intervals where every part is known.
        double publishMean = shares.stream().filter(x -> x.share() != null).mapToDouble(PartShare::meanMs).sum();
        return new Anatomy(METHOD, parts, shares, headline(shares, publishMean, publishP99Micros));
    }

    /**
     * Kafka's record queue time is a windowed average that still holds the warm-up's backlog long after the queue has
     * drained, so in an interval it can exceed the interval's whole publish mean; it is capped at what the publish
     * mean leaves after the other parts, so that the parts add up to the publish latency kbench measured.
     */
    private static void capRecordQueue(List<AnatomyPart> parts, List<Double> publish, Double[] before) {
        for (int k = 0; k < parts.size(); k++) {
            AnatomyPart queue = parts.get(k);
            if (queue.part() != LatencyPart.RECORD_QUEUE) {
                continue;
            }
            List<Double> capped = new ArrayList<>(queue.valuesMs());
            for (int i = 0; i < capped.size(); i++) {
                Double q = capped.get(i);
                if (q != null && publish.get(i) != null && before[i] != null && before[i] > publish.get(i)) {
                    double room = Math.max(0, publish.get(i) - (before[i] - q));
                    capped.set(i, Math.min(q, room));
                    before[i] = before[i] - q + capped.get(i);
                }
            }
            parts.set(k, new AnatomyPart(queue.part(), queue.statistic(), capped));
        }
    }

    /** Adds the part's values to the running sum of the parts before the rest (a part's gap adds nothing). */
    private static AnatomyPart add(AnatomyPart part, Double[] sum) {
        for (int i = 0; i < sum.length; i++) {
            double v = part.at(i);
            if (!Double.isNaN(v)) {
                sum[i] = (sum[i] == null ? 0 : sum[i]) + v;
            }
        }
        return part;
    }

    /**
     * Each part's mean over the measured intervals. The publish parts are averaged over the same intervals, those
     * where the rest is known (a part without a value there counts 0: no sends, no figure), so their means add up to
     * the mean publish latency of those intervals, as the stacked chart does, and no part is counted twice.
     */
    private static List<PartShare> shares(List<AnatomyPart> parts, int[] measured) {
        AnatomyPart rest = parts.stream().filter(p -> p.part() == LatencyPart.PUBLISH_REST).findFirst().orElseThrow();
        int[] aligned = java.util.Arrays.stream(measured).filter(i -> !Double.isNaN(rest.at(i))).toArray();
        Map<LatencyPart, Double> means = new EnumMap<>(LatencyPart.class);
        double publishSum = 0;
        for (AnatomyPart p : parts) {
            double m = p.part().publish() ? alignedMean(p, aligned) : mean(p.valuesMs(), measured);
            if (!Double.isNaN(m)) {
                means.put(p.part(), m);
                publishSum += p.part().publish() ? m : 0;
            }
        }
        List<PartShare> shares = new ArrayList<>();
        for (Map.Entry<LatencyPart, Double> e : means.entrySet()) {
            Double share = e.getKey().publish() && publishSum > 0 ? e.getValue() / publishSum : null;
            shares.add(new PartShare(e.getKey(), e.getValue(), share));
        }
        return shares;
    }

    /** NaN when the part has no value in any of these intervals: never sampled is not 0 ms. */
    private static double alignedMean(AnatomyPart p, int[] at) {
        double sum = 0;
        boolean any = false;
        for (int i : at) {
            double v = p.at(i);
            any |= !Double.isNaN(v);
            sum += Double.isNaN(v) ? 0 : v;
        }
        return any ? sum / at.length : Double.NaN;
    }

    private static String headline(List<PartShare> shares, double publishMeanMs, double p99Micros) {
        PartShare top = shares.stream().filter(s -> s.share() != null)
                .max(java.util.Comparator.comparingDouble(PartShare::share)).orElse(null);
        if (top == null || Double.isNaN(publishMeanMs)) {
            return null;
        }
        String p99 = Double.isFinite(p99Micros) ? " (p99 " + Text.ms(p99Micros / 1000) + ")" : "";
        String what = top.part() != LatencyPart.PUBLISH_REST ? top.part().measure()
                // The record queue time is a 30 s windowed mean: under a growing backlog it lags, and the rest holds it.
                : shares.stream().anyMatch(s -> s.part() == LatencyPart.RECORD_QUEUE)
                ? "network, client I/O and producer queueing the windowed record queue time lags behind"
                : "network, client I/O and the producer's record queue, which was not sampled";
        return "publish mean " + Text.ms(publishMeanMs) + p99 + ": " + Text.percent(100 * top.share()) + " "
                + top.part().label() + " (" + Text.ms(top.meanMs()) + ", " + what + ")";
    }

    private static int[] measured(List<IntervalPoint> intervals) {
        List<Integer> m = new ArrayList<>();
        for (int i = 0; i < intervals.size(); i++) {
            if (intervals.get(i).phase() == IntervalPhase.MEASURED) {
                m.add(i);
            }
        }
        return m.stream().mapToInt(Integer::intValue).toArray();
    }

    private static double mean(List<Double> values, int[] at) {
        double sum = 0;
        int k = 0;
        for (int i : at) {
            Double v = i < values.size() ? values.get(i) : null;
            if (v != null && Double.isFinite(v)) {
                sum += v;
                k++;
            }
        }
        return k == 0 ? Double.NaN : sum / k;
    }

    /** An interval latency's mean in ms, null where nothing completed. */
    private static List<Double> kbench(List<IntervalPoint> intervals, Function<IntervalPoint, LatencyStats> which) {
        List<Double> v = new ArrayList<>(intervals.size());
        for (IntervalPoint p : intervals) {
            LatencyStats l = which.apply(p);
            v.add(count(l) == 0 ? null : l.mean() / 1000);
        }
        return v;
    }

    private static List<Double> client(Telemetry t, TelemetryMetric metric, int n) {
        List<Double> v = new ArrayList<>(n);
        TelemetrySeries s = t.series().stream().filter(x -> x.metric() == metric).findFirst().orElse(null);
        for (int i = 0; i < n; i++) {
            double x = s == null ? Double.NaN : RunEvidence.value(s, i);
            v.add(Double.isNaN(x) ? null : x);
        }
        return v;
    }

    /** Per interval, the brokers' values weighted by their request rate (equal weights where no rate was sampled). */
    private static List<Double> brokers(Telemetry t, TelemetryMetric metric, TelemetryMetric rate, int n) {
        List<TelemetrySeries> series = t.series().stream().filter(s -> s.metric() == metric).toList();
        List<TelemetrySeries> rates = t.series().stream().filter(s -> s.metric() == rate).toList();
        List<Double> v = new ArrayList<>(n);
        for (int interval = 0; interval < n; interval++) {
            final int i = interval;
            double sum = 0;
            double weight = 0;
            for (TelemetrySeries s : series) {
                double x = RunEvidence.value(s, i);
                if (!Double.isNaN(x)) {
                    double w = rates.stream().filter(r -> r.source().equals(s.source())).findFirst()
                            .map(r -> RunEvidence.value(r, i)).filter(r -> !Double.isNaN(r) && r > 0).orElse(1.0);
                    sum += x * w;
                    weight += w;
                }
            }
            v.add(weight == 0 ? null : sum / weight);
        }
        return v;
    }

    private static long count(LatencyStats l) {
        return l == null ? 0 : l.count();
    }
}
