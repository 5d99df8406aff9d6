package io.kbench.load;

import io.kbench.measure.TransactionMetrics;
import io.kbench.spec.TransactionSpec;
import io.kbench.unit.Units;
import org.apache.kafka.clients.producer.Producer;

/**
 * When one producer thread begins, commits and aborts its transactions: a transaction ends after N records or once it
 * is D old (checked after each send, as kafka-producer-perf-test does), and is aborted with the spec's probability,
 * decided when it begins so that its records carry the flag. Runs on the sending thread; allocates nothing per record.
 */
final class TransactionCadence {
    private final Producer<byte[], byte[]> producer;
    private final TransactionMetrics metrics;
    private final NanoClock clock;
    private final FastRandom random;
    private final int recordsPerTransaction;
    private final long durationNanos;
    private final double abortFraction;
    private boolean open;
    private boolean abortCurrent;
    private long beganNanos;
    private int records;
    private long bytes;
    private int measuredRecords;
    private long measuredBytes;

    TransactionCadence(Producer<byte[], byte[]> producer, TransactionSpec spec, TransactionMetrics metrics,
                       NanoClock clock, long seed) {
        this.producer = producer;
        this.metrics = metrics;
        this.clock = clock;
        // Its own generator: the abort decisions do not shift the payload and key choices of a run without aborts.
        this.random = new FastRandom(seed ^ 0x5DEECE66DL);
        this.recordsPerTransaction = spec.recordsPerTransaction() == null ? Integer.MAX_VALUE : spec.recordsPerTransaction();
        this.durationNanos = spec.duration() == null ? Long.MAX_VALUE : spec.duration().toNanos();
        this.abortFraction = spec.abortFraction();
    }

    /** Registers the transactional id with the coordinator (fencing an earlier producer with the same id). */
    void init() {
        producer.initTransactions();
    }

    /** Before a send: begins a transaction when none is open; returns whether this record's transaction will abort. */
    boolean beforeSend(long nowNanos) {
        if (!open) {
            producer.beginTransaction();
            open = true;
            abortCurrent = abortFraction > 0 && random.nextDouble() < abortFraction;
            beganNanos = nowNanos;
            records = 0;
            bytes = 0;
            measuredRecords = 0;
            measuredBytes = 0;
        }
        return abortCurrent;
    }

    /** After a send: counts it and ends the transaction when it is full or old enough. */
    void afterSend(int valueBytes, boolean measured, long nowNanos) {
        records++;
        bytes += valueBytes;
        if (measured) {
            measuredRecords++;
            measuredBytes += valueBytes;
        }
        if (records >= recordsPerTransaction || nowNanos - beganNanos >= durationNanos) {
            end();
        }
    }

    /**
     * Commits or aborts the open transaction. An abort first flushes, so that every record of the transaction is
     * acknowledged (a send still in flight at the abort would fail and look like an error) and aborted records are
     * counted as produced and then aborted.
     */
    void end() {
        if (!open) {
            return;
        }
        open = false;
        if (abortCurrent) {
            producer.flush();
            producer.abortTransaction();
            metrics.abortedAll.add(records, bytes);
            if (measuredRecords > 0) {
                metrics.aborted.incrementAndGet();
                metrics.abortedMeasured.add(measuredRecords, measuredBytes);
            }
            return;
        }
        long start = clock.nanoTime();
        producer.commitTransaction();
        if (measuredRecords > 0) {
            metrics.commitLatency.recordMicros(Units.micros(clock.nanoTime() - start));
            metrics.committed.incrementAndGet();
            metrics.committedRecords.addAndGet(measuredRecords);
        }
    }
}
