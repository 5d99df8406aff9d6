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
 * one more probe (stepping down by the precision if that fails, at most {@code maxConfirmations} times). When the start
 * rate already fails, the bracket is sought below it instead: the rate is halved, down to {@code minRecordsPerSec},
 * until a probe passes, and the bisection runs between that pass and the failure above it. Every probe counts against
 * {@code maxProbes}.
 *
 * @param startRecordsPerSec first offered rate
 * @param precision          target (fail - pass) / pass as a fraction, e.g. 0.05
 * @param maxProbes          probe budget, confirmations included
 * @param maxConfirmations   confirmation runs at most (the first one plus step-downs)
 * @param minRecordsPerSec   the lowest rate a search below a failing start probes ({@code --min-rate}); at most the start
 */
public record RateSearch(double startRecordsPerSec, double precision, int maxProbes, int maxConfirmations,
                         double minRecordsPerSec) implements Search {
    public static final int DEFAULT_MAX_CONFIRMATIONS = 3;
    /** --min-rate's default is the start rate divided by this: six halvings below the start. */
    public static final int DEFAULT_MIN_RATE_DIVISOR = 64;
    /** Rates within this fraction of each other are the same rate (halving reaches --min-rate exactly, not 1e-12 above). */
    private static final double SAME_RATE = 1e-9;

    public RateSearch {
        Checks.positive("--start-rate", startRecordsPerSec);
        if (!(precision > 0 && precision < 1)) {
            throw InvalidInputException.field("--precision", Percent.ofFraction(precision), "must be between 0% and 100% (exclusive)");
        }
        Checks.atLeast("--max-probes", maxProbes, 1);
        Checks.atLeast("maxConfirmations", maxConfirmations, 0);
        checkMinRate(startRecordsPerSec, minRecordsPerSec);
    }

    /** A bisection that goes down to the default --min-rate when its start fails. */
    public RateSearch(double startRecordsPerSec, double precision, int maxProbes, int maxConfirmations) {
        this(startRecordsPerSec, precision, maxProbes, maxConfirmations, defaultMinRate(startRecordsPerSec));
    }

    /**
     * --min-rate's default: max(1, start / 64), six halvings below the start, and never above the start itself (a start
     * below 1 record/s is its own floor). One record/s is the least rate worth a probe of seconds.
     */
    public static double defaultMinRate(double startRecordsPerSec) {
        return Math.min(startRecordsPerSec, Math.max(1, startRecordsPerSec / DEFAULT_MIN_RATE_DIVISOR));
    }

    /** --min-rate is a positive rate no higher than --start-rate (refused before any broker starts). */
    static void checkMinRate(double startRecordsPerSec, double minRecordsPerSec) {
        Checks.positive("--min-rate", minRecordsPerSec);
        if (minRecordsPerSec > startRecordsPerSec * (1 + SAME_RATE)) {
            throw InvalidInputException.field("--min-rate", rate(minRecordsPerSec), "must be at most --start-rate ("
                    + rate(startRecordsPerSec) + " records/s): it is how far below a failing start the search goes");
        }
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
        String below = "";
        if (pass == null) {
            // The start failed: halve until a probe passes. The rate above that pass failed, so it is a bracket as good
            // as one found going up, and the bisection and confirmation below run on it unchanged.
            if (fail > minRecordsPerSec * (1 + SAME_RATE) && probes.size() < maxProbes) {
                probe.turned("the start rate " + rate(startRecordsPerSec) + " records/s failed: searching below it,"
                        + " halving the rate down to --min-rate " + rate(minRecordsPerSec) + " records/s at most");
            }
            while (pass == null && fail > minRecordsPerSec * (1 + SAME_RATE) && probes.size() < maxProbes) {
                double lower = Math.max(fail / 2, minRecordsPerSec);
                if (call(probe, lower, ProbePhase.BRACKET, probes).passed()) {
                    pass = lower;
                } else {
                    fail = lower;
                }
            }
            if (pass == null) {
                return noRateDownTo(fail, probes);
            }
            below = "; below the start: " + rate(startRecordsPerSec) + " records/s failed (" + probes.get(0).reason()
                    + "), so the search halved the rate down to " + rate(pass) + " records/s, which passed";
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
        String budgetNote = (withinPrecision(pass, fail) ? ""
                : "; probe budget ran out at " + Percent.ofFraction((fail - pass) / pass) + " instead of " + Percent.ofFraction(precision))
                + below;
        return confirm(probe, probes, pass, fail, budgetNote);
    }

    /** Confirms {@code candidate}, stepping down by the precision after each failed confirmation. */
    private SearchResult confirm(RateProbe probe, List<ProbeOutcome> probes, double candidate, double fail, String note) {
        for (int i = 0; i < maxConfirmations; i++) {
            if (probes.size() >= maxProbes && i > 0) {
                // The step-down rate never ran: reporting it would be an answer nobody measured.
                return new SearchResult(FindMaxOutcome.UNCONFIRMED, null, fail, probes,
                        "no rate confirmed: " + rate(fail) + " records/s failed its confirmation run and no probe was left"
                                + " to try " + rate(candidate) + " records/s (raise --max-probes)" + note);
            }
            if (probes.size() >= maxProbes) {
                return new SearchResult(FindMaxOutcome.FOUND, candidate, fail, probes,
                        "not confirmed: no probe left for the confirmation run" + note);
            }
            ProbeOutcome o = call(probe, candidate, ProbePhase.CONFIRM, probes);
            if (o.passed()) {
                return new SearchResult(FindMaxOutcome.FOUND, candidate, fail, probes,
                        "confirmed" + (i > 0 ? " after " + i + " step(s) down" : "") + note);
            }
            fail = candidate;
            candidate = candidate * (1 - precision);
        }
        if (maxConfirmations == 0) {
            return new SearchResult(FindMaxOutcome.FOUND, candidate, fail, probes, "not confirmed (no confirmation runs)" + note);
        }
        return new SearchResult(FindMaxOutcome.UNCONFIRMED, null, fail, probes,
                "no rate confirmed: " + maxConfirmations + " confirmation runs failed, down to " + rate(fail) + " records/s" + note);
    }

    /** No probe passed from the start down to {@code lowest}: at --min-rate, or where the probe budget ran out. */
    private SearchResult noRateDownTo(double lowest, List<ProbeOutcome> probes) {
        String reason = probes.get(probes.size() - 1).reason();
        String message;
        if (minRecordsPerSec >= startRecordsPerSec * (1 - SAME_RATE)) {
            message = "no sustainable rate at or above " + rate(startRecordsPerSec) + " records/s (" + reason + ");"
                    + " --min-rate is the start rate, so the search did not go below it";
        } else if (lowest <= minRecordsPerSec * (1 + SAME_RATE)) {
            message = "no sustainable rate at or above --min-rate " + rate(minRecordsPerSec) + " records/s: every probe"
                    + " from the start rate " + rate(startRecordsPerSec) + " records/s down to it failed (last: " + reason
                    + ")";
        } else {
            message = "no sustainable rate at or above " + rate(lowest) + " records/s: every probe from the start rate "
                    + rate(startRecordsPerSec) + " records/s down to it failed (last: " + reason + "), and the probe"
                    + " budget ran out before --min-rate " + rate(minRecordsPerSec) + " records/s (raise --max-probes)";
        }
        return new SearchResult(FindMaxOutcome.NO_SUSTAINABLE_RATE, null, lowest, probes, message);
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
