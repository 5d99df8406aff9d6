package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FaultWindowsTest {
    @Test
    void countsRecordsByIntendedSendTimeInsideEachWindow() {
        FaultWindows w = new FaultWindows();
        w.acknowledged(50, 1_000);
        int a = w.open(100);
        int b = w.open(150);
        w.acknowledged(99, 7);
        w.acknowledged(120, 2_000);
        w.failed(160);
        w.close(a, 200);
        w.close(a, 900);
        w.acknowledged(250, 5_000);
        w.failed(199);
        assertThat(w.latency(a).count()).as("120 only; 250 is after the first close, which wins").isEqualTo(1);
        assertThat(w.latency(a).count()).as("read once").isZero();
        assertThat(w.failures(a)).isEqualTo(2);
        assertThat(w.latency(b).count()).as("250 is still inside the open window b").isEqualTo(1);
        assertThat(w.failures(b)).isEqualTo(2);
    }

    @Test
    void withoutWindowsNothingIsCounted() {
        FaultWindows w = new FaultWindows();
        w.acknowledged(1, 1);
        w.failed(1);
        int a = w.open(10);
        assertThat(w.latency(a).count()).isZero();
        assertThat(w.failures(a)).isZero();
    }
}
