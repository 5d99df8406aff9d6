package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StampTest {
    private static final int MAGIC = 0x6B62_0001;

    @Test
    void roundTripsMagicPhaseAndTime() {
        byte[] value = new byte[64];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) 0x5A;
        }
        long t = 123_456_789_012_345L;
        Stamp.write(value, MAGIC, true, t);
        assertThat(Stamp.isOurs(value, MAGIC)).isTrue();
        assertThat(Stamp.isMeasured(value)).isTrue();
        assertThat(Stamp.sendNanos(value)).isEqualTo(t);
        // bytes after the stamp are untouched
        for (int i = Stamp.BYTES; i < value.length; i++) {
            assertThat(value[i]).isEqualTo((byte) 0x5A);
        }

        Stamp.write(value, MAGIC, false, -42L);
        assertThat(Stamp.isMeasured(value)).isFalse();
        assertThat(Stamp.sendNanos(value)).isEqualTo(-42L);
        Stamp.write(value, MAGIC, true, Long.MAX_VALUE);
        assertThat(Stamp.sendNanos(value)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void exactlySixteenBytesIsEnough() {
        byte[] value = new byte[Stamp.BYTES];
        Stamp.write(value, MAGIC, true, 7);
        assertThat(Stamp.isOurs(value, MAGIC)).isTrue();
        assertThat(Stamp.sendNanos(value)).isEqualTo(7);
    }

    @Test
    void foreignMagicIsIgnored() {
        byte[] value = new byte[32];
        Stamp.write(value, MAGIC, true, 1);
        assertThat(Stamp.isOurs(value, MAGIC + 2)).isFalse();
        assertThat(Stamp.isOurs(new byte[32], MAGIC)).isFalse();
    }

    @Test
    void shortOrMissingValuesAreNotOurs() {
        assertThat(Stamp.isOurs(null, MAGIC)).isFalse();
        assertThat(Stamp.isOurs(new byte[0], MAGIC)).isFalse();
        byte[] shortValue = new byte[Stamp.BYTES - 1];
        // the magic alone fits, but the value is too short to hold a stamp
        shortValue[0] = (byte) (MAGIC >>> 24);
        shortValue[1] = (byte) (MAGIC >>> 16);
        shortValue[2] = (byte) (MAGIC >>> 8);
        shortValue[3] = (byte) MAGIC;
        assertThat(Stamp.isOurs(shortValue, MAGIC)).isFalse();
    }

    @Test
    void theIdRoundTripsWithoutTouchingTheLatencyStamp() {
        byte[] value = new byte[Stamp.ID_BYTES];
        Stamp.write(value, MAGIC, true, 99);
        Stamp.writeId(value, 1023, (1L << 40) + 5);
        assertThat(Stamp.hasId(value)).isTrue();
        assertThat(Stamp.producer(value)).isEqualTo(1023);
        assertThat(Stamp.sequence(value)).isEqualTo((1L << 40) + 5);
        assertThat(Stamp.isOurs(value, MAGIC)).isTrue();
        assertThat(Stamp.isMeasured(value)).isTrue();
        assertThat(Stamp.sendNanos(value)).isEqualTo(99);
        Stamp.writeId(value, 65_535, 0);
        assertThat(Stamp.producer(value)).isEqualTo(65_535);
        assertThat(Stamp.hasId(new byte[Stamp.ID_BYTES - 1])).isFalse();
    }

    @Test
    void theAbortedFlagSitsBesideTheMeasuredOne() {
        byte[] value = new byte[Stamp.BYTES];
        Stamp.write(value, MAGIC, true, true, 5L);
        assertThat(Stamp.isMeasured(value)).isTrue();
        assertThat(Stamp.isAborted(value, MAGIC)).isTrue();
        assertThat(Stamp.isAborted(value, MAGIC + 2)).as("another run's record").isFalse();
        Stamp.write(value, MAGIC, false, true, 5L);
        assertThat(Stamp.isMeasured(value)).isFalse();
        assertThat(Stamp.isAborted(value, MAGIC)).isTrue();
        // the value is reused for the next record: the flags are rewritten, not accumulated
        Stamp.write(value, MAGIC, true, 6L);
        assertThat(Stamp.isAborted(value, MAGIC)).isFalse();
        assertThat(Stamp.isMeasured(value)).isTrue();
        assertThat(Stamp.isAborted(new byte[4], MAGIC)).isFalse();
    }
}
