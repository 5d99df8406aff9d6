package io.kbench.distributed;

import io.kbench.load.IntervalTicks;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.LiveMetrics;
import io.kbench.measure.ProgressLine;
import io.kbench.measure.RunMetrics;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.Units;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the workers' merged intervals go, as a local run's reporter sends its own: into the run's .hlog files and
 * totals, the live line, the interval ticker and the live metrics; kept as the run's interval points.
 */
final class MergedIntervals {
    private final WorkloadSpec spec;
    private final RunMetrics metrics;
    /** The start on the wall clock: intervals' times are seconds from it. */
    private final long startMillis;
    private final PrintStream out;
    private final IntervalTicks ticks;
    private final long tickStartNanos;
    private final LiveMetrics live;
    private final List<IntervalPoint> points = new ArrayList<>();

    /**
     * @param tickStartNanos this JVM's nanoTime of the common start, as given to {@code ticks.started}: each merged
     *                       interval is ticked at that plus its end, so telemetry sampled for it is aligned with it
     */
    MergedIntervals(WorkloadSpec spec, RunMetrics metrics, long startMillis, long tickStartNanos, PrintStream out,
                    IntervalTicks ticks, LiveMetrics live) {
        this.spec = spec;
        this.metrics = metrics;
        this.startMillis = startMillis;
        this.tickStartNanos = tickStartNanos;
        this.out = out;
        this.ticks = ticks;
        this.live = live;
    }

    void emit(List<WorkerIntervalMerger.Merged> merged) {
        merged.forEach(this::emit);
    }

    /** The run's interval points so far. */
    List<IntervalPoint> points() {
        return List.copyOf(points);
    }

    private void emit(WorkerIntervalMerger.Merged m) {
        IntervalPoint point = record(m);
        points.add(point);
        out.println(ProgressLine.format(point, new ProgressLine.Columns(spec.producers().count() > 0,
                spec.consumers().enabled(), ticks == IntervalTicks.NONE ? null : ticks::currentLimit)));
        out.flush();
        // The interval's own end, not the moment its reports arrived: the telemetry table files each sample under the
        // tick's time, and the run's intervals are looked up there by their endSec (a receipt time matched none of them,
        // so a distributed run had no broker, host or load generator series at all). Sampled now, on receipt.
        ticks.ticked(tickStartNanos + Math.round(point.endSec() * 1e9));
        try {
            live.interval(point, m.counts());
        } catch (RuntimeException e) {
            out.println("kbench: warning: live metrics: " + e.getMessage());
        }
    }

    /** Adds the interval's histograms to the run's logs and returns its point. */
    private IntervalPoint record(WorkerIntervalMerger.Merged m) {
        // As a local run's reporter does: warm-up records are never recorded, so every interval's histogram counts.
        boolean measured = true;
        long endMs = startMillis + Math.round(m.endSec() * 1000);
        long startMs = endMs - Math.round(m.durationSec() * 1000);
        LatencyStats publish = metrics.latency(LatencyMetric.PUBLISH).addInterval(m.histogram(LatencyMetric.PUBLISH), startMs, endMs, measured);
        LatencyStats e2e = metrics.latency(LatencyMetric.END_TO_END).addInterval(m.histogram(LatencyMetric.END_TO_END), startMs, endMs, measured);
        LatencyStats delay = metrics.latency(LatencyMetric.SEND_DELAY).addInterval(m.histogram(LatencyMetric.SEND_DELAY), startMs, endMs, measured);
        long elapsed = Math.max(1, Math.round(m.durationSec() * 1e9));
        return new IntervalPoint(m.endSec(), m.phase(),
                Units.perSecond(m.counts().producedRecords(), elapsed),
                Units.perSecond(Units.mib(m.counts().producedBytes()), elapsed),
                Units.perSecond(m.counts().consumedRecords(), elapsed),
                Units.perSecond(Units.mib(m.counts().consumedBytes()), elapsed),
                m.counts().produceErrors(), publish, e2e, delay);
    }
}
