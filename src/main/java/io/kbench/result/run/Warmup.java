package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.InvalidInputException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

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
 * @param check     whether the measured window that followed had settled, judged after the run (MSER-5); absent when
 *                  the window had too few intervals to judge, and in results written before the check existed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Warmup(String mode, double seconds, WarmupEnd ended, String reason, double minSec, double maxSec,
                     List<Interval> intervals, Check check) {
    public Warmup {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(ended, "ended");
        if (!(seconds >= 0) || !Double.isFinite(seconds)) {
            throw InvalidInputException.field("warmup.seconds", seconds, "must be a finite number >= 0");
        }
        intervals = intervals == null ? List.of() : List.copyOf(intervals);
    }

    /** A warm-up as the rule ended it, before the measured window is judged. */
    public Warmup(String mode, double seconds, WarmupEnd ended, String reason, double minSec, double maxSec,
                  List<Interval> intervals) {
        this(mode, seconds, ended, reason, minSec, maxSec, intervals, null);
    }

    /** The same warm-up with the measured window's check. */
    public Warmup withCheck(Check settled) {
        return new Warmup(mode, seconds, ended, reason, minSec, maxSec, intervals, settled);
    }

    /**
     * Whether the measured window after the warm-up had settled: MSER-5 (White 1997; White, Cobb &amp; Spratt 2000) on
     * the logarithms of its interval publish p99s, with the p99 before and after the truncation point compared
     * (docs/warmup.md#after-the-run-mser-5).
     *
     * @param method        "MSER-5"
     * @param verdict       settled, still_settling or not_steady
     * @param intervals     the measured intervals judged (those with a publish p99)
     * @param truncationSec where MSER-5 puts the end of the transient, seconds from the start of the measured window
     *                      (0: at the start)
     * @param ratio         the geometric mean of the interval p99s before the truncation point over that after it;
     *                      absent when the point is at the start
     * @param minRatio      how far apart (either way) the two must be for the point to matter (1.5)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Check(String method, Settling verdict, int intervals, double truncationSec, Double ratio,
                        double minRatio) {
        public Check {
            Objects.requireNonNull(verdict, "verdict");
            if (!(truncationSec >= 0) || !Double.isFinite(truncationSec)) {
                throw InvalidInputException.field("warmup.check.truncationSec", truncationSec, "must be a finite number >= 0");
            }
        }

        /**
         * The terminal line when the window had not settled, e.g. {@code warm-up check: still settling for the first
         * 5.0 s of the measured window (...)}; empty when it had.
         */
        public Optional<String> line() {
            return switch (verdict) {
                case SETTLED -> Optional.empty();
                case STILL_SETTLING -> Optional.of(String.format(Locale.ROOT, "warm-up check: still settling for the first"
                        + " %.1f s of the measured window (%s over %d intervals: publish p99 %.1fx higher before than"
                        + " after); its figures include that", truncationSec, method, intervals, ratio));
                case NOT_STEADY -> Optional.of(String.format(Locale.ROOT, "warm-up check: not steady over the measured"
                        + " window (%s over %d intervals: publish p99 %.2fx before %.1f s against after, %s); its figures"
                        + " describe no one level", method, intervals, ratio, truncationSec, ratio != null && ratio < 1 ? "rising"
                        : "still falling past the window's middle"));
            };
        }
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
