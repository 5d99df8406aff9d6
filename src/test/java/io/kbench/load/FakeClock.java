package io.kbench.load;

import java.util.ArrayList;
import java.util.List;

/**
 * A fake monotonic clock whose sleeper advances it instead of waiting; records every sleep.
 * Each reading also moves time on by one tick, as a real clock does.
 */
final class FakeClock implements NanoClock, Pacer.Sleeper {
    static final long TICK = 1_000;
    long now;
    final List<Long> sleeps = new ArrayList<>();

    FakeClock(long start) {
        now = start;
    }

    @Override
    public long nanoTime() {
        long t = now;
        now += TICK;
        return t;
    }

    @Override
    public void sleepNanos(long nanos) {
        sleeps.add(nanos);
        now += nanos;
    }

    void advance(long nanos) {
        now += nanos;
    }
}
