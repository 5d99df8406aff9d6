package io.kbench.spec;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.unit.DurationText;
import java.time.Duration;

/**
 * Transactional producers: each producer thread sends in transactions of a fixed number of records or a fixed age
 * (as kafka-producer-perf-test's --transaction-duration-ms), and aborts a random share of them.
 *
 * @param transactionalId       the producers' transactional.id: used as is with one producer, with "-N" appended per
 *                              producer thread otherwise; absent: {@code kbench-txn-<random per run>}
 * @param recordsPerTransaction records per transaction; exclusive with duration
 * @param duration              commit once a transaction is this old (checked after each send); exclusive with
 *                              recordsPerTransaction
 * @param abortFraction         share of transactions aborted instead of committed, in [0, 1); absent means 0
 */
public record TransactionSpec(String transactionalId, Integer recordsPerTransaction, Duration duration,
                              Double abortFraction) {
    public TransactionSpec {
        if (transactionalId != null) {
            Checks.notBlank("producers.transactions.transactionalId", transactionalId);
        }
        if (recordsPerTransaction != null && duration != null) {
            throw InvalidInputException.field("producers.transactions", "recordsPerTransaction and duration",
                    "give recordsPerTransaction or duration, not both");
        }
        if (recordsPerTransaction == null && duration == null) {
            throw InvalidInputException.field("producers.transactions", "neither recordsPerTransaction nor duration",
                    "say when to commit: recordsPerTransaction (e.g. 100) or duration (e.g. 100ms)");
        }
        if (recordsPerTransaction != null) {
            Checks.atLeast("producers.transactions.recordsPerTransaction", recordsPerTransaction, 1);
        }
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw InvalidInputException.field("producers.transactions.duration", DurationText.format(duration),
                    "must be a positive duration");
        }
        abortFraction = abortFraction == null ? 0.0 : abortFraction;
        if (!(abortFraction >= 0 && abortFraction < 1)) {
            throw InvalidInputException.field("producers.transactions.abortFraction", abortFraction,
                    "must be at least 0 and below 1");
        }
    }

    /** The transactional.id of producer thread {@code index} of {@code count}, given the run's default. */
    public String transactionalIdOf(int index, int count, String runDefault) {
        String id = transactionalId == null ? runDefault : transactionalId;
        return count == 1 ? id : id + "-" + index;
    }

    /** Whether some transactions are aborted. */
    public boolean aborts() {
        return abortFraction > 0;
    }
}
