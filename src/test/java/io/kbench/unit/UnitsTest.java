package io.kbench.unit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void mebibyteIsBinary() {
        assertThat(Units.mib(1_048_576)).isEqualTo(1.0);
        assertThat(Units.BYTES_PER_MIB).isEqualTo(1024.0 * 1024.0);
    }

    @Test
    void timeConversions() {
        assertThat(Units.micros(1_999)).isEqualTo(1);
        assertThat(Units.millis(1_500)).isEqualTo(1.5);
        assertThat(Units.seconds(2_500_000_000L)).isEqualTo(2.5);
        assertThat(Units.perSecond(10, 2_000_000_000L)).isEqualTo(5.0);
        assertThat(Units.perSecond(10, 0)).isZero();
    }

    @Test
    void networkIsDecimalBits() {
        assertThat(Units.gbps(125_000_000)).isEqualTo(1.0);
    }
}
