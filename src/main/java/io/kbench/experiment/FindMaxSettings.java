package io.kbench.experiment;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Threshold;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.SearchMethod;
import io.kbench.result.findmax.SearchMode;
import io.kbench.unit.DurationText;
import java.time.Duration;

/**
 * How find-max searches: the SLA, where it starts, how precise, how long each probe runs, its budget, and how many
 * searches it runs.
 *
 * @param sla                 condition every passing probe meets, e.g. {@code e2e.p99<200ms}; null: keep-up only, the
 *                            highest rate the cluster keeps up with whatever its latency (S4's first question)
 * @param startRecordsPerSec  first offered rate, records/s over all producers
 * @param precision           stop bisecting when (fail - pass) / pass is at most this fraction
 * @param probeDuration       measured time of each probe (replaces the workload's records/duration)
 * @param probeWarmup         warm-up of each probe, excluded from its figures
 * @param maxProbes           probes at most, confirmations included
 * @param keepUpTolerance     the achieved rate may fall short of the target by this fraction
 * @param probeCooldown       idle time before each probe after the first, so the cluster can finish the previous
 *                            probe's background work (flushes, deleting its topic) before the next one is measured
 * @param clusterWarmup       an unjudged run at the start rate before the first probe, so the first probes do not
 *                            measure brokers still compiling their hot code (zero: none)
 * @param searches            how many independent searches, and when to stop ({@code --searches N|auto})
 * @param ladder              null: each search bisects to {@code precision}; else each search climbs this step
 *                            ladder ({@code --step}, {@code --max-rate}) and {@code precision} is not used
 * @param minRecordsPerSec    how far below a failing start rate a search goes ({@code --min-rate}); null: the default,
 *                            max(1, start / 64), which the record then holds
 */
public record FindMaxSettings(Threshold sla, double startRecordsPerSec, double precision, Duration probeDuration,
                              Duration probeWarmup, int maxProbes, double keepUpTolerance, Duration probeCooldown,
                              Duration clusterWarmup, SearchPlan searches, Ladder ladder, Double minRecordsPerSec) {
    /** What result files write for the SLA of a keep-up-only search. */
    public static final String NO_SLA = FindMaxResult.NO_SLA;

    public FindMaxSettings {
        notNegative("--probe-cooldown", probeCooldown);
        notNegative("--cluster-warmup", clusterWarmup);
        notNegative("--probe-warmup", probeWarmup);
        if (probeDuration == null || probeDuration.isNegative() || probeDuration.isZero()) {
            throw InvalidInputException.field("--probe-duration", probeDuration == null ? "nothing" : DurationText.format(probeDuration),
                    "must be greater than zero");
        }
        Checks.positive("--start-rate", startRecordsPerSec);
        minRecordsPerSec = minRecordsPerSec == null ? RateSearch.defaultMinRate(startRecordsPerSec) : minRecordsPerSec;
        // The checks of the search and the judge, so a bad flag fails before any broker starts.
        search(startRecordsPerSec, precision, maxProbes, ladder, minRecordsPerSec);
        new KeepUpCheck(sla, keepUpTolerance);
        searches = searches == null ? SearchPlan.ONE : searches;
        if (ladder != null && searches.mode() == SearchMode.AUTO) {
            throw InvalidInputException.field("--searches", "auto", "cannot be used with --step: auto stops once the"
                    + " searches' interval lies within --answer-precision, but a step ladder answers only on its grid ("
                    + RateSearch.rate(startRecordsPerSec) + " + k x " + RateSearch.rate(ladder.stepRecordsPerSec())
                    + " records/s), so equal answers give an interval of no width that claims more than one step;"
                    + " use --searches N");
        }
    }

    /** The searches as planned, bisecting or on a ladder, down to the default --min-rate below a failing start. */
    public FindMaxSettings(Threshold sla, double startRecordsPerSec, double precision, Duration probeDuration,
                           Duration probeWarmup, int maxProbes, double keepUpTolerance, Duration probeCooldown,
                           Duration clusterWarmup, SearchPlan searches, Ladder ladder) {
        this(sla, startRecordsPerSec, precision, probeDuration, probeWarmup, maxProbes, keepUpTolerance, probeCooldown,
                clusterWarmup, searches, ladder, null);
    }

    /** The searches as planned, bisecting, down to the default --min-rate below a failing start. */
    public FindMaxSettings(Threshold sla, double startRecordsPerSec, double precision, Duration probeDuration,
                           Duration probeWarmup, int maxProbes, double keepUpTolerance, Duration probeCooldown,
                           Duration clusterWarmup, SearchPlan searches) {
        this(sla, startRecordsPerSec, precision, probeDuration, probeWarmup, maxProbes, keepUpTolerance, probeCooldown,
                clusterWarmup, searches, null, null);
    }

    /**
     * S4's step ladder ({@code --step}, {@code --max-rate}).
     *
     * @param stepRecordsPerSec    added to the rate after every passing probe, records/s over all producers
     * @param maxRateRecordsPerSec the highest rate to probe; null: none but the probe budget
     */
    public record Ladder(double stepRecordsPerSec, Double maxRateRecordsPerSec) {
        public Ladder {
            Checks.positive("--step", stepRecordsPerSec);
            if (maxRateRecordsPerSec != null) {
                Checks.positive("--max-rate", maxRateRecordsPerSec);
            }
        }
    }

    /** One search, as find-max always ran. */
    public FindMaxSettings(Threshold sla, double startRecordsPerSec, double precision, Duration probeDuration,
                           Duration probeWarmup, int maxProbes, double keepUpTolerance, Duration probeCooldown,
                           Duration clusterWarmup) {
        this(sla, startRecordsPerSec, precision, probeDuration, probeWarmup, maxProbes, keepUpTolerance, probeCooldown,
                clusterWarmup, SearchPlan.ONE, null, null);
    }

    /** The same settings with another search plan. */
    public FindMaxSettings with(SearchPlan plan) {
        return new FindMaxSettings(sla, startRecordsPerSec, precision, probeDuration, probeWarmup, maxProbes,
                keepUpTolerance, probeCooldown, clusterWarmup, plan, ladder, minRecordsPerSec);
    }

    /** The same settings with each search climbing {@code steps} (null: bisecting). */
    public FindMaxSettings with(Ladder steps) {
        return new FindMaxSettings(sla, startRecordsPerSec, precision, probeDuration, probeWarmup, maxProbes,
                keepUpTolerance, probeCooldown, clusterWarmup, searches, steps, minRecordsPerSec);
    }

    /** How each search walks the rate. */
    public SearchMethod method() {
        return ladder == null ? SearchMethod.BISECTION : SearchMethod.STEPS;
    }

    private static void notNegative(String flag, Duration d) {
        if (d == null || d.isNegative()) {
            throw InvalidInputException.field(flag, d == null ? "nothing" : DurationText.format(d), "must not be negative");
        }
    }

    /** The SLA as result files write it: its text, or {@value #NO_SLA} for a keep-up-only search. */
    public String slaText() {
        return sla == null ? NO_SLA : sla.text();
    }

    /** One search as these settings run it: a bisection, or the step ladder. */
    public Search search() {
        return search(startRecordsPerSec, precision, maxProbes, ladder, minRecordsPerSec);
    }

    public KeepUpCheck keepUpCheck() {
        return new KeepUpCheck(sla, keepUpTolerance);
    }

    private static Search search(double start, double precision, int maxProbes, Ladder ladder, double min) {
        return ladder == null ? new RateSearch(start, precision, maxProbes, RateSearch.DEFAULT_MAX_CONFIRMATIONS, min)
                : new StepSearch(start, ladder.stepRecordsPerSec(), ladder.maxRateRecordsPerSec(), maxProbes, min);
    }
}
