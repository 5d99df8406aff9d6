package io.kbench.experiment;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.ProbePhase;
import io.kbench.result.findmax.SearchMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * S4's search ({@code --step}): probe the start rate, then start + step, start + 2 x step, ... while probes pass; stop
 * at the first probe that fails, at {@code maxRateRecordsPerSec} or when {@code maxProbes} have run. The answer is the
 * last rate that passed and its precision is one step: the rate above it failed (or was never probed). No
 * confirmation run, because S4 ran none: its answer is the last step that kept up. When the start rate already fails,
 * the ladder goes down instead: start - step, start - 2 x step, ... down to the lowest rung above 0 and at or above
 * {@code minRecordsPerSec}, and the first rung that passes is the answer, the rung above it having failed.
 *
 * @param startRecordsPerSec   first offered rate ({@code --start-rate})
 * @param stepRecordsPerSec    added after every passing probe ({@code --step})
 * @param maxRateRecordsPerSec the highest rate to probe ({@code --max-rate}); null: no ceiling but the probe budget
 * @param maxProbes            probes at most ({@code --max-probes})
 * @param minRecordsPerSec     the lowest rate a ladder below a failing start probes ({@code --min-rate})
 */
public record StepSearch(double startRecordsPerSec, double stepRecordsPerSec, Double maxRateRecordsPerSec, int maxProbes,
                         double minRecordsPerSec) implements Search {

    public StepSearch {
        Checks.positive("--start-rate", startRecordsPerSec);
        Checks.positive("--step", stepRecordsPerSec);
        Checks.atLeast("--max-probes", maxProbes, 1);
        RateSearch.checkMinRate(startRecordsPerSec, minRecordsPerSec);
        if (maxRateRecordsPerSec != null) {
            Checks.positive("--max-rate", maxRateRecordsPerSec);
            if (maxRateRecordsPerSec < startRecordsPerSec) {
                throw InvalidInputException.field("--max-rate", RateSearch.rate(maxRateRecordsPerSec),
                        "must be at least --start-rate (" + RateSearch.rate(startRecordsPerSec) + " records/s)");
            }
            // Refused before any broker starts: a ladder the budget cannot climb would end in a lower bound that
            // says nothing about the ceiling the user asked to reach.
            long rungs = rungsTo(startRecordsPerSec, stepRecordsPerSec, maxRateRecordsPerSec);
            if (rungs > maxProbes) {
                throw InvalidInputException.field("--step", RateSearch.rate(stepRecordsPerSec), String.format(
                        Locale.ROOT, "climbing from --start-rate %s to --max-rate %s records/s takes %,d probes,"
                                + " more than --max-probes %d (use a larger step, a higher start, a lower --max-rate or"
                                + " more --max-probes)", RateSearch.rate(startRecordsPerSec),
                        RateSearch.rate(maxRateRecordsPerSec), rungs, maxProbes));
            }
        }
    }

    /** A ladder that goes down to the default --min-rate when its start fails. */
    public StepSearch(double startRecordsPerSec, double stepRecordsPerSec, Double maxRateRecordsPerSec, int maxProbes) {
        this(startRecordsPerSec, stepRecordsPerSec, maxRateRecordsPerSec, maxProbes,
                RateSearch.defaultMinRate(startRecordsPerSec));
    }

    /** How many rungs from {@code start} to {@code max} in steps of {@code step}, both ends included. */
    static long rungsTo(double start, double step, double max) {
        // The small allowance keeps a max-rate that lies on the ladder (start + k x step) on it despite rounding.
        return (long) Math.floor((max - start) / step + 1e-9) + 1;
    }

    @Override
    public SearchMethod method() {
        return SearchMethod.STEPS;
    }

    /** The n-th rung from 0, computed from the start rather than summed, so no rounding error builds up. */
    double rung(int n) {
        return startRecordsPerSec + n * stepRecordsPerSec;
    }

    /** The highest rate the ladder can reach: the last rung under --max-rate, or the last one the budget allows. */
    public double reach() {
        long rungs = maxRateRecordsPerSec == null ? maxProbes
                : Math.min(maxProbes, rungsTo(startRecordsPerSec, stepRecordsPerSec, maxRateRecordsPerSec));
        return rung((int) rungs - 1);
    }

    /**
     * What the dry run says of the ladder, e.g. "a step ladder from 500 records/s, +500 records/s after every probe
     * that passes, up to 10,000 records/s (20 probes, --max-probes)".
     */
    public String describe() {
        double reach = reach();
        long rungs = Math.round((reach - startRecordsPerSec) / stepRecordsPerSec) + 1;
        boolean ceiling = maxRateRecordsPerSec != null && rungs < maxProbes;
        return String.format(Locale.ROOT, "a step ladder from %s records/s, +%s records/s after every probe that passes,"
                + " up to %s records/s (%d probes, %s)", RateSearch.rate(startRecordsPerSec), RateSearch.rate(stepRecordsPerSec),
                RateSearch.rate(reach), rungs, ceiling ? "--max-rate" : "--max-probes");
    }

    @Override
    public SearchResult run(RateProbe probe) {
        List<ProbeOutcome> probes = new ArrayList<>();
        Double pass = null;
        for (int n = 0; probes.size() < maxProbes; n++) {
            double rate = rung(n);
            if (maxRateRecordsPerSec != null && rate > maxRateRecordsPerSec * (1 + 1e-9)) {
                return new SearchResult(FindMaxOutcome.LOWER_BOUND, pass, null, probes, "every step passed up to --max-rate "
                        + RateSearch.rate(maxRateRecordsPerSec) + " records/s: the maximum is at least " + RateSearch.rate(pass)
                        + " records/s (raise --max-rate)");
            }
            ProbeOutcome o = probe.probe(rate).inPhase(ProbePhase.STEP);
            probes.add(o);
            if (!o.passed()) {
                if (pass == null) {
                    return down(probe, probes);
                }
                return new SearchResult(FindMaxOutcome.FOUND, pass, rate, probes, "the last step that passed; the next, "
                        + RateSearch.rate(rate) + " records/s, failed (precision: one step of "
                        + RateSearch.rate(stepRecordsPerSec) + " records/s)");
            }
            pass = rate;
        }
        boolean atCeiling = maxRateRecordsPerSec != null && rung(probes.size()) > maxRateRecordsPerSec * (1 + 1e-9);
        return new SearchResult(FindMaxOutcome.LOWER_BOUND, pass, null, probes, atCeiling
                ? "every step passed up to --max-rate " + RateSearch.rate(maxRateRecordsPerSec)
                        + " records/s: the maximum is at least " + RateSearch.rate(pass) + " records/s (raise --max-rate)"
                : "every step passed; " + maxProbes + " probes reached before any failure: the maximum is at least "
                        + RateSearch.rate(pass) + " records/s (raise --max-probes, --step or --start-rate)");
    }

    /**
     * The start failed: one step down at a time from it (rungs computed from the start, as going up), while the rung is
     * above 0 and at or above --min-rate; the first that passes is the answer and the rung above it its first failure.
     */
    private SearchResult down(RateProbe probe, List<ProbeOutcome> probes) {
        String startReason = probes.get(0).reason();
        double fail = startRecordsPerSec;
        if (rung(-1) > 0 && rung(-1) >= minRecordsPerSec * (1 - 1e-9) && probes.size() < maxProbes) {
            probe.turned("the start rate " + RateSearch.rate(startRecordsPerSec) + " records/s failed: the ladder goes"
                    + " down one step of " + RateSearch.rate(stepRecordsPerSec) + " records/s at a time, to --min-rate "
                    + RateSearch.rate(minRecordsPerSec) + " records/s at most");
        }
        for (int n = -1; probes.size() < maxProbes; n--) {
            double rate = rung(n);
            if (rate <= 0 || rate < minRecordsPerSec * (1 - 1e-9)) {
                return new SearchResult(FindMaxOutcome.NO_SUSTAINABLE_RATE, null, fail, probes, "no sustainable rate at"
                        + " or above " + RateSearch.rate(fail) + " records/s (" + probes.get(probes.size() - 1).reason()
                        + ")" + (n == -1 ? "" : ": every step from the start rate " + RateSearch.rate(startRecordsPerSec)
                        + " records/s down failed") + "; the next step down, " + RateSearch.rate(rate) + " records/s, is "
                        + (rate <= 0 ? "not above 0" : "below --min-rate " + RateSearch.rate(minRecordsPerSec) + " records/s"));
            }
            ProbeOutcome o = probe.probe(rate).inPhase(ProbePhase.STEP);
            probes.add(o);
            if (o.passed()) {
                return new SearchResult(FindMaxOutcome.FOUND, rate, fail, probes, "the first step down that passed: the"
                        + " start rate " + RateSearch.rate(startRecordsPerSec) + " records/s failed (" + startReason
                        + "), so the ladder went down; the step above, " + RateSearch.rate(fail) + " records/s, failed"
                        + " (precision: one step of " + RateSearch.rate(stepRecordsPerSec) + " records/s)");
            }
            fail = rate;
        }
        return new SearchResult(FindMaxOutcome.NO_SUSTAINABLE_RATE, null, fail, probes, "no sustainable rate at or above "
                + RateSearch.rate(fail) + " records/s: every step from the start rate " + RateSearch.rate(startRecordsPerSec)
                + " records/s down to it failed (last: " + probes.get(probes.size() - 1).reason() + "), and the probe"
                + " budget ran out before --min-rate " + RateSearch.rate(minRecordsPerSec) + " records/s (raise --max-probes)");
    }
}
