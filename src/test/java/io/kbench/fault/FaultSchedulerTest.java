package io.kbench.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.FaultAction;
import io.kbench.spec.FaultSpec;
import io.kbench.spec.FaultTarget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultSchedulerTest {
    /** Time moves only when the scheduler sleeps. */
    private static final class FakeClock implements FaultClock {
        long now;

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleepUntil(long nanos) {
            now = Math.max(now, nanos);
        }
    }

    private static FaultSpec fault(int atSec, FaultAction action, Integer durationSec) {
        return new FaultSpec(Duration.ofSeconds(atSec), action, action == FaultAction.RESTART ? null : FaultTarget.parse("1"),
                durationSec == null ? null : Duration.ofSeconds(durationSec), null, null, null, null, null, null, null, null, null);
    }

    @Test
    void firesEachStartAndEndAtItsOffsetFromTheMeasuredWindow() throws InterruptedException {
        FakeClock clock = new FakeClock();
        long measuredStart = 5_000_000_000L;
        List<String> fired = new ArrayList<>();
        FaultScheduler.Handler handler = new FaultScheduler.Handler() {
            @Override
            public void start(int index, long nanos) {
                fired.add("start " + index + " @" + (nanos - measuredStart) / 1_000_000_000.0);
            }

            @Override
            public void end(int index, long nanos) {
                fired.add("end " + index + " @" + (nanos - measuredStart) / 1_000_000_000.0);
            }
        };
        List<FaultSpec> faults = List.of(fault(20, FaultAction.KILL, 10), fault(2, FaultAction.PAUSE, 1),
                fault(30, FaultAction.PAUSE, null), fault(40, FaultAction.KILL, null), fault(45, FaultAction.RESTART, null));
        // The window starts once the clock passes 5 s: the scheduler polls until then.
        new FaultScheduler(faults, clock, () -> clock.now >= measuredStart ? measuredStart : Long.MAX_VALUE, handler).run();
        assertThat(fired).containsExactly("start 1 @2.0", "end 1 @3.0", "start 0 @20.0", "end 0 @30.0", "start 2 @30.0",
                "start 3 @40.0", "start 4 @45.0");
    }

    @Test
    void closedBeforeTheWindowStartsFiresNothing() {
        List<String> fired = new ArrayList<>();
        FaultScheduler s = new FaultScheduler(List.of(fault(1, FaultAction.KILL, null)), FaultClock.SYSTEM,
                () -> Long.MAX_VALUE, new FaultScheduler.Handler() {
                    @Override
                    public void start(int index, long nanos) {
                        fired.add("start");
                    }

                    @Override
                    public void end(int index, long nanos) {
                        fired.add("end");
                    }
                }).start();
        s.close();
        assertThat(fired).isEmpty();
    }
}
