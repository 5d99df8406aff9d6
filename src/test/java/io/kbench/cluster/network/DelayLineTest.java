package io.kbench.cluster.network;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The delay line: each chunk due after its arrival plus delay +- jitter, never before the chunk ahead of it. */
class DelayLineTest {
    private static final long MS = 1_000_000;

    @Test
    void withoutJitterEveryChunkIsDueExactlyTheDelayLater() {
        DelayLine line = new DelayLine(1);
        Impairment d = Impairment.delay(Duration.ofMillis(50), Duration.ZERO);
        for (long t = 0; t < 100 * MS; t += 3 * MS) {
            assertThat(line.due(t, d)).isEqualTo(t + 50 * MS);
        }
        assertThat(line.due(200 * MS, Impairment.NONE)).as("healed: forwarded on arrival").isEqualTo(200 * MS);
    }

    @Test
    void jitterStaysInItsBoundsAndNeverReorders() {
        DelayLine line = new DelayLine(7);
        Impairment d = Impairment.delay(Duration.ofMillis(50), Duration.ofMillis(20));
        long previous = Long.MIN_VALUE;
        for (int i = 0; i < 10_000; i++) {
            long arrival = i * 100_000L; // a chunk every 0.1 ms: jitter would reorder them if it could
            long due = line.due(arrival, d);
            assertThat(due).as("chunk %d in order", i).isGreaterThanOrEqualTo(previous);
            assertThat(due - arrival).as("chunk %d not earlier than delay - jitter", i).isGreaterThanOrEqualTo(30 * MS);
            // Held back by the chunk ahead at most to that chunk's due time, itself within delay + jitter.
            assertThat(due).isLessThanOrEqualTo(Math.max(previous, arrival + 70 * MS));
            previous = due;
        }
        // Chunks further apart than twice the jitter cannot hold each other back: their delays span the whole band.
        long earliest = Long.MAX_VALUE;
        long latest = Long.MIN_VALUE;
        for (int i = 0; i < 1_000; i++) {
            long arrival = 2_000 * MS + i * 50 * MS;
            long delay = line.due(arrival, d) - arrival;
            assertThat(delay).isBetween(30 * MS, 70 * MS);
            earliest = Math.min(earliest, delay);
            latest = Math.max(latest, delay);
        }
        assertThat(earliest).as("the jitter is used").isLessThan(40 * MS);
        assertThat(latest).isGreaterThan(60 * MS);
    }

    @Test
    void theSameSeedGivesTheSameDelays() {
        Impairment d = Impairment.delay(Duration.ofMillis(10), Duration.ofMillis(5));
        DelayLine a = new DelayLine(3);
        DelayLine b = new DelayLine(3);
        for (long t = 0; t < 1000 * MS; t += 20 * MS) {
            assertThat(a.due(t, d)).isEqualTo(b.due(t, d));
        }
    }
}
