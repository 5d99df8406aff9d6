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
 * confirmation run, because S4 ran none: its answer is the last step that kept up.
 *
 * @param startRecordsPerSec   first offered rate ({@code --start-rate})
 * @param stepRecordsPerSec    added after every passing probe ({@code --step})
 * @param maxRateRecordsPerSec the highest rate to probe ({@code --max-rate}); null: no ceiling but the probe budget
 * @param maxProbes            probes at most ({@code --max-probes})
 */
public record StepSearch(double startRecordsPerSec, double stepRecordsPerSec, Double maxRateRecordsPerSec, int maxProbes)
        implements Search {

    public StepSearch {
        Checks.positive("--start-rate", startRecordsPerSec);
        Checks.positive("--step", stepRecordsPerSec);
        Checks.atLeast("--max-probes", maxProbes, 1);
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
                    return new SearchResult(FindMaxOutcome.NO_SUSTAINABLE_RATE, null, rate, probes,
                            "no sustainable rate at or above " + RateSearch.rate(startRecordsPerSec) + " records/s ("
                                    + o.reason() + ")");
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
}
