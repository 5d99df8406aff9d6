package io.kbench.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.load.ConsumePhaseListener.Snapshot;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

/** Which of kafka-consumer-perf-test's lines {@code kbench consume} prints, and when. */
class ConsumerPerfPrinterTest {
    private static final long T0 = 1_700_000_000_000L;
    private static final String WARNING = "WARNING: Exiting before consuming the expected number of records:"
            + " timeout (2000 ms) exceeded. You can use the --timeout option to increase the timeout.";

    private final StringWriter text = new StringWriter();

    private ConsumerPerfPrinter printer(boolean detailed, boolean hideHeader) {
        return new ConsumerPerfPrinter(new ConsumerPerfCsv("HH:mm:ss:SSS", TimeZone.getTimeZone("UTC")),
                new PrintWriter(text), detailed, hideHeader, 300, 2000, 1000);
    }

    private List<String> lines() {
        return text.toString().lines().toList();
    }

    @Test
    void summaryModePrintsHeaderAndValuesTogetherAtTheEnd() {
        ConsumerPerfPrinter p = printer(false, false);
        p.started(new Snapshot(T0, 0, 0, 0));
        p.progress(new Snapshot(T0 + 1500, 100, 1000, 200));
        assertThat(text.toString()).isEmpty();
        p.finished(new Snapshot(T0 + 2000, 300, 3000, 200));
        assertThat(lines()).containsExactly(ConsumerPerfCsv.SUMMARY_HEADER,
                "22:13:20:000, 22:13:22:000, 0.0029, 0.0014, 300, 150.0000, 200, 1800, 0.0016, 166.6667");
    }

    @Test
    void detailedModePrintsALinePerIntervalWithRecordsIncludingTheLastPollAndNoSummary() {
        ConsumerPerfPrinter p = printer(true, false);
        p.started(new Snapshot(T0, 0, 0, 0));
        p.progress(new Snapshot(T0 + 400, 10, 100, 300));   // interval not over yet
        p.progress(new Snapshot(T0 + 1000, 100, 1000, 300)); // line 1
        p.progress(new Snapshot(T0 + 1500, 150, 1500, 300)); // not over
        p.finished(new Snapshot(T0 + 2100, 300, 3000, 300)); // line 2, from the final poll
        assertThat(lines()).containsExactly(ConsumerPerfCsv.DETAILED_HEADER,
                "22:13:21:000, 0, 0.0010, 0.0010, 100, 100.0000, 300, 700, 0.0014, 142.8571",
                "22:13:22:100, 0, 0.0029, 0.0017, 300, 181.8182, 0, 1100, 0.0017, 181.8182");
    }

    @Test
    void hiddenHeaderAndTimeoutWarning() {
        ConsumerPerfPrinter p = printer(false, true);
        p.started(new Snapshot(T0, 0, 0, 0));
        p.finished(new Snapshot(T0 + 2500, 0, 0, 100));
        assertThat(lines()).containsExactly(WARNING,
                "22:13:20:000, 22:13:22:500, 0.0000, 0.0000, 0, 0.0000, 100, 2400, 0.0000, 0.0000");
    }

    @Test
    void detailedModeWithoutRecordsPrintsOnlyTheHeaderAndTheWarning() {
        ConsumerPerfPrinter p = printer(true, false);
        p.started(new Snapshot(T0, 0, 0, 0));
        p.progress(new Snapshot(T0 + 5000, 0, 0, 100));
        p.finished(new Snapshot(T0 + 5000, 0, 0, 100));
        assertThat(lines()).containsExactly(ConsumerPerfCsv.DETAILED_HEADER, WARNING);
    }
}
