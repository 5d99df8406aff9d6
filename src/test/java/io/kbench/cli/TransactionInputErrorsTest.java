package io.kbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad transaction and key settings: exit 2, one line naming the field, before any broker starts, nothing left. */
class TransactionInputErrorsTest {
    private static final Duration FAST = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    @Test
    void anAbortFractionOutsideZeroToOneNamesTheField() throws IOException {
        Path f = Files.writeString(dir.resolve("t.yaml"), """
                name: t
                producers: {records: 100, transactions: {recordsPerTransaction: 10, abortFraction: 1}}
                """);
        CliRun.leavingNothing(dir.resolve("r"), "run", f.toString())
                .assertOneErrorLine(2, FAST, "producers.transactions.abortFraction", "got 1.0", "below 1");
        CliRun.leavingNothing(dir.resolve("r"), "run", "--set",
                        "producers.transactions={recordsPerTransaction: 10, abortFraction: -0.5}")
                .assertOneErrorLine(2, FAST, "producers.transactions.abortFraction", "got -0.5");
    }

    @Test
    void transactionsNeedACommitRule() {
        CliRun.leavingNothing(dir.resolve("r"), "run", "--set", "producers.transactions={abortFraction: 0.1}")
                .assertOneErrorLine(2, FAST, "producers.transactions", "recordsPerTransaction", "duration");
    }

    @Test
    void produceTakesTheStockToolsTransactionFlags() {
        CliRun.leavingNothing(dir.resolve("r"), "produce", "--topic", "t", "--num-records", "10", "--throughput", "-1",
                        "--record-size", "100", "--transaction-duration-ms", "0")
                .assertOneErrorLine(2, FAST, "--transaction-duration-ms", "got 0", "greater than 0");
        CliRun.leavingNothing(dir.resolve("r"), "produce", "--topic", "t", "--num-records", "10", "--throughput", "-1",
                        "--record-size", "100", "--transactional-id", "x", "--producer-props", "acks=1")
                .assertOneErrorLine(2, FAST, "producers.properties.acks", "got 1");
    }

    @Test
    void aZipfExponentOutOfRangeNamesTheField() {
        CliRun.leavingNothing(dir.resolve("r"), "run", "--set", "producers.keys={type: zipf, exponent: -1}")
                .assertOneErrorLine(2, FAST, "producers.keys.exponent", "got -1.0");
    }
}
