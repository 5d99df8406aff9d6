package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SendWindowsTest {
    /** A driver hears every window, those opened before it listened first, and adds what it counted itself. */
    @Test
    void anObserverHearsEachOpeningAndFirstCloseAndADriversCountsAreAdded() {
        SendWindows w = new SendWindows();
        int a = w.open(100);
        w.close(a, 200);
        int b = w.open(300);
        java.util.List<String> heard = new java.util.ArrayList<>();
        w.observe(new SendWindows.Observer() {
            @Override
            public void opened(int index, long startNanos) {
                heard.add("open " + index + " at " + startNanos);
            }

            @Override
            public void closed(int index, long endNanos) {
                heard.add("close " + index + " at " + endNanos);
            }
        });
        w.close(b, 400);
        w.close(b, 500);
        int c = w.open(600);
        assertThat(heard).containsExactly("open 0 at 100", "close 0 at 200", "open 1 at 300", "close 1 at 400",
                "open 2 at 600");

        org.HdrHistogram.Histogram counted = LatencyRecorder.newHistogram();
        counted.recordValueWithCount(1_000, 3);
        counted.recordValue(2_000_000);
        w.acknowledged(350, 0);
        w.addCounted(b, counted, 2, 40);
        w.addCounted(7, counted, 2, 40);
        io.kbench.result.run.LatencyStats added = w.latency(b);
        assertThat(added.count()).as("the driver's 4 and the Java record at 350").isEqualTo(5);
        assertThat(added.max()).isBetween(1_999_000L, 2_001_000L);
        assertThat(w.failures(b)).isEqualTo(2);
        assertThat(w.acknowledgedIn(b)).as("the driver's 40 and a Java producer's own record").isEqualTo(41);
        assertThat(w.latency(c).count()).as("a window the driver did not report").isZero();
        assertThat(w.acknowledgedIn(c)).isZero();
    }

    @Test
    void countsRecordsByIntendedSendTimeInsideEachWindow() {
        SendWindows w = new SendWindows();
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
    void endToEndLatencyByIntendedTimeAndAcknowledgementsByAckTime() {
        SendWindows w = new SendWindows();
        int a = w.open(10_000);
        // Sent before the window, acknowledged inside it: counts for the rate, not for the window's latency.
        w.acknowledged(5_000, 6);
        // Sent and acknowledged inside.
        w.acknowledged(12_000, 1);
        w.endToEnd(9_999, 4);
        w.endToEnd(10_000, 3_000);
        w.close(a, 20_000);
        // Sent inside, acknowledged after the window closed (at 35,000 ns): latency yes, rate no.
        w.acknowledged(15_000, 20);
        w.endToEnd(20_000, 5);
        assertThat(w.acknowledgedIn(a)).as("acks at 11,000 and 13,000 ns; 35,000 is after the end").isEqualTo(2);
        assertThat(w.latency(a).count()).isEqualTo(2);
        assertThat(w.endToEndLatency(a).count()).as("the record due at 10,000 only").isEqualTo(1);
    }

    @Test
    void withoutWindowsNothingIsCounted() {
        SendWindows w = new SendWindows();
        w.acknowledged(1, 1);
        w.failed(1);
        int a = w.open(10);
        assertThat(w.latency(a).count()).isZero();
        assertThat(w.failures(a)).isZero();
        assertThat(w.acknowledgedIn(a)).isZero();
        assertThat(w.endToEndLatency(a).count()).isZero();
    }
}
