package io.kbench.load.integrity;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The outcome of every send of one producer, by sequence number: two bits per record (pending, acknowledged, failed,
 * indeterminate) in chunks allocated as the sequence grows, plus where acknowledged records landed as runs of
 * consecutive sequence numbers at consecutive offsets of one partition (a batch is one run when the partitioner keeps
 * consecutive records together, as the default sticky partitioner does without keys), up to {@link #MAX_RUNS}.
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
    private static final int RUNS_PER_CHUNK = 4096;
    /**
     * Positions are kept for at most this many runs per producer (24 MiB); they only serve as examples of lost
     * records, and keyed records (one run each) would otherwise cost 24 bytes per record.
     */
    static final int MAX_RUNS = 1 << 20;

    private final int producer;
    private volatile long[][] chunks = new long[16][];
    private volatile long sent;
    // Written by the I/O thread only.
    private final long[][] runChunks = new long[MAX_RUNS / RUNS_PER_CHUNK][];
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

    /**
     * Replays a run of outcomes another process recorded (a driver's send log, docs/drivers.md#send-log-file):
     * {@code count} sequences from {@code first}, the next ones to be sent, all in {@code state}; acknowledged ones at
     * consecutive offsets from {@code firstOffset} of {@code partition} (-1: no position). The same calls a live
     * producer makes, so a replayed log answers {@link #state} and {@link #ackPosition} as the live one did.
     */
    public void replay(long first, long count, int state, int partition, long firstOffset) {
        if (first != sent || count < 1 || state < PENDING || state > INDETERMINATE) {
            throw new IllegalArgumentException("replay of " + count + " records from " + first + " in state " + state
                    + " after " + sent + " sent");
        }
        for (long seq = first; seq < first + count; seq++) {
            sending(seq);
            if (state == ACKNOWLEDGED) {
                acknowledged(seq, partition, firstOffset < 0 ? -1 : firstOffset + (seq - first));
            } else if (state != PENDING) {
                set(seq, state);
            }
        }
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
            long[] chunk = runChunks[open / RUNS_PER_CHUNK];
            int base = (open % RUNS_PER_CHUNK) * RUN_LONGS;
            int length = (int) chunk[base + 2];
            if (chunk[base] + length == seq && chunk[base + 1] + length == offset && length < Integer.MAX_VALUE) {
                chunk[base + 2]++;
                return;
            }
        }
        if (runCount == MAX_RUNS) {
            openRun[partition] = -1;
            return; // positions beyond the budget are not kept; the states above still count every record
        }
        int c = runCount / RUNS_PER_CHUNK;
        if (runChunks[c] == null) {
            runChunks[c] = new long[RUNS_PER_CHUNK * RUN_LONGS];
        }
        int base = (runCount % RUNS_PER_CHUNK) * RUN_LONGS;
        runChunks[c][base] = seq;
        runChunks[c][base + 1] = offset;
        runChunks[c][base + 2] = ((long) partition << 32) | 1;
        openRun[partition] = runCount++;
    }

    /**
     * Where {@code seq} was acknowledged, as {partition, offset}, or null when no offset was given or it was beyond the
     * run budget. A linear search: only called for the few examples of lost records.
     */
    public long[] ackPosition(long seq) {
        for (int i = 0; i < runCount; i++) {
            long[] chunk = runChunks[i / RUNS_PER_CHUNK];
            int base = (i % RUNS_PER_CHUNK) * RUN_LONGS;
            long length = chunk[base + 2] & 0xFFFF_FFFFL;
            if (seq >= chunk[base] && seq < chunk[base] + length) {
                return new long[] {chunk[base + 2] >>> 32, chunk[base + 1] + (seq - chunk[base])};
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
        long bytes = (long) chunks.length * Long.BYTES + (long) runChunks.length * Long.BYTES + openRun.length * 4L;
        for (long[] c : chunks) {
            bytes += c == null ? 0 : (long) c.length * Long.BYTES;
        }
        for (long[] c : runChunks) {
            bytes += c == null ? 0 : (long) c.length * Long.BYTES;
        }
        return bytes;
    }
}
