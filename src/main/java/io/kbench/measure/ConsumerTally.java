package io.kbench.measure;

import io.kbench.result.run.ConsumerStats;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.AtomicHistogram;

/**
 * One consumer thread's measured records, bytes and end-to-end latency, and the partition breakdown it feeds. Written
 * by its consumer thread only; read when the run ends (atomics so a late read is still consistent).
 */
public final class ConsumerTally {
    /** For consumers created without a breakdown (tools and tests): keeps nothing. */
    public static final ConsumerTally NONE = new ConsumerTally(-1, new PartitionBreakdown(0, null, false), null);

    private final int index;
    private final PartitionBreakdown partitions;
    private final TransactionMetrics transactions;
    private final AtomicLong records = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicHistogram endToEnd = PartitionBreakdown.newHistogram();

    /** {@code transactions} null when the producers are not transactional. */
    public ConsumerTally(int index, PartitionBreakdown partitions, TransactionMetrics transactions) {
        this.index = index;
        this.partitions = partitions;
        this.transactions = transactions;
    }

    /** One measured record from {@code partition}; {@code endToEndMicros} -1 when not measured end to end. */
    public void record(int partition, long endToEndMicros) {
        partitions.consumed(partition, endToEndMicros);
        if (endToEndMicros >= 0) {
            endToEnd.recordValue(PartitionBreakdown.clamp(endToEndMicros));
        }
    }

    /**
     * {@code count} measured records from {@code partition} without end-to-end latency (backlog mode): one atomic add
     * per partition per poll instead of one per record.
     */
    public void records(int partition, long count) {
        partitions.consumedMany(partition, count);
    }

    /** Whether records of aborted transactions are counted: only when the producers are transactional. */
    public boolean countsAborted() {
        return transactions != null;
    }

    /** After each poll: its measured records and bytes, and the records of aborted transactions in it. */
    public void polled(long measuredRecords, long measuredBytes, long abortedRecords) {
        if (measuredRecords > 0) {
            records.addAndGet(measuredRecords);
            bytes.addAndGet(measuredBytes);
        }
        if (abortedRecords > 0 && transactions != null) {
            transactions.abortedConsumed.addAndGet(abortedRecords);
        }
    }

    ConsumerStats stats(double windowSec) {
        long n = records.get();
        return new ConsumerStats(index, n, bytes.get(), windowSec > 0 ? n / windowSec : 0,
                endToEnd.getTotalCount() == 0 ? null : LatencySeries.stats(endToEnd));
    }
}
