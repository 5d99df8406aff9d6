package io.kbench.experiment;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.ProbePhase;
import io.kbench.result.findmax.SearchMethod;
import io.kbench.unit.Percent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The find-max bisection, free of any cluster: double the rate from {@code startRecordsPerSec} while probes pass, bisect
 * between the last pass and the first failure until (fail - pass) / pass <= precision, then confirm the answer with
 * one more probe (stepping down by the precision if that fails, at most {@code maxConfirmations} times).
 * Every probe counts against {@code maxProbes}.
 *
 * @param startRecordsPerSec first offered rate
 * @param precision          target (fail - pass) / pass as a fraction, e.g. 0.05
 * @param maxProbes          probe budget, confirmations included
 * @param maxConfirmations   confirmation runs at most (the first one plus step-downs)
 */
public record RateSearch(double startRecordsPerSec, double precision, int maxProbes, int maxConfirmations) implements Search {
    public static final int DEFAULT_MAX_CONFIRMATIONS = 3;

    public RateSearch {
        Checks.positive("--start-rate", startRecordsPerSec);
        if (!(precision > 0 && precision < 1)) {
            throw InvalidInputException.field("--precision", Percent.ofFraction(precision), "must be between 0% and 100% (exclusive)");
        }
        Checks.atLeast("--max-probes", maxProbes, 1);
        Checks.atLeast("maxConfirmations", maxConfirmations, 0);
    }

    @Override
    public SearchMethod method() {
        return SearchMethod.BISECTION;
    }

    /** Runs the search, calling {@code probe} at most {@code maxProbes} times. */
    @Override
    public SearchResult run(RateProbe probe) {
        List<ProbeOutcome> probes = new ArrayList<>();
        Double pass = null;
        Double fail = null;
        double rate = startRecordsPerSec;
        while (probes.size() < maxProbes) {
            ProbeOutcome o = call(probe, rate, ProbePhase.BRACKET, probes);
            if (!o.passed()) {
                fail = rate;
                break;
            }
            pass = rate;
            rate = rate * 2;
        }
        if (pass == null) {
            return new SearchResult(FindMaxOutcome.NO_SUSTAINABLE_RATE, null, fail, probes,
                    "no sustainable rate at or above " + rate(startRecordsPerSec) + " records/s (" + probes.get(0).reason() + ")");
        }
        if (fail == null) {
            return new SearchResult(FindMaxOutcome.LOWER_BOUND, pass, null, probes,
                    "every probe passed; " + maxProbes + " probes reached before any failure: the maximum is at least "
                            + rate(pass) + " records/s (raise --max-probes or --start-rate)");
        }
        while (!withinPrecision(pass, fail) && probes.size() < maxProbes) {
            double mid = (pass + fail) / 2;
            ProbeOutcome o = call(probe, mid, ProbePhase.BISECT, probes);
            if (o.passed()) {
                pass = mid;
            } else {
                fail = mid;
            }
        }
        String budgetNote = withinPrecision(pass, fail) ? ""
                : "; probe budget ran out at " + Percent.ofFraction((fail - pass) / pass) + " instead of " + Percent.ofFraction(precision);
        double candidate = pass;
        for (int i = 0; i < maxConfirmations; i++) {
            if (probes.size() >= maxProbes && i > 0) {
                // The step-down rate never ran: reporting it would be an answer nobody measured.
                return new SearchResult(FindMaxOutcome.UNCONFIRMED, null, fail, probes,
                        "no rate confirmed: " + rate(fail) + " records/s failed its confirmation run and no probe was left"
                                + " to try " + rate(candidate) + " records/s (raise --max-probes)");
            }
            if (probes.size() >= maxProbes) {
                return new SearchResult(FindMaxOutcome.FOUND, candidate, fail, probes,
                        "not confirmed: no probe left for the confirmation run" + budgetNote);
            }
            ProbeOutcome o = call(probe, candidate, ProbePhase.CONFIRM, probes);
            if (o.passed()) {
                return new SearchResult(FindMaxOutcome.FOUND, candidate, fail, probes,
                        "confirmed" + (i > 0 ? " after " + i + " step(s) down" : "") + budgetNote);
            }
            fail = candidate;
            candidate = candidate * (1 - precision);
        }
        if (maxConfirmations == 0) {
            return new SearchResult(FindMaxOutcome.FOUND, candidate, fail, probes, "not confirmed (no confirmation runs)" + budgetNote);
        }
        return new SearchResult(FindMaxOutcome.UNCONFIRMED, null, fail, probes,
                "no rate confirmed: " + maxConfirmations + " confirmation runs failed, down to " + rate(fail) + " records/s");
    }

    private boolean withinPrecision(double pass, double fail) {
        return (fail - pass) / pass <= precision * (1 + 1e-9);
    }

    private static ProbeOutcome call(RateProbe probe, double rate, ProbePhase phase, List<ProbeOutcome> probes) {
        ProbeOutcome o = probe.probe(rate).inPhase(phase);
        probes.add(o);
        return o;
    }

    static String rate(double recordsPerSec) {
        return String.format(Locale.ROOT, "%,.0f", recordsPerSec);
    }

}
