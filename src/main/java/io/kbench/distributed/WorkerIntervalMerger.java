package io.kbench.distributed;

import io.kbench.measure.IntervalCounts;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.LatencyRecorder;
import io.kbench.result.run.IntervalPhase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Merges the workers' intervals exactly: interval k of every worker covers the same span of the common clock (all
 * start their interval axis at the common start), so the merged interval k is the sum of their counters and of their
 * histograms, never an average of percentiles. Interval k is released once every worker still running has sent it;
 * a worker that ended (or was lost) is no longer waited for.
 */
final class WorkerIntervalMerger {
    /**
     * One merged interval.
     *
     * @param index       the interval's number since the common start
     * @param endSec      its end, seconds since the common start (the latest of the workers')
     * @param durationSec its length: from the previous merged interval's end to this one's
     * @param phase       measured once any worker measured in it
     * @param counts      the workers' counter deltas added
     * @param histograms  per latency metric, the workers' histograms added (microseconds)
     */
    record Merged(int index, double endSec, double durationSec, IntervalPhase phase, IntervalCounts counts,
                  Map<LatencyMetric, Histogram> histograms) {
        Merged {
            histograms = Collections.unmodifiableMap(new EnumMap<>(histograms));
        }

        Histogram histogram(LatencyMetric metric) {
            return histograms.get(metric);
        }
    }

    private final Set<String> open = new LinkedHashSet<>();
    private final TreeMap<Integer, Map<String, Message.Interval>> pending = new TreeMap<>();
    /** The end of the last merged interval: the next one starts there. */
    private double lastEndSec;
    private int next;

    WorkerIntervalMerger(Iterable<String> workers) {
        workers.forEach(open::add);
    }

    void add(Message.Interval m) {
        if (m.index() >= next) {
            pending.computeIfAbsent(m.index(), k -> new HashMap<>()).put(m.workerId(), m);
        }
    }

    /** {@code worker} sends no more intervals (it reported its end, or it was lost). */
    void closed(String worker) {
        open.remove(worker);
    }

    /** The intervals every open worker has sent, in order. */
    List<Merged> ready() {
        List<Merged> out = new ArrayList<>();
        while (!pending.isEmpty() && pending.firstKey() == next && pending.firstEntry().getValue().keySet().containsAll(open)) {
            out.add(merge(next, pending.pollFirstEntry().getValue()));
            next++;
        }
        return out;
    }

    /** Everything still pending, in order, whether or not every worker sent it (the run is over). */
    List<Merged> flush() {
        List<Merged> out = new ArrayList<>();
        while (!pending.isEmpty()) {
            Map.Entry<Integer, Map<String, Message.Interval>> e = pending.pollFirstEntry();
            out.add(merge(e.getKey(), e.getValue()));
            next = e.getKey() + 1;
        }
        return out;
    }

    private Merged merge(int index, Map<String, Message.Interval> parts) {
        Map<LatencyMetric, Histogram> histograms = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric metric : LatencyMetric.values()) {
            histograms.put(metric, LatencyRecorder.newHistogram());
        }
        long producedRecords = 0;
        long producedBytes = 0;
        long consumedRecords = 0;
        long consumedBytes = 0;
        long errors = 0;
        double endSec = lastEndSec;
        boolean measured = false;
        for (Message.Interval m : parts.values()) {
            histograms.forEach((metric, sum) -> sum.add(HistogramCodec.decode(m.histogram(metric))));
            IntervalCounts c = m.counts();
            producedRecords += c.producedRecords();
            producedBytes += c.producedBytes();
            consumedRecords += c.consumedRecords();
            consumedBytes += c.consumedBytes();
            errors += c.produceErrors();
            endSec = Math.max(endSec, m.point().endSec());
            measured |= m.point().phase() == IntervalPhase.MEASURED;
        }
        double durationSec = endSec - lastEndSec;
        lastEndSec = endSec;
        return new Merged(index, endSec, durationSec, measured ? IntervalPhase.MEASURED : IntervalPhase.WARMUP,
                new IntervalCounts(producedRecords, producedBytes, consumedRecords, consumedBytes, errors), histograms);
    }
}
