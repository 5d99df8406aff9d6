package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.load.NanoClock;
import org.junit.jupiter.api.Test;

class ClockOffsetTest {
    private static final long MS = 1_000_000L;

    @Test
    void aClusterClockAheadOfOursGivesANegativeOffsetWithinTheBound() {
        // The broker's clock is 250 ms ahead of ours; its appends happen mid-round-trip and are truncated to ms.
        long aheadNanos = 250 * MS;
        ClockOffset o = ClockOffset.estimate(() -> {
            long now = ClockOffset.localEpochNanos(System.nanoTime());
            return (now + aheadNanos) / MS;
        });
        assertThat(o.offsetNanos()).isBetween(-aheadNanos - o.boundNanos(), -aheadNanos + o.boundNanos());
        assertThat(o.boundNanos()).as("about half a millisecond of truncation, plus the tiny round trip").isLessThan(2 * MS);
        assertThat(o.boundMicros()).isPositive();
    }

    @Test
    void theClusterClockReadsLocalTimeMinusTheOffset() {
        ClockOffset o = new ClockOffset(5_000 * MS, 100_000);
        NanoClock cluster = o.clusterClock();
        long local = ClockOffset.localEpochNanos(System.nanoTime());
        long diff = local - cluster.nanoTime();
        assertThat(diff).isBetween(5_000 * MS - 50 * MS, 5_000 * MS + 50 * MS);
    }

    @Test
    void intervalGivesMiddleAndHalfWidth() {
        ClockOffset o = ClockOffset.fromInterval(-3 * MS, 1 * MS);
        assertThat(o.offsetNanos()).isEqualTo(-1 * MS);
        assertThat(o.boundNanos()).isEqualTo(2 * MS);
    }
}
