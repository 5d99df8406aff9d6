package io.kbench.measure;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.unit.Units;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;

/**
 * Closes one interval per tick: rolls the latency series (into totals and .hlog), computes rates from
 * counter deltas, keeps the point and prints one progress line. A tick always prints, so a stall shows
 * up as a line of zeros rather than silence.
 */
public final class IntervalReporter {
    private final RunMetrics metrics;
    private final PrintStream out;
    private final ProgressLine.Columns columns;
    private final long runStartNanos;
    private final long runStartMsec;
    private final BooleanSupplier measuring;
    private final LiveMetrics live;
    private IntervalSink sink = IntervalSink.NONE;
    /** Driver processes whose intervals are added to each interval before it rolls; none for a Java-only run. */
    private List<IntervalContributor> contributors = List.of();
    /** How long a tick waits for a contributor's interval (a driver's line on its way). */
    private long contributorWaitNanos;
    /** Contributions that came after their interval had closed and were added to a later one. */
    private long lateContributions;
    /** Each metric's contributed histogram of the interval being closed; reset each tick. */
    private final Map<LatencyMetric, Histogram> contributed = new EnumMap<>(LatencyMetric.class);
    private final List<IntervalPoint> points = new ArrayList<>();
    private long lastTickNanos;
    private long lastProducedRecords;
    private long lastProducedBytes;
    private long lastConsumedRecords;
    private long lastConsumedBytes;
    private long lastErrors;
    /** Whether an interval was already labelled measured: the label never goes back to warm-up. */
    private boolean measuredStarted;
    /** The producers' publish latencies from the send() call that arrived in the last interval; recycled each tick. */
    private final Histogram sendCallInterval = LatencyRecorder.newHistogram();

    public IntervalReporter(RunMetrics metrics, PrintStream out, long runStartNanos, long runStartMsec,
                            BooleanSupplier measuring, ProgressLine.Columns columns) {
        this(metrics, out, runStartNanos, runStartMsec, measuring, columns, LiveMetrics.NONE);
    }

    /** As above, telling {@code live} about each interval. */
    public IntervalReporter(RunMetrics metrics, PrintStream out, long runStartNanos, long runStartMsec,
                            BooleanSupplier measuring, ProgressLine.Columns columns, LiveMetrics live) {
        this.live = live;
        this.metrics = metrics;
        this.columns = columns;
        this.out = out;
        this.runStartNanos = runStartNanos;
        this.runStartMsec = runStartMsec;
        this.measuring = measuring;
        this.lastTickNanos = runStartNanos;
    }

    /** Also hands each closed interval, with its histograms, to {@code sink} (a distributed worker's stream). */
    public IntervalReporter withSink(IntervalSink sink) {
        this.sink = sink;
        return this;
    }

    /**
     * Also adds the intervals of {@code sources} (driver processes) to each interval before it rolls, waiting at most
     * {@code wait} per tick for their interval to arrive. Their counts reach {@link RunMetrics} before their
     * histograms are handed over, so the deltas this reporter computes after the wait include them.
     */
    public IntervalReporter withContributors(List<IntervalContributor> sources, Duration wait) {
        this.contributors = List.copyOf(sources);
        this.contributorWaitNanos = wait.toNanos();
        return this;
    }

    /** Contributions that arrived after their interval closed, each added to the interval then closing. */
    public synchronized long lateContributions() {
        return lateContributions;
    }

    /** Closes the interval ending at {@code nowNanos}. Called from one thread only. */
    public synchronized IntervalPoint tick(long nowNanos) {
        takeContributions();
        long elapsed = nowNanos - lastTickNanos;
        long startMsec = runStartMsec + (lastTickNanos - runStartNanos) / 1_000_000;
        long endMsec = runStartMsec + (nowNanos - runStartNanos) / 1_000_000;
        LatencyStats publish = roll(LatencyMetric.PUBLISH, startMsec, endMsec);
        LatencyStats e2e = roll(LatencyMetric.END_TO_END, startMsec, endMsec);
        LatencyStats delay = roll(LatencyMetric.SEND_DELAY, startMsec, endMsec);
        long producedRecords = metrics.producedAll.records();
        long producedBytes = metrics.producedAll.bytes();
        long consumedRecords = metrics.consumedAll.records();
        long consumedBytes = metrics.consumedAll.bytes();
        long errors = metrics.produceErrors.total() + metrics.warmupProduceErrors.total();
        IntervalPoint point = new IntervalPoint(
                Units.seconds(nowNanos - runStartNanos),
                measured(publish, e2e) ? IntervalPhase.MEASURED : IntervalPhase.WARMUP,
                Units.perSecond(producedRecords - lastProducedRecords, elapsed),
                Units.perSecond(Units.mib(producedBytes - lastProducedBytes), elapsed),
                Units.perSecond(consumedRecords - lastConsumedRecords, elapsed),
                Units.perSecond(Units.mib(consumedBytes - lastConsumedBytes), elapsed),
                errors - lastErrors, publish, e2e, delay);
        IntervalCounts counts = new IntervalCounts(producedRecords - lastProducedRecords, producedBytes - lastProducedBytes,
                consumedRecords - lastConsumedRecords, consumedBytes - lastConsumedBytes, errors - lastErrors);
        lastTickNanos = nowNanos;
        lastProducedRecords = producedRecords;
        lastProducedBytes = producedBytes;
        lastConsumedRecords = consumedRecords;
        lastConsumedBytes = consumedBytes;
        lastErrors = errors;
        points.add(point);
        sink.interval(point, counts, metrics);
        out.println(ProgressLine.format(point, columns));
        out.flush();
        tellLive(point, counts);
        return point;
    }

    /**
     * Gathers what the contributors measured in the interval now closing (index: the points closed so far), waiting
     * for each until one shared deadline; earlier intervals' contributions that come only now are counted late.
     */
    private void takeContributions() {
        contributed.values().forEach(Histogram::reset);
        if (contributors.isEmpty()) {
            return;
        }
        int index = points.size();
        long deadline = System.nanoTime() + contributorWaitNanos;
        for (IntervalContributor source : contributors) {
            for (IntervalContribution c : source.take(index, deadline)) {
                if (c.index() < index) {
                    lateContributions++;
                }
                c.latencies().forEach((metric, h) ->
                        contributed.computeIfAbsent(metric, m -> LatencyRecorder.newHistogram()).add(h));
            }
        }
    }

    private LatencyStats roll(LatencyMetric metric, long startMsec, long endMsec) {
        return metrics.latency(metric).rollInterval(startMsec, endMsec, true, contributed.get(metric));
    }

    /**
     * An interval is measured once measurement began and, when the run produces, a measured record completed in it.
     * The warm-up ends on a tick, so without the second condition the interval that closes right after the first
     * measured send (acknowledgements still in flight) was labelled measured with warm-up records only: "pub -".
     * A measured send that failed counts as completed too, or a run whose measured sends all fail stayed warm-up.
     */
    private boolean measured(LatencyStats publish, LatencyStats e2e) {
        if (!measuredStarted && measuring.getAsBoolean()) {
            measuredStarted = !columns.producers() || publish.count() > 0 || e2e.count() > 0
                    || metrics.produceErrors.total() > 0;
        }
        return measuredStarted;
    }

    /** A failing live endpoint must not stop the ticks (they run on a scheduled executor, which would end silently). */
    private void tellLive(IntervalPoint point, IntervalCounts counts) {
        try {
            // Nobody listening (no --metrics-port, not kbench produce): nothing to copy, the figures stay in RunMetrics.
            if (live != LiveMetrics.NONE) {
                // First: once taken out of RunMetrics, a failing listener below must not lose them.
                metrics.takePublishFromSendCall(sendCallInterval);
                live.publishFromSendCall(sendCallInterval);
            }
            live.interval(point, counts);
        } catch (RuntimeException e) {
            out.println("kbench: warning: live metrics: " + e.getMessage());
        }
    }

    public synchronized List<IntervalPoint> points() {
        return List.copyOf(points);
    }
}
