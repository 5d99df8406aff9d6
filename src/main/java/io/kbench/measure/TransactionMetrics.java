package io.kbench.measure;

import io.kbench.result.run.TransactionStats;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What transactional producers did: written by the producer threads once per transaction (never per record), and by
 * consumers once per poll that held records of aborted transactions.
 */
public final class TransactionMetrics {
    /** commitTransaction() call to return, for transactions holding measured records. */
    public final LatencyRecorder commitLatency = new LatencyRecorder();
    public final AtomicLong committed = new AtomicLong();
    public final AtomicLong aborted = new AtomicLong();
    public final AtomicLong committedRecords = new AtomicLong();
    /** Measured records in aborted transactions. */
    public final Counter abortedMeasured = new Counter();
    /** All records in aborted transactions, warm-up included. */
    public final Counter abortedAll = new Counter();
    /** Records of aborted transactions that consumers received. */
    public final AtomicLong abortedConsumed = new AtomicLong();

    /** The figures for result.json; {@code produceWindowSec} is the produced totals' window. */
    public TransactionStats stats(double produceWindowSec, String isolationLevel) {
        long c = committed.get();
        return new TransactionStats(c, aborted.get(), committedRecords.get(), abortedMeasured.records(),
                produceWindowSec > 0 ? c / produceWindowSec : 0,
                LatencySeries.stats(commitLatency.takeInterval(null)), abortedConsumed.get(), isolationLevel);
    }
}
