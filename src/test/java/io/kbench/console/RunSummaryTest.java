package io.kbench.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Schedule;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The end-of-run text is rendered from the result in memory, parts in a fixed order, absent parts skipped. */
class RunSummaryTest {
    private static final RunResult RUN = ResultReader.read(
            Path.of("src/test/resources/legacy/0.1.0-cf2bc0a/run-threshold-fail/result.json"), RunResult.class);

    @Test
    void theTableItsShortWindowFlagThenEachThresholdAfterABlankLine() {
        String table = printed(out -> SummaryTable.print(RUN.summary(), out));
        String flag = "short window: 4.0 s measured in 6 interval(s) (under 5 s or 5 report intervals): its rates and"
                + " percentiles are noisy" + System.lineSeparator();
        StringBuilder thresholds = new StringBuilder(System.lineSeparator());
        RUN.thresholds().forEach(v -> thresholds.append(v.line()).append(System.lineSeparator()));
        assertThat(printed(out -> RunSummary.print(RUN, out))).isEqualTo(table + flag + thresholds);
    }

    @Test
    void theScheduleSitsUnderTheTableAndTheInterruptNoteComesLast() {
        Schedule schedule = Schedule.of(20_000, 8_798, 12, 27.3);
        RunResult run = RUN.toBuilder().status(RunStatus.INTERRUPTED).schedule(schedule).build();
        String text = printed(out -> RunSummary.print(run, out));
        String table = printed(out -> SummaryTable.print(RUN.summary(), out));
        assertThat(text).startsWith(table + schedule.line() + System.lineSeparator());
        assertThat(text).endsWith(System.lineSeparator() + System.lineSeparator()
                + "interrupted: the figures above cover only what was measured until the interrupt"
                + System.lineSeparator());
    }

    private static String printed(Consumer<PrintStream> print) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            print.accept(out);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
