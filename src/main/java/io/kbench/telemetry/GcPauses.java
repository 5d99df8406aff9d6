package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import java.time.Duration;
import java.util.Locale;

/**
 * GC pause count and time per interval from the collectors' cumulative CollectionCount and CollectionTime, and an
 * event when an interval's pause time reaches a threshold.
 */
final class GcPauses {
    /** An interval with at least this much GC pause time gets a gc_pause event. */
    static final Duration EVENT_THRESHOLD = Duration.ofMillis(50);

    private long count = -1;
    private long millis = -1;

    /**
     * Whether a GarbageCollector MXBean counts stop-the-world pauses. G1 (JDK 20+) has "G1 Concurrent GC", ZGC and
     * Shenandoah have "... Cycles" beans whose time is concurrent work, not pauses; they are left out.
     */
    static boolean isPauseCollector(String name) {
        return !name.contains("Concurrent") && !name.endsWith("Cycles");
    }

    /** Records the interval's pauses (nothing on the first call); {@code eventType} null: no events. */
    void update(long totalCount, long totalMillis, Sample out, TelemetryMetric countMetric, TelemetryMetric timeMetric,
                TelemetryEventType eventType) {
        if (count >= 0 && totalCount >= count && totalMillis >= millis) {
            long n = totalCount - count;
            long ms = totalMillis - millis;
            out.put(countMetric, (double) n);
            out.put(timeMetric, (double) ms);
            if (eventType != null && ms >= EVENT_THRESHOLD.toMillis()) {
                out.event(eventType, String.format(Locale.ROOT, "%d pause(s), %d ms in total", n, ms));
            }
        }
        count = totalCount;
        millis = totalMillis;
    }
}
