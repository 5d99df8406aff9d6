package io.kbench.load;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The 16 bytes kbench writes at the start of each value: a per-run magic number, a phase flag and the
 * intended send time in monotonic nanoseconds. Producers and consumers share one JVM and clock, so
 * end-to-end latency needs no wall clock and suffers no skew; other runs' records are recognised and ignored.
 */
public final class Stamp {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int PHASE_OFFSET = 4;
    private static final int TIME_OFFSET = 8;
    public static final int BYTES = 16;

    private Stamp() {
    }

    public static void write(byte[] value, int magic, boolean measured, long sendNanos) {
        INT.set(value, 0, magic);
        value[PHASE_OFFSET] = (byte) (measured ? 1 : 0);
        LONG.set(value, TIME_OFFSET, sendNanos);
    }

    public static boolean isOurs(byte[] value, int magic) {
        return value != null && value.length >= BYTES && (int) INT.get(value, 0) == magic;
    }

    public static boolean isMeasured(byte[] value) {
        return value[PHASE_OFFSET] == 1;
    }

    public static long sendNanos(byte[] value) {
        return (long) LONG.get(value, TIME_OFFSET);
    }
}
