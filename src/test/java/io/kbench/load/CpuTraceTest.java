package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A process's CPU over a window told from readings at other moments: between them, and beyond them at the nearest rate. */
class CpuTraceTest {
    @Test
    void aWindowBetweenReadingsIsInterpolated() {
        CpuTrace trace = new CpuTrace();
        trace.add(1_000, 100);
        trace.add(2_000, 300);
        trace.add(3_000, 400);
        // 1,500: 200; 2,500: 350
        assertThat(trace.between(1_500, 2_500)).hasValue(150);
        assertThat(trace.between(1_000, 3_000)).hasValue(300);
    }

    @Test
    void aWindowBeyondTheReadingsIsExtrapolatedAtTheNearestRate() {
        CpuTrace trace = new CpuTrace();
        trace.add(1_000, 100);
        trace.add(2_000, 300);
        trace.add(3_000, 400);
        // 500: 100 - 0.2 * 500 = 0; 3,500: 400 + 0.1 * 500 = 450
        assertThat(trace.between(500, 3_500)).hasValue(450);
    }

    @Test
    void tooFewReadingsOrAnEmptyWindowTellNothing() {
        CpuTrace trace = new CpuTrace();
        assertThat(trace.between(0, 10)).isEqualTo(OptionalLong.empty());
        trace.add(1_000, 100);
        assertThat(trace.between(0, 2_000)).isEmpty();
        trace.add(2_000, 200);
        assertThat(trace.between(2_000, 2_000)).isEmpty();
    }

    @Test
    void aReadingOutOfOrderOrWithoutCpuIsDropped() {
        CpuTrace trace = new CpuTrace();
        trace.add(1_000, 100);
        trace.add(2_000, 200);
        trace.add(1_500, 999);
        trace.add(3_000, -1);
        assertThat(trace.between(1_000, 2_000)).hasValue(100);
    }

    @Test
    void theJvmReadsItsOwnCpu() {
        CpuTrace trace = new CpuTrace();
        trace.readJvm(System.nanoTime());
        long spin = System.nanoTime() + 20_000_000;
        long x = 0;
        while (System.nanoTime() < spin) {
            x += Long.numberOfTrailingZeros(x + 1);
        }
        trace.readJvm(System.nanoTime() + (x & 1));
        assertThat(trace.between(0, Long.MAX_VALUE / 2)).isPresent();
    }
}
