package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.unit.FigureText;
import java.util.Locale;

/**
 * What transactional producers did in the measured window (transactions holding at least one measured record).
 *
 * @param committed              transactions committed
 * @param aborted                transactions aborted on purpose (abortFraction)
 * @param committedRecords       measured records in committed transactions
 * @param abortedRecords         measured records in aborted transactions (acknowledged, then aborted)
 * @param transactionsPerSec     committed transactions over the produce window
 * @param commitLatencyMicros    commitTransaction() call to return: flushing the last records and the EndTxn round trip
 *                               to the transaction coordinator (which answers once it has logged the decision; the
 *                               markers are written to the partitions after that)
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

    /** One line for the console: commits, aborts, commit latency and what consumers saw of aborted transactions. */
    public String line() {
        String commit = commitLatencyMicros == null || commitLatencyMicros.count() == 0 ? "no commits measured"
                : "commit p50 " + FigureText.fromMicros(commitLatencyMicros.p50()) + ", p99 "
                        + FigureText.fromMicros(commitLatencyMicros.p99()) + ", max "
                        + FigureText.fromMicros(commitLatencyMicros.max());
        String seen = isolationLevel == null ? "" : String.format(Locale.ROOT, "; %s consumers received %,d aborted records%s",
                isolationLevel, abortedRecordsConsumed, abortedLeaked() ? " (FAILED: never allowed)" : "");
        return String.format(Locale.ROOT, "transactions: %,d committed (%.1f/s), %,d aborted; %s%s", committed,
                transactionsPerSec, aborted, commit, seen);
    }

    /** Whether a read_committed consumer received a record of an aborted transaction: a broken guarantee. */
    public boolean abortedLeaked() {
        return READ_COMMITTED.equals(isolationLevel) && abortedRecordsConsumed > 0;
    }
}
