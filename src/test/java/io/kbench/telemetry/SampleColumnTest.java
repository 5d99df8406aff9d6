package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SampleColumnTest {
    private static final double TOLERANCE = 1e-6;

    @Test
    void aValueIsFoundAtItsTimeWithinTheToleranceAndNowhereElse() {
        SampleColumn c = new SampleColumn();
        c.put(1.0, 10);
        c.put(2.0000004, 20);
        assertThat(c.near(1.0, TOLERANCE)).isEqualTo(10.0);
        assertThat(c.near(2.0, TOLERANCE)).as("rounding of the same tick").isEqualTo(20.0);
        assertThat(c.near(1.5, TOLERANCE)).isNull();
        assertThat(c.near(0.5, TOLERANCE)).as("before the first sample").isNull();
        assertThat(c.near(3.0, TOLERANCE)).as("after the last").isNull();
    }

    @Test
    void theSameTimeReplacesAndAnEarlierTimeIsInsertedInOrder() {
        SampleColumn c = new SampleColumn();
        c.put(1.0, 10);
        c.put(3.0, 30);
        c.put(3.0, 31);
        c.put(2.0, 20);
        assertThat(c.size()).isEqualTo(3);
        assertThat(c.near(1.0, TOLERANCE)).isEqualTo(10.0);
        assertThat(c.near(2.0, TOLERANCE)).isEqualTo(20.0);
        assertThat(c.near(3.0, TOLERANCE)).isEqualTo(31.0);
    }

    @Test
    void itGrowsPastItsFirstArrays() {
        SampleColumn c = new SampleColumn();
        for (int i = 0; i < 10_000; i++) {
            c.put(i, i * 2.0);
        }
        assertThat(c.size()).isEqualTo(10_000);
        assertThat(c.near(0, TOLERANCE)).isEqualTo(0.0);
        assertThat(c.near(4_321, TOLERANCE)).isEqualTo(8_642.0);
        assertThat(c.near(9_999, TOLERANCE)).isEqualTo(19_998.0);
    }
}
