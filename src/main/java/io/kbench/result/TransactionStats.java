package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What transactional producers did in the measured window (transactions holding at least one measured record).
 *
 * @param committed              transactions committed
 * @param aborted                transactions aborted on purpose (abortFraction)
 * @param committedRecords       measured records in committed transactions
 * @param abortedRecords         measured records in aborted transactions (acknowledged, then aborted)
 * @param transactionsPerSec     committed transactions over the produce window
 * @param commitLatencyMicros    commitTransaction() call to return: flushing the last records, the two-phase commit
 *                               with the coordinator and the markers written
 * @param abortedRecordsConsumed records of aborted transactions that consumers received (warm-up included); must be 0
 *                               with read_committed, else the run fails
 * @param isolationLevel         the consumers' isolation.level (read_committed or read_uncommitted), absent without
 *                               consumers
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TransactionStats(long committed, long aborted, long committedRecords, long abortedRecords,
                               double transactionsPerSec, LatencyStats commitLatencyMicros, long abortedRecordsConsumed,
                               String isolationLevel) {
    public static final String READ_COMMITTED = "read_committed";

    /** Whether a read_committed consumer received a record of an aborted transaction: a broken guarantee. */
    public boolean abortedLeaked() {
        return READ_COMMITTED.equals(isolationLevel) && abortedRecordsConsumed > 0;
    }
}
