package io.kbench.load;

import io.kbench.load.integrity.RecordIds;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The 16 bytes kbench writes at the start of each value: a per-run magic number, a phase flag and the
 * intended send time in monotonic nanoseconds. Producers and consumers share one JVM and clock, so
 * end-to-end latency needs no wall clock and suffers no skew; other runs' records are recognised and ignored.
 * The phase byte holds two flags: bit 0 measured (not warm-up), bit 1 sent in a transaction that will be aborted.
 * A verified run ({@code verify: true}) adds the record's id: the producer's index in two spare bytes of the
 * header and its sequence number in the 8 bytes after it, {@link #ID_BYTES} in all.
 *
 * <pre>
 * 0      4       5          7      8             16                24
 * | magic | phase | producer | (0)  | send nanos  | sequence       |
 * </pre>
 */
public final class Stamp {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int PHASE_OFFSET = 4;
    private static final int PRODUCER_OFFSET = 5;
    private static final int TIME_OFFSET = 8;
    private static final int SEQUENCE_OFFSET = 16;
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    public static final int BYTES = 16;
    /** Bytes of a stamp with the record id; a verified run's values must be at least this long. */
    public static final int ID_BYTES = 24;

    private Stamp() {
    }

    private static final int MEASURED = 1;
    private static final int ABORTED = 2;

    public static void write(byte[] value, int magic, boolean measured, long sendNanos) {
        write(value, magic, measured, false, sendNanos);
    }

    /** {@code aborted}: the record's transaction is going to be aborted, so no read_committed consumer may see it. */
    public static void write(byte[] value, int magic, boolean measured, boolean aborted, long sendNanos) {
        INT.set(value, 0, magic);
        value[PHASE_OFFSET] = (byte) ((measured ? MEASURED : 0) | (aborted ? ABORTED : 0));
        LONG.set(value, TIME_OFFSET, sendNanos);
    }

    public static boolean isOurs(byte[] value, int magic) {
        return value != null && value.length >= BYTES && (int) INT.get(value, 0) == magic;
    }

    public static boolean isMeasured(byte[] value) {
        return (value[PHASE_OFFSET] & MEASURED) != 0;
    }

    /** Whether this run's record was sent in a transaction that was aborted. */
    public static boolean isAborted(byte[] value, int magic) {
        return isOurs(value, magic) && (value[PHASE_OFFSET] & ABORTED) != 0;
    }

    public static long sendNanos(byte[] value) {
        return (long) LONG.get(value, TIME_OFFSET);
    }

    /** Adds the record id to a value already stamped by {@link #write}; the value must be {@link #ID_BYTES} long. */
    public static void writeId(byte[] value, int producer, long sequence) {
        SHORT.set(value, PRODUCER_OFFSET, (short) producer);
        LONG.set(value, SEQUENCE_OFFSET, sequence);
    }

    /** Whether {@code value} is long enough to carry an id. */
    public static boolean hasId(byte[] value) {
        return value.length >= ID_BYTES;
    }

    public static int producer(byte[] value) {
        return Short.toUnsignedInt((short) SHORT.get(value, PRODUCER_OFFSET));
    }

    public static long sequence(byte[] value) {
        return (long) LONG.get(value, SEQUENCE_OFFSET);
    }

    /** The read-back's view of the ids in this run's values ({@code magic} is the run's stamp number). */
    public static RecordIds ids(int magic) {
        return new RecordIds() {
            @Override
            public boolean carriesId(byte[] value) {
                return isOurs(value, magic) && hasId(value);
            }

            @Override
            public int producer(byte[] value) {
                return Stamp.producer(value);
            }

            @Override
            public long sequence(byte[] value) {
                return Stamp.sequence(value);
            }
        };
    }
}
