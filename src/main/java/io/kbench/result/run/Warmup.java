package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.InvalidInputException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How an auto warm-up went (producers.warmup: auto; docs/warmup.md): how long it took, why it ended, and the figures
 * the rule judged. Absent for a fixed warm-up or none, and in results written before it existed.
 *
 * @param mode      auto
 * @param seconds   from the producers' start to the end of the warm-up, s
 * @param ended     steady, cap or stopped
 * @param reason    the figures behind the end, one line
 * @param minSec    the shortest warm-up allowed, s
 * @param maxSec    the cap, s
 * @param intervals each warm-up interval as the rule saw it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Warmup(String mode, double seconds, WarmupEnd ended, String reason, double minSec, double maxSec,
                     List<Interval> intervals) {
    public Warmup {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(ended, "ended");
        if (!(seconds >= 0) || !Double.isFinite(seconds)) {
            throw InvalidInputException.field("warmup.seconds", seconds, "must be a finite number >= 0");
        }
        intervals = intervals == null ? List.of() : List.copyOf(intervals);
    }

    /**
     * One warm-up interval as the rule judged it.
     *
     * @param endSec           the interval's end since the producers' start, s
     * @param recordsPerSec    warm-up records acknowledged per second in it
     * @param publishP99Micros its publish p99 (from the intended send time), µs; absent when nothing was acknowledged
     * @param steady           how many intervals in a row (this one included) set no new p99 low at the offered rate
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Interval(double endSec, double recordsPerSec, Double publishP99Micros, int steady) {
    }

    /** The terminal line: {@code warm-up: auto, steady after 6.0 s (...)}. */
    public String line() {
        String how = switch (ended) {
            case STEADY -> "steady after";
            case CAP -> "not steady at its cap,";
            case STOPPED -> "stopped after";
        };
        return String.format(Locale.ROOT, "warm-up: %s, %s %.1f s (min %s s, max %s s): %s", mode, how, seconds,
                trim(minSec), trim(maxSec), reason);
    }

    private static String trim(double sec) {
        return sec == Math.rint(sec) ? String.format(Locale.ROOT, "%.0f", sec) : String.format(Locale.ROOT, "%.1f", sec);
    }
}
