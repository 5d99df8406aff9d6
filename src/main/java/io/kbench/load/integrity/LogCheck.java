package io.kbench.load.integrity;

import io.kbench.result.run.Anomaly;
import io.kbench.result.run.DeletedRecords;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegritySettings;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.RecordPosition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Classifies the records read back from the topic against what each producer's {@link SendLog} says it sent: one
 * call per record in offset order within each partition, then {@link #finish}. Holds one bit per sent record (seen)
 * and, per partition, the last sequence number seen of each producer.
 */
public final class LogCheck {
    /** Examples kept per anomaly. */
    public static final int EXAMPLES = 5;

    private final List<SendLog> producers;
    private final long[][] seen;
    private long[][] lastSeqByPartition = new long[0][];
    private long read;
    private long preexisting;
    private final Tally duplicated = new Tally();
    private final Tally reordered = new Tally();
    private final Tally unexpected = new Tally();

    public LogCheck(List<SendLog> producers) {
        this.producers = List.copyOf(producers);
        this.seen = new long[producers.size()][];
        for (int i = 0; i < seen.length; i++) {
            seen[i] = new long[(int) ((producers.get(i).sent() + 63) >>> 6)];
        }
    }

    /** A record that was in the topic before the run; not judged. */
    public void preexisting() {
        preexisting++;
    }

    /** A record read at {@code partition}@{@code offset} without this run's stamp. */
    public void foreign(int partition, long offset) {
        read++;
        if (unexpected.count() < EXAMPLES) {
            unexpected.example(new RecordPosition(null, null, partition, offset));
        }
        unexpected.count++;
    }

    /** A record with this run's stamp naming {@code producer} and {@code seq}. */
    public void ours(int partition, long offset, int producer, long seq) {
        read++;
        if (producer < 0 || producer >= producers.size() || seq < 0 || seq >= producers.get(producer).sent()
                || producers.get(producer).state(seq) == SendLog.FAILED) {
            unexpected.add(partition, offset, producer, seq);
            return;
        }
        long[] bits = seen[producer];
        int word = (int) (seq >>> 6);
        long bit = 1L << (seq & 63);
        if ((bits[word] & bit) != 0) {
            duplicated.add(partition, offset, producer, seq);
            return;
        }
        bits[word] |= bit;
        long[] last = lastSeq(partition);
        if (seq < last[producer]) {
            reordered.add(partition, offset, producer, seq);
        } else {
            last[producer] = seq;
        }
    }

    private long[] lastSeq(int partition) {
        if (partition >= lastSeqByPartition.length) {
            lastSeqByPartition = Arrays.copyOf(lastSeqByPartition, Math.max(partition + 1, lastSeqByPartition.length * 2));
        }
        if (lastSeqByPartition[partition] == null) {
            lastSeqByPartition[partition] = new long[producers.size()];
            Arrays.fill(lastSeqByPartition[partition], -1);
        }
        return lastSeqByPartition[partition];
    }

    /** Walks every sent record's outcome against what was seen, and judges the anomalies under {@code settings}. */
    public Integrity finish(IntegritySettings settings) {
        return finish(settings, ReadBack.complete());
    }

    /**
     * As {@link #finish(IntegritySettings)} after the read-back {@code back}: an acknowledged record not found below
     * its partition's log start was deleted (retention, DeleteRecords), not lost; when part of the topic could not be
     * read, an acknowledged record not found may be there, so loss is inconclusive rather than judged, and so is the
     * run unless an anomaly found in what was read breaks a guarantee on its own.
     */
    public Integrity finish(IntegritySettings settings, ReadBack back) {
        Outcomes o = new Outcomes();
        for (int p = 0; p < producers.size(); p++) {
            o.walk(producers.get(p), seen[p], back);
        }
        long unread = back.unread();
        Guarantees rules = new Guarantees(settings);
        Anomaly lostA = o.lost.judge(unread > 0 ? new Guarantees.Judgement(IntegrityVerdict.INCONCLUSIVE,
                "not found in the part read back; " + unread + " records could not be read back and may hold them")
                : rules.lost(back.failures()));
        Anomaly dupA = duplicated.judge(rules.duplicated());
        Anomaly reorderA = reordered.judge(rules.reordered());
        Anomaly unexpectedA = unexpected.judge(rules.unexpected());
        IntegrityVerdict verdict = worst(List.of(lostA, dupA, reorderA, unexpectedA));
        if (unread > 0 && verdict.ordinal() < IntegrityVerdict.INCONCLUSIVE.ordinal()) {
            verdict = IntegrityVerdict.INCONCLUSIVE;
        }
        DeletedRecords deletedA = o.deleted.count == 0 ? null : new DeletedRecords(o.deleted.count, o.deleted.examples);
        return new Integrity(verdict, settings, o.sent, o.acked, o.failed, o.indeterminate, read, o.ackedFound,
                o.indeterminateFound, preexisting, lostA, dupA, reorderA, unexpectedA, unread > 0 ? unread : null,
                deletedA);
    }

    /** The sent records by outcome, with acknowledged records not found split into deleted and lost. */
    private static final class Outcomes {
        long sent;
        long acked;
        long failed;
        long indeterminate;
        long ackedFound;
        long indeterminateFound;
        final Tally lost = new Tally();
        final Tally deleted = new Tally();

        void walk(SendLog log, long[] seenBits, ReadBack back) {
            for (long seq = 0; seq < log.sent(); seq++) {
                boolean found = (seenBits[(int) (seq >>> 6)] & (1L << (seq & 63))) != 0;
                switch (log.state(seq)) {
                    case SendLog.ACKNOWLEDGED -> {
                        acked++;
                        if (found) {
                            ackedFound++;
                        } else {
                            missing(log, seq, back);
                        }
                    }
                    case SendLog.FAILED -> failed++;
                    default -> {
                        // No outcome before the producer closed is as open as a timeout.
                        indeterminate++;
                        indeterminateFound += found ? 1 : 0;
                    }
                }
            }
            sent += log.sent();
        }

        private void missing(SendLog log, long seq, ReadBack back) {
            RecordPosition at = lostAt(log, seq);
            // acks=0 acknowledges without an offset (-1): such a record cannot be placed below the log start.
            boolean placed = at.partition() != null && at.offset() != null && at.offset() >= 0;
            Tally tally = placed && back.deleted(at.partition(), at.offset()) ? deleted : lost;
            if (tally.count() < EXAMPLES) {
                tally.example(at);
            }
            tally.count++;
        }
    }

    private static RecordPosition lostAt(SendLog log, long seq) {
        long[] at = log.ackPosition(seq);
        return at == null ? new RecordPosition(log.producer(), seq, null, null)
                : new RecordPosition(log.producer(), seq, (int) at[0], at[1]);
    }

    private static IntegrityVerdict worst(List<Anomaly> anomalies) {
        IntegrityVerdict worst = IntegrityVerdict.OK;
        for (Anomaly a : anomalies) {
            if (a.verdict().ordinal() > worst.ordinal()) {
                worst = a.verdict();
            }
        }
        return worst;
    }

    /** A count and its first few examples; positions of lost records are looked up only for the examples kept. */
    private static final class Tally {
        private long count;
        private final List<RecordPosition> examples = new ArrayList<>();

        long count() {
            return count;
        }

        void example(RecordPosition at) {
            examples.add(at);
        }

        /** Counts one record; builds its position only while examples are still wanted (no allocation after). */
        void add(int partition, long offset, int producer, long seq) {
            if (count++ < EXAMPLES) {
                examples.add(new RecordPosition(producer, seq, partition, offset));
            }
        }

        Anomaly judge(Guarantees.Judgement j) {
            return count == 0 ? new Anomaly(0, IntegrityVerdict.OK, null, List.of())
                    : new Anomaly(count, j.verdict(), j.reason(), examples);
        }
    }
}
