package io.kbench.distributed;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The log of refused control records: one line each, naming the record and why; the same refusal (a forged plan
 * repeated every second) is printed once a minute, and at most {@link #LINES_PER_MINUTE} lines a minute in all (then
 * one line counting the rest), so a writer flooding the topic cannot flood the log.
 */
final class Refusals {
    private static final long REPEAT_NANOS = 60_000_000_000L;
    private static final int REMEMBERED = 256;
    static final int LINES_PER_MINUTE = 20;
    private static final java.util.regex.Pattern SEQUENCE = java.util.regex.Pattern.compile(" \\(seq -?[0-9]+\\)");

    private final PrintStream out;
    private final String who;
    private final Map<String, Long> printed = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > REMEMBERED;
        }
    };
    private long windowStart = System.nanoTime();
    private int linesInWindow;
    private long suppressed;

    /** {@code who}: the process's name in its log lines ("worker w1", "coordinator"). */
    Refusals(PrintStream out, String who) {
        this.out = out;
        this.who = who;
    }

    void refuse(String topic, long offset, ControlCodec.Refused r) {
        // Without the sequence number: a forged record repeated with a new one each time is still the same refusal.
        String key = SEQUENCE.matcher(r.what()).replaceAll("") + "\n" + r.reason();
        long now = System.nanoTime();
        Long last = printed.get(key);
        if (last != null && now - last < REPEAT_NANOS) {
            return;
        }
        printed.put(key, now);
        if (now - windowStart > REPEAT_NANOS) {
            if (suppressed > 0) {
                out.println("kbench: warning: " + who + " refused " + suppressed + " more record(s) in the last minute, not shown");
            }
            windowStart = now;
            linesInWindow = 0;
            suppressed = 0;
        }
        if (++linesInWindow > LINES_PER_MINUTE) {
            suppressed++;
            return;
        }
        out.println("kbench: warning: " + who + " refused " + r.what() + " on " + topic + " at offset " + offset + ": "
                + r.reason());
        out.flush();
    }
}
