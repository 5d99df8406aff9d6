package io.kbench.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.load.ConsumePhaseListener.Snapshot;
import java.util.Locale;
import java.util.TimeZone;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden lines of kafka-consumer-perf-test's CSV as {@code kbench consume} prints them. The header literals are
 * copied from org.apache.kafka.tools.ConsumerPerformance (Kafka 4.3.1); each test runs under two default locales
 * because the numbers must keep their decimal dot under a German one.
 */
class ConsumerPerfCsvTest {
    /** 2023-11-14 22:13:20.000 UTC. */
    private static final long T0 = 1_700_000_000_000L;
    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

    @ParameterizedTest
    @ValueSource(strings = {"en-US", "de-DE"})
    void headersAreTheStockToolsLiterals(String locale) {
        inLocale(locale, () -> {
            assertThat(ConsumerPerfCsv.SUMMARY_HEADER).isEqualTo("start.time, end.time, data.consumed.in.MB, MB.sec,"
                    + " data.consumed.in.nMsg, nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec");
            assertThat(ConsumerPerfCsv.DETAILED_HEADER).isEqualTo("time, threadId, data.consumed.in.MB, MB.sec,"
                    + " data.consumed.in.nMsg, nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"en-US", "de-DE"})
    void summaryLineExcludesTheGroupJoinFromTheFetchColumns(String locale) {
        inLocale(locale, () -> {
            ConsumerPerfCsv csv = new ConsumerPerfCsv(ConsumerPerfCsv.DEFAULT_DATE_FORMAT, UTC);
            String line = csv.summary(new Snapshot(T0, 0, 0, 0), new Snapshot(T0 + 2500, 1_000_000, 1_000_000_000L, 500));
            assertThat(line).isEqualTo("2023-11-14 22:13:20:000, 2023-11-14 22:13:22:500, 953.6743, 381.4697, 1000000,"
                    + " 400000.0000, 500, 2000, 476.8372, 500000.0000");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"en-US", "de-DE"})
    void intervalLineHasTotalsSoFarAndRatesOverTheInterval(String locale) {
        inLocale(locale, () -> {
            ConsumerPerfCsv csv = new ConsumerPerfCsv(ConsumerPerfCsv.DEFAULT_DATE_FORMAT, UTC);
            String line = csv.interval(new Snapshot(T0, 100_000, 100_000_000L, 300),
                    new Snapshot(T0 + 1000, 300_000, 300_000_000L, 400));
            assertThat(line).isEqualTo("2023-11-14 22:13:21:000, 0, 286.1023, 190.7349, 300000, 200000.0000,"
                    + " 100, 900, 211.9276, 222222.2222");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"en-US", "de-DE"})
    void noElapsedTimeGivesZeroRatesNotInfinity(String locale) {
        inLocale(locale, () -> {
            ConsumerPerfCsv csv = new ConsumerPerfCsv("HH:mm:ss", UTC);
            assertThat(csv.summary(new Snapshot(T0, 0, 0, 0), new Snapshot(T0, 0, 0, 0)))
                    .isEqualTo("22:13:20, 22:13:20, 0.0000, 0.0000, 0, 0.0000, 0, 0, 0.0000, 0.0000");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"en-US", "de-DE"})
    void dateFormatIsTheUsersPatternWithoutLocaleWords(String locale) {
        inLocale(locale, () -> {
            ConsumerPerfCsv csv = new ConsumerPerfCsv("EEE dd MMM yyyy", UTC);
            assertThat(csv.summary(new Snapshot(T0, 0, 0, 0), new Snapshot(T0, 0, 0, 0))).startsWith("Tue 14 Nov 2023, ");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"en-US", "de-DE"})
    void invalidDatePatternIsRejected(String locale) {
        inLocale(locale, () -> assertThatThrownBy(() -> new ConsumerPerfCsv("yyyy-qq", UTC))
                .isInstanceOf(IllegalArgumentException.class));
    }

    private static void inLocale(String tag, Runnable test) {
        Locale old = Locale.getDefault();
        Locale.setDefault(Locale.forLanguageTag(tag));
        try {
            test.run();
        } finally {
            Locale.setDefault(old);
        }
    }
}
