package io.kbench.distributed;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Each sender's sequence numbers, per run: a message whose number is not above the last one accepted from the same
 * sender in the same run is a replay (or a duplicate) and refused. Bounded: the senders of the last few hundred runs.
 * Touched only by the thread that polls the channel.
 */
final class ReplayGuard {
    private static final int MAX_SENDERS = 512;

    private final Map<String, Long> last = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > MAX_SENDERS;
        }
    };

    /** Whether {@code seq} is new for this sender in this run; remembers it if so. */
    boolean accept(Envelope e) {
        String key = e.runId() + "\n" + e.sender();
        Long previous = last.get(key);
        if (previous != null && e.seq() <= previous) {
            return false;
        }
        last.put(key, e.seq());
        return true;
    }
}
