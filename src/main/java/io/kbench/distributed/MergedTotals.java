package io.kbench.distributed;

import io.kbench.load.SliceWindows;
import io.kbench.result.run.Totals;
import io.kbench.unit.Units;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The run's totals from the workers' reports: counts added, and the window from the earliest first event to the
 * latest last one on the common clock, so the merged rate is total records over the whole window (not a sum of
 * the workers' rates, which would overstate it when their windows differ).
 */
final class MergedTotals {
    private MergedTotals() {
    }

    static Totals empty() {
        return new Totals(0, 0, 0, 0, 0, 0, Map.of(), 0, null, null);
    }

    static Totals produced(List<Message.Done> done) {
        return merge(done, d -> d.summary() == null ? null : d.summary().produced(),
                SliceWindows::firstSendNanos, SliceWindows::lastAckNanos);
    }

    static Totals consumed(List<Message.Done> done) {
        return merge(done, d -> d.summary() == null ? null : d.summary().consumed(),
                SliceWindows::firstConsumedNanos, SliceWindows::lastConsumedNanos);
    }

    private static Totals merge(List<Message.Done> done, Function<Message.Done, Totals> part,
                                Function<SliceWindows, Long> first, Function<SliceWindows, Long> last) {
        long records = 0;
        long bytes = 0;
        long errors = 0;
        long warmup = 0;
        Map<String, Long> types = new TreeMap<>();
        long firstNanos = Long.MAX_VALUE;
        long lastNanos = Long.MIN_VALUE;
        for (Message.Done d : done) {
            Totals t = part.apply(d);
            if (t == null) {
                continue;
            }
            records += t.records();
            bytes += t.bytes();
            errors += t.errors();
            warmup += t.warmupRecords();
            t.errorTypes().forEach((k, v) -> types.merge(k, v, Long::sum));
            if (d.windows() != null && t.records() > 0) {
                firstNanos = Math.min(firstNanos, first.apply(d.windows()));
                lastNanos = Math.max(lastNanos, last.apply(d.windows()));
            }
        }
        long window = firstNanos == Long.MAX_VALUE || lastNanos == Long.MIN_VALUE ? 0 : Math.max(0, lastNanos - firstNanos);
        return new Totals(records, bytes, Units.perSecond(records, window), Units.perSecond(Units.mib(bytes), window),
                Units.seconds(window), errors, types, warmup, null, null);
    }
}
