package io.kbench.console;

import io.kbench.load.ConsumePhaseListener.Snapshot;
import io.kbench.unit.Units;
import java.text.SimpleDateFormat;
import java.util.Locale;
import java.util.TimeZone;

/**
 * The CSV lines of Kafka's kafka-consumer-perf-test (org.apache.kafka.tools.ConsumerPerformance), same
 * columns, arithmetic and date format, so scripts that parse that tool parse {@code kbench consume}.
 * Numbers use Locale.ROOT (a dot for decimals) whatever the JVM's locale; MB means MiB, as in that tool.
 */
public final class ConsumerPerfCsv {
    public static final String DEFAULT_DATE_FORMAT = "yyyy-MM-dd HH:mm:ss:SSS";
    private static final String FETCH_COLUMNS = ", rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec";
    public static final String SUMMARY_HEADER =
            "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec" + FETCH_COLUMNS;
    public static final String DETAILED_HEADER =
            "time, threadId, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec" + FETCH_COLUMNS;

    private final SimpleDateFormat dates;

    /** {@code datePattern} as java.text.SimpleDateFormat reads it; an invalid one is an IllegalArgumentException. */
    public ConsumerPerfCsv(String datePattern, TimeZone zone) {
        dates = new SimpleDateFormat(datePattern, Locale.ROOT);
        dates.setTimeZone(zone);
    }

    /** The single result line (printed when --show-detailed-stats is absent). */
    public String summary(Snapshot start, Snapshot end) {
        long elapsedMs = end.timeMillis() - start.timeMillis();
        long rebalanceMs = end.rebalanceMillis() - start.rebalanceMillis();
        long fetchMs = elapsedMs - rebalanceMs;
        double mb = Units.mib(end.bytes());
        return String.format(Locale.ROOT, "%s, %s, %.4f, %.4f, %d, %.4f, %d, %d, %.4f, %.4f",
                dates.format(start.timeMillis()), dates.format(end.timeMillis()),
                mb, perSec(mb, elapsedMs), end.records(), perSec(end.records(), elapsedMs),
                rebalanceMs, fetchMs, perSec(mb, fetchMs), perSec(end.records(), fetchMs));
    }

    /** One --show-detailed-stats line: totals so far, rates over the interval since {@code previous}. */
    public String interval(Snapshot previous, Snapshot now) {
        long elapsedMs = now.timeMillis() - previous.timeMillis();
        long rebalanceMs = now.rebalanceMillis() - previous.rebalanceMillis();
        long fetchMs = elapsedMs - rebalanceMs;
        double intervalMb = Units.mib(now.bytes() - previous.bytes());
        long intervalRecords = now.records() - previous.records();
        return String.format(Locale.ROOT, "%s, %d, %.4f, %.4f, %d, %.4f, %d, %d, %.4f, %.4f",
                dates.format(now.timeMillis()), 0, Units.mib(now.bytes()), perSec(intervalMb, elapsedMs),
                now.records(), perSec(intervalRecords, elapsedMs),
                rebalanceMs, fetchMs, perSec(intervalMb, fetchMs), perSec(intervalRecords, fetchMs));
    }

    /** Zero rather than the perf tool's Infinity/NaN when no time passed. */
    private static double perSec(double amount, long millis) {
        return millis <= 0 ? 0.0 : amount * 1000.0 / millis;
    }
}
