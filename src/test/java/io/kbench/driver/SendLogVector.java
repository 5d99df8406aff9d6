package io.kbench.driver;

import io.kbench.load.integrity.SendLog;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.function.LongToIntFunction;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;

/**
 * The send-log vector: a {@link SendLog} fed a scripted outcome history, and the file the contract says a driver
 * writes for that history (docs/drivers.md#send-log-file). The file is derived from the log's own answers
 * ({@link SendLog#state}, {@link SendLog#ackPosition}), so it means what kbench's verification reads.
 */
final class SendLogVector {
    static final int VERSION = 1;
    static final int PRODUCER = 3;

    /** One step of the history: {op, first, count} plus partition and offset (ack) or error (fail). */
    record Event(String op, long first, int count, Integer partition, Long offset, String error) {
        Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("op", op);
            m.put("first", first);
            m.put("count", count);
            if (partition != null) {
                m.put("partition", partition);
                m.put("offset", offset);
            }
            if (error != null) {
                m.put("error", error);
            }
            return m;
        }
    }

    /**
     * Runs broken by a partition change (seq 8), an offset gap (seq 9), definite and indeterminate failures, sends with
     * no outcome (13, 14), acknowledgements without an offset (acks=0: 15, 16) and positions arriving out of order.
     */
    static final List<Event> EVENTS = List.of(
            new Event("sending", 0, 20, null, null, null),
            new Event("ack", 0, 5, 0, 100L, null),
            new Event("ack", 5, 3, 1, 50L, null),
            new Event("ack", 8, 1, 0, 105L, null),
            new Event("ack", 9, 1, 0, 107L, null),
            new Event("fail", 10, 1, null, null, "definite"),
            new Event("fail", 11, 2, null, null, "indeterminate"),
            new Event("ack", 15, 2, 2, -1L, null),
            new Event("ack", 18, 2, 2, 11L, null),
            new Event("ack", 17, 1, 2, 10L, null));

    private SendLogVector() {
    }

    static SendLog replay(List<Event> events) {
        SendLog log = new SendLog(PRODUCER);
        for (Event e : events) {
            for (long seq = e.first(); seq < e.first() + e.count(); seq++) {
                switch (e.op()) {
                    case "sending" -> log.sending(seq);
                    case "ack" -> log.acknowledged(seq, e.partition(),
                            e.offset() < 0 ? -1 : e.offset() + (seq - e.first()));
                    case "fail" -> log.failed(seq, "definite".equals(e.error())
                            ? new RecordTooLargeException("vector") : new TimeoutException("vector"));
                    default -> throw new IllegalArgumentException(e.op());
                }
            }
        }
        return log;
    }

    static String json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("about", "SendLog(producer) fed these events in order (ack offsets count up from offset, -1: none;"
                + " definite = RecordTooLargeException, indeterminate = TimeoutException); sendlog.bin is its file");
        root.put("producer", PRODUCER);
        root.put("events", EVENTS.stream().map(Event::json).toList());
        return ContractVectors.json(root);
    }

    /** The contract's file of {@code log}: header, then maximal runs over sequences 0 .. sent-1. */
    static byte[] file(SendLog log) {
        return file(log.producer(), log.sent(), log::state, log::ackPosition);
    }

    /**
     * The contract's file of a producer's outcomes: {@code state} of each sequence, and {@code position}
     * ({partition, offset} or null) of each acknowledged one.
     */
    static byte[] file(int producer, long sent, LongToIntFunction stateOf, LongFunction<long[]> positionOf) {
        List<long[]> runs = new ArrayList<>(); // {firstSeq, count, state, partition, firstOffset}
        for (long seq = 0; seq < sent; seq++) {
            int state = stateOf.applyAsInt(seq);
            long[] position = state == SendLog.ACKNOWLEDGED ? positionOf.apply(seq) : null;
            long partition = position == null ? -1 : position[0];
            long offset = position == null ? -1 : position[1];
            long[] last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
            if (last != null && last[2] == state && last[3] == partition
                    && (offset < 0 ? last[4] < 0 : last[4] >= 0 && last[4] + last[1] == offset)) {
                last[1]++;
            } else {
                runs.add(new long[] {seq, 1, state, partition, offset});
            }
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.write("KBSL".getBytes(StandardCharsets.US_ASCII));
            out.writeInt(VERSION);
            out.writeInt(producer);
            out.writeLong(sent);
            for (long[] r : runs) {
                out.writeLong(r[0]);
                out.writeInt((int) r[1]);
                out.writeByte((int) r[2]);
                out.writeInt((int) r[3]);
                out.writeLong(r[4]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
