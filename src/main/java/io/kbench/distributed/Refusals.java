package io.kbench.distributed;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The log of refused control records: one line each, naming the record and why; the same refusal (a forged plan
 * repeated every second) is printed once a minute, so a writer flooding the topic cannot flood the log.
 */
final class Refusals {
    private static final long REPEAT_NANOS = 60_000_000_000L;
    private static final int REMEMBERED = 256;

    private final PrintStream out;
    private final String who;
    private final Map<String, Long> printed = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > REMEMBERED;
        }
    };
    private long count;

    /** {@code who}: the process's name in its log lines ("worker w1", "coordinator"). */
    Refusals(PrintStream out, String who) {
        this.out = out;
        this.who = who;
    }

    void refuse(String topic, long offset, ControlCodec.Refused r) {
        count++;
        String key = r.what() + "\n" + r.reason();
        long now = System.nanoTime();
        Long last = printed.get(key);
        if (last != null && now - last < REPEAT_NANOS) {
            return;
        }
        printed.put(key, now);
        out.println("kbench: warning: " + who + " refused " + r.what() + " on " + topic + " at offset " + offset + ": "
                + r.reason());
        out.flush();
    }

    /** How many records were refused so far. */
    long count() {
        return count;
    }
}
