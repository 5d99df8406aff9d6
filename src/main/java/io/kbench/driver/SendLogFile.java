package io.kbench.driver;

import io.kbench.error.RunFailedException;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Reads the send logs a driver names in its {@code done} (docs/drivers.md#send-log-file) and hands each run of outcomes
 * to a sink (kbench's {@code SendLog.replay}), so a driver's records are verified as the Java producers' are. The files
 * come from another process, so nothing in them is trusted: each must lie in the directory kbench gave, be one of the
 * slice's producer threads once, hold no more records than the driver counted as acknowledged or failed in its
 * intervals (a completed slice has an outcome for every record it sent), and have exactly the size its header implies,
 * checked before a run is read; the runs must cover sequences 0 .. sent-1 in order. A file that breaks a rule is
 * refused with one line naming the file, the field and the value, and replays nothing more.
 */
public final class SendLogFile {
    /** {@code "KBSL"}, u32 version, u32 producer, u64 sent. */
    static final int HEADER_BYTES = 20;
    /** u64 firstSeq, u32 count, u8 state, i32 partition, i64 firstOffset. */
    static final int RUN_BYTES = 25;
    static final int VERSION = 1;
    private static final byte[] MAGIC = "KBSL".getBytes(StandardCharsets.US_ASCII);
    private static final int MAX_STATE = 3;
    private static final int ACKNOWLEDGED = 1;

    /** Where one run of outcomes goes: SendLog.replay's parameters. */
    @FunctionalInterface
    public interface RunSink {
        void run(long first, long count, int state, int partition, long firstOffset);
    }

    /**
     * What the files may hold.
     *
     * @param dir        the slice's {@code sendLogDir}: every file must be directly in it
     * @param first      the slice's first producer thread
     * @param count      the slice's producer threads: one file each
     * @param maxRecords the records the driver's intervals counted as acknowledged or failed: all files together hold
     *                   no more
     */
    public record Limits(Path dir, int first, int count, long maxRecords) {
        public Limits {
            dir = dir.toAbsolutePath().normalize();
        }
    }

    private SendLogFile() {
    }

    /**
     * Reads every file of {@code paths} (done.sendLogs), in order; {@code sinkOf} gives the sink of a producer thread
     * once its file's header was checked, and is called once per thread.
     *
     * @throws RunFailedException one line naming the file, the field and the value
     */
    public static void readAll(List<String> paths, Limits limits, IntFunction<RunSink> sinkOf) {
        if (paths == null || paths.size() != limits.count()) {
            throw new RunFailedException("its done names " + (paths == null ? "no" : paths.size()) + " send log(s) for "
                    + limits.count() + " producer thread(s)");
        }
        boolean[] seen = new boolean[limits.count()];
        long left = limits.maxRecords();
        for (String path : paths) {
            left -= read(Path.of(path), limits, left, seen, sinkOf);
        }
    }

    /** One file; returns its {@code sent}. */
    private static long read(Path file, Limits limits, long maxRecords, boolean[] seen, IntFunction<RunSink> sinkOf) {
        Path abs = file.toAbsolutePath().normalize();
        if (!limits.dir().equals(abs.getParent()) || !Files.isRegularFile(abs, LinkOption.NOFOLLOW_LINKS)) {
            throw refused(file, "path", file, "is not a file in the send log directory kbench gave, " + limits.dir());
        }
        try (InputStream raw = Files.newInputStream(abs);
             DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16))) {
            long size = Files.size(abs);
            if (size < HEADER_BYTES) {
                throw refused(file, "size", size, "is shorter than the " + HEADER_BYTES + "-byte header");
            }
            byte[] magic = new byte[MAGIC.length];
            in.readFully(magic);
            if (!Arrays.equals(magic, MAGIC)) {
                throw refused(file, "magic", new String(magic, StandardCharsets.ISO_8859_1), "must be KBSL");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw refused(file, "version", Integer.toUnsignedString(version), "must be " + VERSION);
            }
            int producer = in.readInt();
            int local = producer - limits.first();
            if (producer < 0 || local < 0 || local >= limits.count()) {
                throw refused(file, "producer", Integer.toUnsignedString(producer), "is not a producer thread of the"
                        + " slice (" + limits.first() + ".." + (limits.first() + limits.count() - 1) + ")");
            }
            if (seen[local]) {
                throw refused(file, "producer", producer, "has a send log already");
            }
            seen[local] = true;
            long sent = in.readLong();
            if (sent < 0 || sent > maxRecords) {
                throw refused(file, "sent", Long.toUnsignedString(sent), "is more than the " + maxRecords + " records"
                        + " its intervals counted as acknowledged or failed and no other send log holds");
            }
            long runs = (size - HEADER_BYTES) / RUN_BYTES;
            if ((size - HEADER_BYTES) % RUN_BYTES != 0 || runs > sent || (sent > 0 && runs == 0)) {
                throw refused(file, "size", size, "does not fit " + sent + " records in runs of " + RUN_BYTES + " bytes"
                        + " after a " + HEADER_BYTES + "-byte header");
            }
            RunSink sink = sinkOf.apply(producer);
            long next = 0;
            for (long r = 0; r < runs; r++) {
                next = run(file, in, next, sent, sink);
            }
            if (next != sent) {
                throw refused(file, "runs", next + " records", "cover fewer than the " + sent + " the header says");
            }
            return sent;
        } catch (EOFException e) {
            throw refused(file, "size", "changing", "ended before its runs did (was it still being written?)");
        } catch (IOException e) {
            throw new RunFailedException("send log " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** One run starting at sequence {@code next}: checked, then replayed; returns the sequence after it. */
    private static long run(Path file, DataInputStream in, long next, long sent, RunSink sink) throws IOException {
        long first = in.readLong();
        long count = Integer.toUnsignedLong(in.readInt());
        int state = in.readUnsignedByte();
        int partition = in.readInt();
        long offset = in.readLong();
        if (first != next) {
            throw refused(file, "firstSeq", Long.toUnsignedString(first), "must be " + next + ", where the runs before"
                    + " it end");
        }
        if (count < 1 || count > sent - next) {
            throw refused(file, "count", count, "must be 1.." + (sent - next) + " at sequence " + first);
        }
        if (state > MAX_STATE) {
            throw refused(file, "state", state, "must be 0..3 at sequence " + first);
        }
        boolean noPosition = partition == -1 && offset == -1;
        boolean position = state == ACKNOWLEDGED && partition >= 0 && offset >= 0 && offset <= Long.MAX_VALUE - count;
        if (!noPosition && !position) {
            throw refused(file, "partition", partition + "@" + offset, "must be -1@-1, or a partition and offset of"
                    + " an acknowledged run, at sequence " + first);
        }
        sink.run(first, count, state, partition, offset);
        return first + count;
    }

    private static RunFailedException refused(Path file, String field, Object value, String problem) {
        return new RunFailedException("send log " + file.getFileName() + ": " + field + " = " + value + ": " + problem);
    }
}
