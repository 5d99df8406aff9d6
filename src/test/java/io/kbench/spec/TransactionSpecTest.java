package io.kbench.spec;

import static io.kbench.spec.QuickStartWith.load;
import static io.kbench.spec.QuickStartWith.rejects;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** producers.transactions and zipf keys as a workload file or --set gives them. */
class TransactionSpecTest {
    @Test
    void recordsPerTransactionWithAnAbortFraction() {
        WorkloadSpec s = load("producers.transactions={recordsPerTransaction: 50, abortFraction: 0.25}");
        TransactionSpec t = s.producers().transactions();
        assertThat(s.producers().transactional()).isTrue();
        assertThat(t.recordsPerTransaction()).isEqualTo(50);
        assertThat(t.duration()).isNull();
        assertThat(t.abortFraction()).isEqualTo(0.25);
        assertThat(t.aborts()).isTrue();
    }

    @Test
    void aDurationAndNoAbortsByDefault() {
        TransactionSpec t = load("producers.transactions.duration=100ms").producers().transactions();
        assertThat(t.duration()).isEqualTo(Duration.ofMillis(100));
        assertThat(t.abortFraction()).isZero();
        assertThat(t.aborts()).isFalse();
        assertThat(load().producers().transactional()).isFalse();
    }

    @Test
    void eachProducerGetsItsOwnTransactionalId() {
        TransactionSpec given = new TransactionSpec("orders", 10, null, null);
        assertThat(given.transactionalIdOf(0, 1, "kbench-txn-1")).isEqualTo("orders");
        assertThat(given.transactionalIdOf(2, 3, "kbench-txn-1")).isEqualTo("orders-2");
        TransactionSpec none = new TransactionSpec(null, 10, null, null);
        assertThat(none.transactionalIdOf(1, 2, "kbench-txn-1")).isEqualTo("kbench-txn-1-1");
    }

    @Test
    void anAbortFractionOutsideZeroToOneIsAnInputErrorNamingTheField() {
        rejects("producers.transactions.abortFraction", "producers.transactions={recordsPerTransaction: 5, abortFraction: 1}");
        rejects("producers.transactions.abortFraction", "producers.transactions={recordsPerTransaction: 5, abortFraction: -0.1}");
        rejects("producers.transactions.abortFraction", "producers.transactions={recordsPerTransaction: 5, abortFraction: 1.5}");
        rejects("got 1.0", "producers.transactions={recordsPerTransaction: 5, abortFraction: 1}");
    }

    @Test
    void theCommitRuleIsOneOfRecordsOrDuration() {
        rejects("give recordsPerTransaction or duration, not both",
                "producers.transactions={recordsPerTransaction: 5, duration: 1s}");
        rejects("producers.transactions", "producers.transactions={abortFraction: 0.1}");
        rejects("producers.transactions.recordsPerTransaction", "producers.transactions.recordsPerTransaction=0");
        rejects("producers.transactions.duration", "producers.transactions.duration=0s");
    }

    @Test
    void settingsTransactionsCannotHaveAreRejected() {
        rejects("producers.properties.transactional.id", "producers.properties.transactional.id=x");
        rejects("producers.properties.enable.idempotence", "producers.transactions.recordsPerTransaction=5",
                "producers.properties.enable.idempotence=false");
        rejects("producers.properties.acks", "producers.transactions.recordsPerTransaction=5", "producers.properties.acks=1");
        rejects("producers.transactions.abortFraction", "verify=true",
                "producers.transactions={recordsPerTransaction: 5, abortFraction: 0.5}");
    }

    @Test
    void zipfKeysTakeAnExponent() {
        KeySpec k = load("producers.keys={type: zipf, count: 100}").producers().keys();
        assertThat(k.type()).isEqualTo(KeyType.ZIPF);
        assertThat(k.exponent()).isEqualTo(1.0);
        assertThat(load("producers.keys={type: zipf, exponent: 1.3}").producers().keys().exponent()).isEqualTo(1.3);
        rejects("producers.keys.exponent", "producers.keys={type: zipf, exponent: 0}");
        rejects("producers.keys.exponent", "producers.keys={type: zipf, exponent: 11}");
        rejects("only applies to zipf keys", "producers.keys={type: random, exponent: 1.2}");
    }
}
