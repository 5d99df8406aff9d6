package io.kbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The circular shift test against counts worked out by hand. */
class EventCoincidenceTest {
    @Test
    void countsEveryRotationWithTheUnshiftedArrangement() {
        // 10 intervals; marks at 0 and 5; flags at 0 and 1. Unshifted, 1 mark is flagged; of the rotations k = 1..9,
        // k = 1 (mark 0 on flag 1), 5 and 6 (mark 5 on flags 0 and 1) flag one mark each, the other six none.
        boolean[] marked = {true, false, false, false, false, true, false, false, false, false};
        boolean[] flagged = {true, true, false, false, false, false, false, false, false, false};
        EventCoincidence.Result r = EventCoincidence.test(marked, flagged, 0.05);
        assertThat(r.observed()).isEqualTo(1);
        assertThat(r.marked()).isEqualTo(2);
        assertThat(r.expected()).isEqualTo(0.4);
        assertThat(r.lift()).isEqualTo(2.5);
        assertThat(r.shifts()).isEqualTo(9);
        assertThat(r.pAbove()).isEqualTo(0.4);
        assertThat(r.detectable()).as("10 intervals cannot reach 5%").isEqualTo(-1);
    }

    @Test
    void decidesWhereNoRotationComesClose() {
        boolean[] marked = new boolean[40];
        boolean[] flagged = new boolean[40];
        int[] at = {3, 11, 17, 26, 34};
        for (int i : at) {
            marked[i] = true;
            flagged[i] = true;
        }
        EventCoincidence.Result r = EventCoincidence.test(marked, flagged, 0.05);
        assertThat(r.observed()).isEqualTo(5);
        assertThat(r.pAbove()).isEqualTo(1 / 40.0);
        assertThat(r.detectable()).isBetween(1, 5);
    }

    @Test
    void refusesMismatchedSeriesAndLevels() {
        assertThatThrownBy(() -> EventCoincidence.test(new boolean[3], new boolean[4], 0.05))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same length");
        assertThatThrownBy(() -> EventCoincidence.test(new boolean[3], new boolean[3], 1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("alpha");
    }
}
