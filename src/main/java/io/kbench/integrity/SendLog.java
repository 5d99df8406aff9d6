package io.kbench.integrity;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The outcome of every send of one producer, by sequence number: two bits per record (pending, acknowledged, failed,
 * indeterminate) in chunks allocated as the sequence grows, plus where acknowledged records landed as runs of
 * consecutive sequence numbers at consecutive offsets of one partition (a batch is one run when the partitioner keeps
 * consecutive records together, as the default sticky partitioner does without keys).
 *
 * <p>Threads: {@link #sending} is called by the producer's sending thread before each send; outcomes arrive on the
 * producer's I/O thread, or on the sending thread when a send fails at once, so the state bits are set with one atomic
 * OR each (no lock, no allocation). Acknowledgements only ever arrive on the I/O thread, so the runs are its alone.
 * Readers ({@link #state}, {@link #ackPosition}) run after the producer has closed.
 */
public final class SendLog {
    public static final int PENDING = 0;
    public static final int ACKNOWLEDGED = 1;
    public static final int FAILED = 2;
    public static final int INDETERMINATE = 3;

    static final int CHUNK_SHIFT = 16;
    private static final int CHUNK_RECORDS = 1 << CHUNK_SHIFT;
    private static final int RECORDS_PER_WORD = 32;
    private static final VarHandle WORD = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle CHUNK = MethodHandles.arrayElementVarHandle(long[][].class);
    /** Longs per run: first sequence, first offset, partition << 32 | length. */
    private static final int RUN_LONGS = 3;

    private final int producer;
    private volatile long[][] chunks = new long[16][];
    private volatile long sent;
    // Written by the I/O thread only.
    private long[] runs = new long[RUN_LONGS * 64];
    private int runCount;
    /** Index of the run still open for each partition, or -1. */
    private int[] openRun = new int[0];

    public SendLog(int producer) {
        this.producer = producer;
    }

    public int producer() {
        return producer;
    }

    /** Records that {@code seq} (the next one, 0, 1, 2, ...) is about to be sent; allocates one chunk per 65,536. */
    public void sending(long seq) {
        int c = (int) (seq >>> CHUNK_SHIFT);
        long[][] spine = chunks;
        if (c >= spine.length) {
            spine = Arrays.copyOf(spine, spine.length * 2);
            chunks = spine;
        }
        if ((long[]) CHUNK.getAcquire(spine, c) == null) {
            CHUNK.setRelease(spine, c, new long[CHUNK_RECORDS / RECORDS_PER_WORD]);
        }
        sent = seq + 1;
    }

    /** Records sent so far. */
    public long sent() {
        return sent;
    }

    /** The broker acknowledged {@code seq} at {@code offset} of {@code partition} (offset -1: none given, acks=0). */
    public void acknowledged(long seq, int partition, long offset) {
        set(seq, ACKNOWLEDGED);
        if (offset >= 0) {
            addToRun(seq, partition, offset);
        }
    }

    /** The send of {@code seq} ended with {@code error}; whether it may still be in the log decides its state. */
    public void failed(long seq, Throwable error) {
        set(seq, SendErrors.mayBeWritten(error) ? INDETERMINATE : FAILED);
    }

    private void set(long seq, int state) {
        long[] chunk = (long[]) CHUNK.getAcquire(chunks, (int) (seq >>> CHUNK_SHIFT));
        int inChunk = (int) (seq & (CHUNK_RECORDS - 1));
        WORD.getAndBitwiseOr(chunk, inChunk / RECORDS_PER_WORD, (long) state << (2 * (inChunk % RECORDS_PER_WORD)));
    }

    /** The outcome of {@code seq}: PENDING (none arrived), ACKNOWLEDGED, FAILED or INDETERMINATE. */
    public int state(long seq) {
        long[] chunk = chunks[(int) (seq >>> CHUNK_SHIFT)];
        int inChunk = (int) (seq & (CHUNK_RECORDS - 1));
        return (int) (chunk[inChunk / RECORDS_PER_WORD] >>> (2 * (inChunk % RECORDS_PER_WORD))) & 3;
    }

    private void addToRun(long seq, int partition, long offset) {
        if (partition >= openRun.length) {
            int old = openRun.length;
            openRun = Arrays.copyOf(openRun, Math.max(partition + 1, old * 2));
            Arrays.fill(openRun, old, openRun.length, -1);
        }
        int open = openRun[partition];
        if (open >= 0) {
            int base = open * RUN_LONGS;
            int length = (int) runs[base + 2];
            if (runs[base] + length == seq && runs[base + 1] + length == offset && length < Integer.MAX_VALUE) {
                runs[base + 2]++;
                return;
            }
        }
        if ((runCount + 1) * RUN_LONGS > runs.length) {
            runs = Arrays.copyOf(runs, runs.length * 2);
        }
        int base = runCount * RUN_LONGS;
        runs[base] = seq;
        runs[base + 1] = offset;
        runs[base + 2] = ((long) partition << 32) | 1;
        openRun[partition] = runCount++;
    }

    /** Where {@code seq} was acknowledged, as {partition, offset}, or null when no offset was given. Linear: for examples. */
    public long[] ackPosition(long seq) {
        for (int i = 0; i < runCount; i++) {
            int base = i * RUN_LONGS;
            long length = runs[base + 2] & 0xFFFF_FFFFL;
            if (seq >= runs[base] && seq < runs[base] + length) {
                return new long[] {runs[base + 2] >>> 32, runs[base + 1] + (seq - runs[base])};
            }
        }
        return null;
    }

    /** Runs of acknowledged records kept (each costs {@value #RUN_LONGS} longs). */
    public int runCount() {
        return runCount;
    }

    /** Bytes this log holds now: state chunks, the run array and the spine (object headers left out). */
    public long retainedBytes() {
        long bytes = (long) chunks.length * Long.BYTES + (long) runs.length * Long.BYTES + openRun.length * 4L;
        for (long[] c : chunks) {
            if (c != null) {
                bytes += (long) c.length * Long.BYTES;
            }
        }
        return bytes;
    }
}
