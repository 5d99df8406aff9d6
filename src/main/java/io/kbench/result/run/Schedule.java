package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.WorkloadSpec;
import java.util.Locale;
import java.util.Optional;

/**
 * What a fixed-rate run was asked to do and what it did (docs/results.md#schedule): absent for an unlimited rate.
 *
 * @param offeredRecordsPerSec  the rate the producers were held to, records/s
 * @param achievedRecordsPerSec acknowledged records/s over the measured window
 * @param ratio                 achieved / offered
 * @param plannedWindowSec      the measured window the workload asked for: its duration, or its records at the
 *                              offered rate, seconds
 * @param windowSec             the measured window it took, seconds
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Schedule(double offeredRecordsPerSec, double achievedRecordsPerSec, double ratio, double plannedWindowSec,
                       double windowSec) {
    /** A run at or above this share of its offered rate met its schedule ("limited by" is kept for runs below it). */
    public static final double MET_RATIO = 0.95;
    /** The default of {@code --min-rate-ratio}: a run below half its offered rate fails with exit 5. */
    public static final double DEFAULT_MIN_RATE_RATIO = 0.5;

    public Schedule {
        positive("offeredRecordsPerSec", offeredRecordsPerSec);
        atLeastZero("achievedRecordsPerSec", achievedRecordsPerSec);
        atLeastZero("ratio", ratio);
        atLeastZero("plannedWindowSec", plannedWindowSec);
        atLeastZero("windowSec", windowSec);
    }

    /** The schedule of a run held to {@code offered} records/s that achieved {@code achieved} over its window. */
    public static Schedule of(double offered, double achieved, double plannedWindowSec, double windowSec) {
        return new Schedule(offered, achieved, achieved / offered, plannedWindowSec, windowSec);
    }

    /**
     * The schedule of a run of this workload with this summary; null for an unlimited rate, a run without producers or
     * one that measured nothing.
     */
    public static Schedule of(WorkloadSpec workload, Summary summary) {
        if (workload == null || summary == null || summary.produced() == null || workload.producers().unlimitedRate()
                || workload.producers().count() == 0 || summary.produced().windowSec() <= 0) {
            return null;
        }
        double offered = workload.producers().offeredRate();
        double planned = workload.producers().duration() != null ? workload.producers().duration().toMillis() / 1000.0
                : workload.producers().records() / offered;
        return of(offered, summary.produced().recordsPerSec(), planned, summary.produced().windowSec());
    }

    /** Whether the run kept to at least {@link #MET_RATIO} of its offered rate. */
    @JsonIgnore
    public boolean met() {
        return ratio >= MET_RATIO;
    }

    /** How many times longer the window took than planned (1 = on time); NaN without a planned window. */
    @JsonIgnore
    public double stretch() {
        return plannedWindowSec > 0 ? windowSec / plannedWindowSec : Double.NaN;
    }

    /** The terminal line: {@code schedule: met, 19,991 of 20,000 records/s (100%)} or the shortfall. */
    public String line() {
        String rates = String.format(Locale.ROOT, "%,.0f of %,.0f records/s offered (%.0f%%)", achievedRecordsPerSec,
                offeredRecordsPerSec, 100 * ratio);
        if (met()) {
            return "schedule: met, " + rates;
        }
        String window = plannedWindowSec > 0 && stretch() > 1.05 ? String.format(Locale.ROOT,
                "; the window took %.1f s for %.1f s planned (%.2fx)", windowSec, plannedWindowSec, stretch()) : "";
        return "schedule: fell short, " + rates + window;
    }

    /**
     * For a fault of this run whose recovery figures compare against a run already short of its rate before the fault
     * (or against nothing): a line saying so, since "recovered" then means back to an overloaded state; empty when the
     * baseline was healthy.
     */
    public Optional<String> baselineNote(FaultResult fault) {
        FaultRecovery r = fault.recovery();
        if (r == null || r.note() != null) {
            return Optional.empty();
        }
        String prefix = "fault " + fault.index() + ": no healthy baseline: ";
        if (r.baselineRecordsPerSec() == null) {
            return Optional.of(prefix + "no measured interval before it, so its recovery has nothing to return to");
        }
        double before = r.baselineRecordsPerSec() / offeredRecordsPerSec;
        return before >= MET_RATIO ? Optional.empty() : Optional.of(prefix + String.format(Locale.ROOT,
                "before it the run achieved %,.0f of %,.0f records/s offered (%.0f%%): it was already overloaded, and"
                        + " its recovery figures compare against that", r.baselineRecordsPerSec(), offeredRecordsPerSec,
                100 * before));
    }

    private static void positive(String field, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw InvalidInputException.field("schedule." + field, v, "must be a finite number above 0");
        }
    }

    private static void atLeastZero(String field, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw InvalidInputException.field("schedule." + field, v, "must be a finite number >= 0");
        }
    }
}
