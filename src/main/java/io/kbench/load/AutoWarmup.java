package io.kbench.load;

import io.kbench.measure.LatencyRecorder;
import io.kbench.measure.RunMetrics;
import io.kbench.measure.SettlingRule;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.Warmup;
import io.kbench.result.run.WarmupEnd;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.WarmupSpec;
import io.kbench.unit.Units;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.HdrHistogram.Histogram;

/**
 * An auto warm-up in a run (producers.warmup: auto): the producers record their warm-up acknowledgements here
 * (wait-free, nothing allocated) and read {@link #endNanos} before each send (one volatile read); at each report
 * interval the ticker thread judges the interval by {@link WarmupRule} and, once it ends, sets the end to that tick,
 * so the next interval is the first measured one. After the run, {@link #result(List)} adds whether the measured window
 * that followed had settled ({@link SettlingRule}).
 */
final class AutoWarmup {
    private final WarmupSpec spec;
    private final RunMetrics metrics;
    private final PrintStream out;
    private final long startNanos;
    private final WarmupRule rule;
    private final LatencyRecorder publish = new LatencyRecorder();
    private final List<Warmup.Interval> intervals = new ArrayList<>();
    /** Long.MAX_VALUE until the warm-up ends; read by every producer before every send. */
    private volatile long endNanos = Long.MAX_VALUE;
    private volatile boolean judging = true;
    private Histogram interval;
    /** Warm-up acknowledgements a driver process measured in the interval being judged; guarded by this. */
    private final Histogram fromDrivers = LatencyRecorder.newHistogram();
    /** Told the end when the warm-up ends (a driver process gets it as a control line). */
    private volatile LongConsumer onEnd = end -> { };
    private long lastTickNanos;
    private long lastErrors;
    private WarmupEnd ended;
    private String reason;

    AutoWarmup(ProducerSpec producers, RunMetrics metrics, PrintStream out, long startNanos) {
        this.spec = producers.warmup();
        this.metrics = metrics;
        this.out = out;
        this.startNanos = startNanos;
        this.lastTickNanos = startNanos;
        this.rule = new WarmupRule(producers.unlimitedRate() ? 0 : producers.rate(), seconds(spec.min()),
                seconds(spec.max()));
    }

    /** The intended send time from which records are measured; Long.MAX_VALUE while the warm-up goes on. */
    long endNanos() {
        return endNanos;
    }

    /** A warm-up record was acknowledged {@code micros} after its intended send time (a producer's I/O thread). */
    void acknowledged(long micros) {
        publish.recordMicros(micros);
    }

    /**
     * A driver process's warm-up acknowledgements of one interval (docs/drivers.md, {@code warmupPublish}): judged with
     * the interval kbench closes next, as its own are. The reporter thread, once per interval.
     */
    synchronized void acknowledged(Histogram driverInterval) {
        fromDrivers.add(driverInterval);
    }

    /** Calls {@code listener} with the end (the intended send time from which records are measured) when it comes. */
    void onEnd(LongConsumer listener) {
        this.onEnd = listener;
    }

    /** Judges the interval that closed at {@code nowNanos} (the ticker thread, after the interval's progress line). */
    synchronized void intervalClosed(long nowNanos) {
        if (!judging || ended != null) {
            return;
        }
        interval = publish.takeInterval(interval);
        interval.add(fromDrivers);
        fromDrivers.reset();
        long errors = metrics.warmupProduceErrors.total();
        double acked = Units.perSecond(interval.getTotalCount(), nowNanos - lastTickNanos);
        double p99 = interval.getTotalCount() == 0 ? Double.NaN : interval.getValueAtPercentile(99);
        double endSec = Units.seconds(nowNanos - startNanos);
        WarmupEnd end = rule.judge(endSec, acked, errors - lastErrors, p99);
        intervals.add(WarmupRule.interval(endSec, acked, p99, rule.steadyIntervals()));
        lastTickNanos = nowNanos;
        lastErrors = errors;
        if (end != null) {
            ended = end;
            reason = rule.why();
            endNanos = nowNanos;
            onEnd.accept(nowNanos);
            out.println(result().line());
        }
    }

    /** The producers stopped: no later tick (the last, partial interval) may end the warm-up. */
    void stopJudging() {
        judging = false;
    }

    /** The section for result.json; a warm-up the producers' end cut short is {@code stopped}. */
    synchronized Warmup result() {
        if (ended == null) {
            return new Warmup("auto", Units.seconds(lastTickNanos - startNanos), WarmupEnd.STOPPED,
                    "the producers stopped first; last: " + rule.why(), seconds(spec.min()), seconds(spec.max()),
                    intervals);
        }
        return new Warmup("auto", Units.seconds(endNanos - startNanos), ended, reason, seconds(spec.min()),
                seconds(spec.max()), intervals);
    }

    /** The section for result.json with the check of the measured window in {@code intervals}, the run's series. */
    Warmup result(List<IntervalPoint> intervals) {
        Warmup w = result();
        return w.ended() == WarmupEnd.STOPPED ? w : w.withCheck(SettlingRule.of(intervals));
    }

    private static double seconds(java.time.Duration d) {
        return d.toNanos() / 1e9;
    }
}
