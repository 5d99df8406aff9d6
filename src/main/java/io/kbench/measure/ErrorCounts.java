package io.kbench.measure;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** Failed sends, counted in total and by exception type so a report can say what went wrong. */
public final class ErrorCounts {
    private final AtomicLong total = new AtomicLong();
    private final ConcurrentHashMap<String, LongAdder> byType = new ConcurrentHashMap<>();

    /** Only called on the failure path, where a map lookup is affordable. */
    public void count(Exception e) {
        total.incrementAndGet();
        byType.computeIfAbsent(e.getClass().getSimpleName(), k -> new LongAdder()).increment();
    }

    /** {@code n} failures of {@code type} counted elsewhere (a driver process names them by its client's words). */
    public void add(String type, long n) {
        if (n <= 0) {
            return;
        }
        total.addAndGet(n);
        byType.computeIfAbsent(type, k -> new LongAdder()).add(n);
    }

    public long total() {
        return total.get();
    }

    public Map<String, Long> byType() {
        Map<String, Long> out = new TreeMap<>();
        byType.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }
}
