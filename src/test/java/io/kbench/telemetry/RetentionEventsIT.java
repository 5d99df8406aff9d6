package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.testkit.ItFixture;
import io.kbench.testkit.RunTelemetry;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retention on real brokers: a topic of 2 MiB retention in 1 MiB segments, written ~12 MiB, has its oldest segments
 * deleted while the run measures; each deletion is a segment_delete event that names the partition and how far its
 * log start offset moved, and together they account for the records retention removed.
 */
class RetentionEventsIT {
    private static final Pattern MOVE = Pattern.compile(
            "it-retention-events-0: log start offset ([0-9,]+) -> ([0-9,]+) \\(([0-9,]+) records deleted\\)");

    @TempDir
    Path results;

    @Test
    void aRetentionRunRecordsItsDeletions() throws Exception {
        CliRun run = CliRun.of("run", ItFixture.workload("it-retention-events.yaml"), "--results-dir",
                results.toString(), "--broker-heap", "256m", "--min-rate-ratio", "0");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        List<TelemetryEvent> deletes = RunTelemetry.events(result, TelemetryEventType.SEGMENT_DELETE);
        assertThat(deletes).as("segment_delete events\n%s", run.transcript()).isNotEmpty();

        long deleted = 0;
        long previousEnd = 0;
        for (TelemetryEvent e : deletes) {
            Matcher m = MOVE.matcher(Objects.toString(e.detail(), ""));
            assertThat(m.matches()).as(e.toString()).isTrue();
            long from = number(m.group(1));
            long to = number(m.group(2));
            assertThat(from).as("each move starts where the last one ended").isGreaterThanOrEqualTo(previousEnd);
            assertThat(number(m.group(3))).isEqualTo(to - from);
            deleted += to - from;
            previousEnd = to;
            assertThat(e.atSec()).isPositive();
        }
        // 12,000 records of ~1 KB in 1 MiB segments (~1,000 records each), 2 MiB kept, checked every second: by the end
        // of the 6 s run retention has deleted several segments (about 7 when the broker keeps up).
        assertThat(deleted).as("records deleted by retention").isGreaterThan(3_000);
        assertThat(result.summary().produced().records()).isEqualTo(12_000);
    }

    private static long number(String grouped) {
        return Long.parseLong(grouped.replace(",", ""));
    }
}
