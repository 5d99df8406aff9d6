package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;
import io.kbench.unit.FigureText;
import java.util.Locale;
import java.util.Objects;

/**
 * One rate stage of a run ({@code producers.stages}, docs/workloads.md#rate-stages): what it offered, what the
 * cluster acknowledged while it lasted, and the latency of its own records.
 *
 * @param stage                 its number, from 1
 * @param shape                 as given: {@code 5,000 records/s for 30s} or {@code 5,000 -> 20,000 records/s over 30s}
 * @param startSec              its start, seconds since the run started (the intervals' axis)
 * @param endSec                its end, seconds since the run started
 * @param offeredRecordsPerSec  the records its schedule offered over its length (a ramp: the mean of its two ends)
 * @param achievedRecordsPerSec measured records acknowledged while it lasted (by acknowledgement time), per second
 * @param achievedRatio         achieved over offered
 * @param failed                measured records intended in it whose send failed
 * @param publish               publish latency (µs, from the intended send time) of the records intended in it
 * @param endToEnd              end-to-end latency (µs) of the records intended in it; absent without live consumers
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StageResult(int stage, String shape, double startSec, double endSec, double offeredRecordsPerSec,
                          double achievedRecordsPerSec, double achievedRatio, long failed, LatencyStats publish,
                          LatencyStats endToEnd) {
    public StageResult {
        Checks.atLeast("stage", stage, 1);
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(publish, "publish");
    }

    /**
     * The terminal line: {@code stage 2  10.0-40.0 s  20,000 records/s for 30s: achieved 19,987 records/s (99.9%),
     * publish p50 1.21 ms p99 4.80 ms, e2e p99 6.02 ms, 0 failed}.
     */
    public String line() {
        String e2e = endToEnd == null || endToEnd.count() == 0 ? ""
                : ", e2e p99 " + FigureText.fromMicros(endToEnd.p99());
        String latency = publish.count() == 0 ? "no record acknowledged"
                : "publish p50 " + FigureText.fromMicros(publish.p50()) + " p99 " + FigureText.fromMicros(publish.p99());
        return String.format(Locale.ROOT, "stage %d  %.1f-%.1f s  %s: achieved %,.0f records/s (%.1f%%), %s%s, %,d failed",
                stage, startSec, endSec, shape, achievedRecordsPerSec, 100 * achievedRatio, latency, e2e, failed);
    }
}
