package io.kbench.result.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.FaultAction;
import io.kbench.spec.FaultSpec;
import io.kbench.spec.FaultTarget;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A fixed-rate run's schedule, the fault baseline it implies, and the one short-window rule. */
class ScheduleTest {
    private static FaultResult faultWithBaseline(Double recordsPerSec) {
        FaultSpec kill = new FaultSpec(Duration.ofSeconds(4), FaultAction.KILL, FaultTarget.parse("leader"),
                Duration.ofSeconds(2), null, null, null, null, null, null, null, null, null);
        return new FaultResult(0, kill, 2, 4.0, 6.0, null, null, null, 0, null,
                new FaultRecovery(recordsPerSec, recordsPerSec == null ? null : 14_762_000.0, null, null, null), null, null);
    }

    @Test
    void aFaultInARunAlreadyShortOfItsRateHasNoHealthyBaseline() {
        Schedule s = Schedule.of(20_000, 8_798, 12, 27.3);
        assertThat(s.met()).isFalse();
        assertThat(s.baselineNote(faultWithBaseline(873.0))).contains("fault 0: no healthy baseline: before it the run"
                + " achieved 873 of 20,000 records/s offered (4%): it was already overloaded, and its recovery figures"
                + " compare against that");
        assertThat(s.baselineNote(faultWithBaseline(19_990.0))).isEmpty();
    }

    @Test
    void windowsUnderFiveSecondsOrFiveIntervalsAreFlagged() {
        assertThat(ShortWindow.flag(0.4, 1)).contains("short window: 0.4 s measured in 1 interval(s) (under 5 s or 5"
                + " report intervals): its rates and percentiles are noisy");
        assertThat(ShortWindow.flag(12, 3)).isPresent();
        assertThat(ShortWindow.flag(0.2, -1)).contains("short window: 0.2 s measured (under 5 s or 5 report intervals):"
                + " its rates and percentiles are noisy");
        assertThat(ShortWindow.flag(5, 5)).isEmpty();
    }
}
