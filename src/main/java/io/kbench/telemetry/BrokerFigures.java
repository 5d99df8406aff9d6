package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.unit.Units;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns two consecutive readings of a broker's MBeans into the interval's series values and events. Pure apart from
 * remembering the previous reading, so it is tested without a broker.
 */
final class BrokerFigures {
    static final String GC_COUNT = "gc.CollectionCount";
    static final String GC_MILLIS = "gc.CollectionTime";
    static final String HEAP_USED = "heap.used";

    private static final List<TelemetryMetric> PRODUCE_TIMES = List.of(TelemetryMetric.PRODUCE_TOTAL_TIME_MS,
            TelemetryMetric.PRODUCE_REQUEST_QUEUE_TIME_MS, TelemetryMetric.PRODUCE_LOCAL_TIME_MS,
            TelemetryMetric.PRODUCE_REMOTE_TIME_MS, TelemetryMetric.PRODUCE_RESPONSE_QUEUE_TIME_MS,
            TelemetryMetric.PRODUCE_RESPONSE_SEND_TIME_MS);
    private static final List<TelemetryMetric> FETCH_TIMES = List.of(TelemetryMetric.FETCH_TOTAL_TIME_MS,
            TelemetryMetric.FETCH_REQUEST_QUEUE_TIME_MS, TelemetryMetric.FETCH_LOCAL_TIME_MS,
            TelemetryMetric.FETCH_REMOTE_TIME_MS, TelemetryMetric.FETCH_RESPONSE_QUEUE_TIME_MS,
            TelemetryMetric.FETCH_RESPONSE_SEND_TIME_MS);

    private static final List<TelemetryMetric> REMOTE_RATES = List.of(TelemetryMetric.REMOTE_FETCH_MIB_PER_SEC,
            TelemetryMetric.REMOTE_FETCH_REQUESTS_PER_SEC, TelemetryMetric.REMOTE_FETCH_ERRORS_PER_SEC,
            TelemetryMetric.REMOTE_COPY_MIB_PER_SEC, TelemetryMetric.REMOTE_COPY_REQUESTS_PER_SEC);

    private final GcPauses gc = new GcPauses();
    private Map<String, Double> last;
    private Map<String, Double> lastSegments;
    private Map<String, Double> segments = Map.of();
    private Map<String, Double> lastLogStarts;
    private Map<String, Double> logStarts = Map.of();
    private long lastNanos;

    /** The per-partition segment counts and log start offsets of the reading about to be passed to {@link #update}. */
    void partitions(Map<String, Double> segmentsByPartition, Map<String, Double> logStartsByPartition) {
        this.segments = segmentsByPartition;
        this.logStarts = logStartsByPartition;
    }

    /** Adds the interval since the previous reading to {@code out}; the first reading only sets the baseline. */
    void update(Map<String, Double> now, long nowNanos, Sample out) {
        gauges(now, out);
        if (last != null) {
            Double startBefore = last.get("runtime.StartTime");
            Double startNow = now.get("runtime.StartTime");
            if (startBefore != null && startNow != null && !startBefore.equals(startNow)) {
                // A new JVM: its counters started from zero, so no interval figure spans the restart.
                out.event(TelemetryEventType.BROKER_RESTART, "JVM start time changed");
            } else {
                intervalFigures(last, now, nowNanos - lastNanos, out);
                intervalEvents(last, now, out);
            }
        }
        gc.update(now.getOrDefault(GC_COUNT, 0.0).longValue(), now.getOrDefault(GC_MILLIS, 0.0).longValue(), out,
                TelemetryMetric.BROKER_GC_PAUSES, TelemetryMetric.BROKER_GC_PAUSE_TIME_MS, TelemetryEventType.GC_PAUSE);
        last = now;
        lastSegments = segments;
        lastLogStarts = logStarts;
        lastNanos = nowNanos;
    }

    private static void gauges(Map<String, Double> now, Sample out) {
        out.put(TelemetryMetric.UNDER_REPLICATED_PARTITIONS, now.get("underReplicated.Value"));
        out.put(TelemetryMetric.UNDER_MIN_ISR_PARTITIONS, now.get("underMinIsr.Value"));
        out.put(TelemetryMetric.PRODUCE_PURGATORY_SIZE, now.get("purgatory.Value"));
        Double heap = now.get(HEAP_USED);
        out.put(TelemetryMetric.BROKER_HEAP_USED_MIB, heap == null ? null : Units.mib(heap));
    }

    static void intervalFigures(Map<String, Double> a, Map<String, Double> b, long elapsed, Sample out) {
        out.put(TelemetryMetric.BROKER_CPU_PERCENT,
                Deltas.cpuPercent(a.get("os.ProcessCpuTime"), b.get("os.ProcessCpuTime"), elapsed));
        // A Meter marked with idle nanoseconds divided by the pool size: idle ns per elapsed ns is the idle share.
        // The broker pool's own meter when the broker has one: the process-wide one also counts controller handlers.
        String idle = a.containsKey("brokerHandlerIdle.Count") && b.containsKey("brokerHandlerIdle.Count")
                ? "brokerHandlerIdle.Count" : "handlerIdle.Count";
        Double idleNanosPerSec = Deltas.rate(a.get(idle), b.get(idle), elapsed);
        out.put(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT,
                idleNanosPerSec == null ? null : Math.min(100, 100 * idleNanosPerSec / Units.NANOS_PER_SECOND));
        out.put(TelemetryMetric.NETWORK_PROCESSOR_IDLE_PERCENT, networkIdlePercent(a, b, elapsed));
        requestTimes("Produce", TelemetryMetric.PRODUCE_REQUESTS_PER_SEC, PRODUCE_TIMES, a, b, elapsed, out);
        requestTimes("FetchConsumer", TelemetryMetric.FETCH_REQUESTS_PER_SEC, FETCH_TIMES, a, b, elapsed, out);
        Double in = Deltas.rate(a.get("bytesIn.Count"), b.get("bytesIn.Count"), elapsed);
        Double outBytes = Deltas.rate(a.get("bytesOut.Count"), b.get("bytesOut.Count"), elapsed);
        out.put(TelemetryMetric.BROKER_BYTES_IN_MIB_PER_SEC, in == null ? null : Units.mib(in));
        out.put(TelemetryMetric.BROKER_BYTES_OUT_MIB_PER_SEC, outBytes == null ? null : Units.mib(outBytes));
        out.put(TelemetryMetric.BROKER_MESSAGES_IN_PER_SEC,
                Deltas.rate(a.get("messagesIn.Count"), b.get("messagesIn.Count"), elapsed));
        out.put(TelemetryMetric.LOG_FLUSHES_PER_SEC, Deltas.rate(a.get("flush.Count"), b.get("flush.Count"), elapsed));
        out.put(TelemetryMetric.LOG_FLUSH_TIME_MS,
                Deltas.intervalMean(a.get("flush.Count"), a.get("flush.Mean"), b.get("flush.Count"), b.get("flush.Mean")));
        remoteStorage(a, b, elapsed, out);
        out.put(TelemetryMetric.ISR_SHRINKS_PER_SEC, Deltas.rate(a.get("isrShrinks.Count"), b.get("isrShrinks.Count"), elapsed));
        out.put(TelemetryMetric.ISR_EXPANDS_PER_SEC, Deltas.rate(a.get("isrExpands.Count"), b.get("isrExpands.Count"), elapsed));
    }

    /** Tiered storage's rates and the remote reader's mean read time; nothing on a broker without tiered storage. */
    private static void remoteStorage(Map<String, Double> a, Map<String, Double> b, long elapsed, Sample out) {
        for (int i = 0; i < REMOTE_RATES.size(); i++) {
            String key = BrokerMBeans.REMOTE_METERS.get(i) + ".Count";
            Double rate = Deltas.rate(a.get(key), b.get(key), elapsed);
            boolean bytes = BrokerMBeans.REMOTE_METERS.get(i).contains("Bytes");
            // Not a ternary: Units.mib's double would unbox a missing rate (a broker without tiered storage).
            if (rate != null && bytes) {
                rate = Units.mib(rate);
            }
            out.put(REMOTE_RATES.get(i), rate);
        }
        String reads = BrokerMBeans.REMOTE_READS;
        out.put(TelemetryMetric.REMOTE_READ_TIME_MS, Deltas.intervalMean(a.get(reads + ".Count"), a.get(reads + ".Mean"),
                b.get(reads + ".Count"), b.get(reads + ".Mean")));
    }

    /**
     * Network processor idle over the interval: per listener the mean of its processors' io-wait shares (each from its
     * cumulative io wait nanoseconds), and of the listeners the least idle one, the one carrying the load (an unused
     * listener or a combined node's controller listener would otherwise average the busy one away). Without those
     * totals, the NetworkProcessorAvgIdlePercent gauge, but only once the broker has run long enough for Kafka's
     * window to be full (see {@link BrokerMBeans#NETWORK_GAUGE_TRUSTED_AFTER_MS}); before that it reads far too busy.
     */
    static Double networkIdlePercent(Map<String, Double> a, Map<String, Double> b, long elapsed) {
        Map<String, double[]> byListener = new java.util.TreeMap<>();
        for (Map.Entry<String, Double> e : b.entrySet()) {
            if (!e.getKey().startsWith(BrokerMBeans.IO_WAIT_PREFIX)) {
                continue;
            }
            Double rate = Deltas.rate(a.get(e.getKey()), e.getValue(), elapsed);
            if (rate != null) {
                String processor = e.getKey().substring(BrokerMBeans.IO_WAIT_PREFIX.length());
                String listener = processor.substring(0, Math.max(0, processor.lastIndexOf('/')));
                double[] sumCount = byListener.computeIfAbsent(listener, k -> new double[2]);
                sumCount[0] += Math.min(1, rate / Units.NANOS_PER_SECOND);
                sumCount[1]++;
            }
        }
        if (!byListener.isEmpty()) {
            return 100 * byListener.values().stream().mapToDouble(sc -> sc[0] / sc[1]).min().orElseThrow();
        }
        Double gauge = b.get("networkIdle.Value");
        Double uptime = b.get("runtime.Uptime");
        return gauge == null || uptime == null || uptime < BrokerMBeans.NETWORK_GAUGE_TRUSTED_AFTER_MS ? null
                : 100 * gauge;
    }

    /** Requests/s from the TotalTimeMs histogram's count (one entry per completed request) and the six mean times. */
    private static void requestTimes(String request, TelemetryMetric rate, List<TelemetryMetric> times,
                                     Map<String, Double> a, Map<String, Double> b, long elapsed, Sample out) {
        String total = request + "." + BrokerMBeans.REQUEST_TIMES.get(0) + ".Count";
        out.put(rate, Deltas.rate(a.get(total), b.get(total), elapsed));
        for (int i = 0; i < times.size(); i++) {
            String key = request + "." + BrokerMBeans.REQUEST_TIMES.get(i);
            out.put(times.get(i), Deltas.intervalMean(a.get(key + ".Count"), a.get(key + ".Mean"),
                    b.get(key + ".Count"), b.get(key + ".Mean")));
        }
    }

    private void intervalEvents(Map<String, Double> a, Map<String, Double> b, Sample out) {
        Double flushes = Deltas.delta(a.get("flush.Count"), b.get("flush.Count"));
        if (flushes != null && flushes > 0) {
            out.event(TelemetryEventType.LOG_FLUSH, String.format(Locale.ROOT, "%.0f segment flush(es)", flushes));
        }
        countEvent(TelemetryEventType.ISR_SHRINK, Deltas.delta(a.get("isrShrinks.Count"), b.get("isrShrinks.Count")), out);
        countEvent(TelemetryEventType.ISR_EXPAND, Deltas.delta(a.get("isrExpands.Count"), b.get("isrExpands.Count")), out);
        Double leadersBefore = a.get("leaders.Value");
        Double leadersNow = b.get("leaders.Value");
        if (leadersBefore != null && leadersNow != null && !leadersBefore.equals(leadersNow)) {
            out.event(TelemetryEventType.LEADER_CHANGE, String.format(Locale.ROOT, "leads %.0f partition(s), was %.0f",
                    leadersNow, leadersBefore));
        }
        segmentRolls(lastSegments, segments, out);
        SegmentDeletes.events(lastLogStarts, logStarts, lastSegments, segments, out);
    }

    /**
     * One segment_roll event per new segment of a partition of the workload topic. Retention deleting a segment in
     * the same interval hides a roll; kbench's runs are far shorter than any retention.
     */
    static void segmentRolls(Map<String, Double> before, Map<String, Double> now, Sample out) {
        if (before == null) {
            return;
        }
        for (Map.Entry<String, Double> e : now.entrySet()) {
            Double was = before.get(e.getKey());
            // A partition first seen after the baseline was created during the run (kbench makes a fresh topic), so it
            // started with one segment: every segment beyond that is a roll, even those before the first sample saw it.
            long rolls = Math.round(e.getValue() - (was == null ? 1 : was));
            for (long i = 0; i < rolls; i++) {
                out.event(TelemetryEventType.SEGMENT_ROLL, e.getKey());
            }
        }
    }

    private static void countEvent(TelemetryEventType type, Double count, Sample out) {
        if (count != null && count > 0) {
            out.event(type, String.format(Locale.ROOT, "%.0f", count));
        }
    }
}
