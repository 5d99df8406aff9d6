package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Steady state and drift over a run's measured window (docs/results.md#drift): the trend of throughput and of p99
 * across the report intervals, as %/min of the window's median, and the last third's level against the peak. Computed
 * once at the end of the run from {@code intervals} (measure.DriftRule, where the limits are explained).
 *
 * @param state         steady, drifting (a throughput trend or fall beyond its limit) or too_short
 * @param intervals     the whole report intervals of the measured window the figures were taken over
 * @param recordsPerSec the throughput's trend; absent when too short
 * @param p99           the p99 latency's trend (publish, or end-to-end for a run without producers), reported, not
 *                      judged; absent when too short or when too few intervals had a latency
 * @param level         the last third of the window against its peak; absent when too short
 * @param limits        the rule's limits, so the file says what it was judged by
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Drift(SteadyState state, int intervals, Slope recordsPerSec, Slope p99, Level level, Limits limits) {
    public Drift {
        Objects.requireNonNull(state, "drift.state");
        Objects.requireNonNull(limits, "drift.limits");
        if (intervals < 0) {
            throw InvalidInputException.field("drift.intervals", intervals, "must be >= 0");
        }
        if (state != SteadyState.TOO_SHORT && (recordsPerSec == null || level == null)) {
            throw InvalidInputException.field("drift.recordsPerSec", recordsPerSec, "must be given when state is " + state);
        }
    }

    /** Whether the window is judged steady, drifting or too short to tell: what a verdict on this run must heed. */
    @JsonIgnore
    public SteadyState steady() {
        return state;
    }

    /** What made it drifting, each with its limit (empty unless drifting). */
    @JsonIgnore
    public List<String> reasons() {
        List<String> out = new ArrayList<>();
        if (state == SteadyState.TOO_SHORT) {
            return out;
        }
        if (recordsPerSec.beyond(limits.recordsPctPerMin())) {
            out.add(String.format(Locale.ROOT, "records/s trend beyond ±%.0f%%/min", limits.recordsPctPerMin()));
        }
        if (level.ratio() < limits.levelRatio()) {
            out.add(String.format(Locale.ROOT, "last third below %.0f%% of the peak", 100 * limits.levelRatio()));
        }
        return out;
    }

    /**
     * A series' straight-line trend over the window (Theil-Sen slope with Sen's interval).
     *
     * @param series        what the values are: {@code produced records/s}, {@code publish p99}, ...
     * @param median        the series' median over the window, in its unit (records/s, µs): what 100% is
     * @param pctPerMin     the slope as a share of the median per minute, %/min
     * @param lowPctPerMin  the lower end of its interval, %/min
     * @param highPctPerMin the upper end, %/min
     */
    public record Slope(String series, double median, double pctPerMin, double lowPctPerMin, double highPctPerMin) {
        public Slope {
            Objects.requireNonNull(series, "drift slope series");
            if (!(lowPctPerMin <= pctPerMin && pctPerMin <= highPctPerMin)) {
                throw InvalidInputException.field("drift." + series + ".pctPerMin", pctPerMin,
                        "must lie in its interval [" + lowPctPerMin + ", " + highPctPerMin + "]");
            }
        }

        /** Whether it is beyond ±{@code limit} %/min and its interval excludes 0 (no trend at all). */
        public boolean beyond(double limit) {
            return Math.abs(pctPerMin) > limit && (lowPctPerMin > 0 || highPctPerMin < 0);
        }

        String text() {
            return String.format(Locale.ROOT, "%s %+.1f%%/min [%+.1f, %+.1f]", series, pctPerMin, lowPctPerMin,
                    highPctPerMin);
        }
    }

    /**
     * Where the window ended against its best.
     *
     * @param steadyRecordsPerSec the median rate of the window's last third, records/s
     * @param peakRecordsPerSec   the highest median of 3 consecutive intervals, records/s (a lone catch-up interval is
     *                            not a peak)
     * @param ratio               steady / peak
     */
    public record Level(double steadyRecordsPerSec, double peakRecordsPerSec, double ratio) {
    }

    /**
     * The rule's limits.
     *
     * @param minIntervals     fewer whole measured intervals than this: too short
     * @param recordsPctPerMin a throughput slope beyond ± this, its interval excluding 0: drifting
     * @param levelRatio       a last third below this share of the peak: drifting
     * @param confidence       of the slopes' intervals
     */
    public record Limits(int minIntervals, double recordsPctPerMin, double levelRatio, double confidence) {
    }

    /** The terminal line: {@code steady state: steady over 20 intervals: ...}, or why it cannot tell. */
    public String line() {
        if (state == SteadyState.TOO_SHORT) {
            return String.format(Locale.ROOT, "steady state: too short to tell: %d whole measured interval(s), needs %d"
                    + " for a trend", intervals, limits.minIntervals());
        }
        String why = state == SteadyState.DRIFTING ? " (" + String.join(", ", reasons()) + ")" : "";
        return String.format(Locale.ROOT, "steady state: %s over %d intervals%s: %s%s; last third at %.0f%% of the peak"
                        + " (%,.0f of %,.0f records/s)", state == SteadyState.DRIFTING ? "DRIFTING" : "steady",
                intervals, why, recordsPerSec.text(), p99 == null ? "" : ", " + p99.text(), 100 * level.ratio(),
                level.steadyRecordsPerSec(), level.peakRecordsPerSec());
    }
}
