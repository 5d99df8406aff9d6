package io.kbench.console;


import io.kbench.result.findmax.AnswerSpread;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.SearchAnswer;
import io.kbench.result.findmax.SearchMethod;
import io.kbench.result.findmax.SearchMode;
import io.kbench.unit.FigureText;
import io.kbench.unit.Percent;
import java.io.PrintStream;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The terminal view of a find-max: one row per probe, then the one-line answer; over several searches, each
 * search's answer and then the median with its interval.
 */
public final class FindMaxTable {
    private FindMaxTable() {
    }

    public static void print(FindMaxResult result, PrintStream out) {
        // The search column only when there were several: a single search prints as it always did.
        boolean several = result.searches() != null && result.searches().size() > 1;
        String search = several ? "%-6s " : "%s";
        out.printf(Locale.ROOT, search + "%-5s %-8s %12s %14s %10s %10s %10s %10s  %s%n", several ? "search" : "", "probe",
                "phase", "rate rec/s", "achieved rec/s", "pub p50", "pub p99", "e2e p50", "e2e p99", "result");
        int n = 0;
        for (ProbeOutcome p : result.probes()) {
            n++;
            out.printf(Locale.ROOT, search + "%-5d %-8s %,12.0f %14s %10s %10s %10s %10s  %s%n",
                    several ? (p.search() == null ? "-" : p.search().toString()) : "", n, p.phase(), p.rateRecordsPerSec(),
                    p.producedRecordsPerSec() == null ? "-" : String.format(Locale.ROOT, "%,.0f", p.producedRecordsPerSec()),
                    millis(p.publishP50Micros()), millis(p.publishP99Micros()), millis(p.endToEndP50Micros()),
                    millis(p.endToEndP99Micros()), p.passed() ? "PASS" : "FAIL " + p.reason());
        }
        out.println();
        if (several) {
            for (SearchAnswer a : result.searches()) {
                out.println("search " + a.search() + ": " + searchText(a));
            }
        }
        out.println(answer(result.findMax()));
    }

    /** One search's own answer: "5,120 records/s (FOUND, confirmed)", or its outcome and why it has none. */
    static String searchText(SearchAnswer a) {
        return a.maxRecordsPerSec() == null ? a.outcome() + ": " + a.message()
                : String.format(Locale.ROOT, "%,.0f records/s (%s, %s)", a.maxRecordsPerSec(), a.outcome(), a.message());
    }

    /** E.g. {@code max sustainable rate: 12,300 records/s (12.0 MiB/s) ±5% under e2e.p99<200ms}. */
    public static String answer(FindMaxResult.Figures f) {
        AnswerSpread spread = f.spread();
        if (spread != null && spread.searches() > 1) {
            return answerOfSearches(f, spread);
        }
        if (f.searchMethod() == SearchMethod.STEPS && f.outcome() == FindMaxOutcome.FOUND) {
            // A ladder's answer is as precise as its step, which the line says instead of a percentage.
            return String.format(Locale.ROOT, "max sustainable rate: %,.0f records/s (%s MiB/s) to one step of %,.0f"
                    + " records/s (%,.0f failed) %s", f.maxRecordsPerSec(), mebibytes(f.maxMebibytesPerSec()),
                    f.stepRecordsPerSec(), f.firstFailRecordsPerSec(), under(f.sla())) + belowStart(f);
        }
        return switch (f.outcome()) {
            case FOUND -> String.format(Locale.ROOT, "max sustainable rate: %,.0f records/s (%s MiB/s)%s %s",
                    f.maxRecordsPerSec(), mebibytes(f.maxMebibytesPerSec()), precision(f), under(f.sla()))
                    + (f.message().equals("confirmed") ? "" : " (" + f.message() + ")");
            case LOWER_BOUND -> String.format(Locale.ROOT, "max sustainable rate: at least %,.0f records/s (%s MiB/s) %s"
                    + " - a lower bound: %s", f.maxRecordsPerSec(), mebibytes(f.maxMebibytesPerSec()), under(f.sla()), f.message());
            default -> "no answer: " + f.message();
        };
    }

    /** A ladder's answer below its start rate says so: the start failed and the ladder went down to it. */
    private static String belowStart(FindMaxResult.Figures f) {
        return f.startRateRecordsPerSec() != null && f.maxRecordsPerSec() < f.startRateRecordsPerSec()
                ? String.format(Locale.ROOT, " (below --start-rate %,.0f records/s, which failed: the ladder went down)",
                        f.startRateRecordsPerSec()) : "";
    }

    /**
     * " ±5%": the bisection's precision, or the bracket actually reached when a step-down after a failed confirmation
     * left it wider than asked; empty when the file states neither (a ladder's, or one written by hand).
     */
    private static String precision(FindMaxResult.Figures f) {
        Double asked = f.precisionPercent();
        Double achieved = f.achievedPrecisionPercent();
        Double reached = asked == null ? achieved : achieved == null ? asked : Math.max(asked, achieved);
        return reached == null ? "" : " ±" + Percent.ofFraction(reached / 100);
    }

    /**
     * Over several searches, e.g. {@code max sustainable 5,120 records/s [4,700, 5,580] (95%, 4 searches: 4,738, 5,120,
     * 5,350, 5,750) under e2e.p99<200ms}: the median, the geometric mean's interval, and every search's answer.
     */
    static String answerOfSearches(FindMaxResult.Figures f, AnswerSpread s) {
        if (!f.outcome().hasRate()) {
            return "no answer: " + f.message();
        }
        String interval = s.hasInterval() ? String.format(Locale.ROOT, " [%,.0f, %,.0f]", s.lowRecordsPerSec(),
                s.highRecordsPerSec()) : " [no interval: fewer than 2 answers]";
        String answers = s.answers().stream().map(a -> String.format(Locale.ROOT, "%,.0f", a)).collect(Collectors.joining(", "));
        String counted = s.answers().size() == s.searches() ? s.searches() + " searches"
                : s.answers().size() + " of " + s.searches() + " searches answered";
        return String.format(Locale.ROOT, "max sustainable %s%,.0f records/s%s (%s, %s: %s) %s", f.outcome()
                == FindMaxOutcome.LOWER_BOUND ? "at least " : "", f.maxRecordsPerSec(), interval,
                Percent.ofFraction(s.confidencePercent() / 100), counted, answers
                        + (f.searchMethod() == SearchMethod.STEPS ? String.format(Locale.ROOT, "; each to one step of %,.0f"
                        + " records/s", f.stepRecordsPerSec()) : ""), under(f.sla()))
                // auto says why it stopped: within the target, or the budget ran out (a fixed count needs no reason).
                + (s.mode() == SearchMode.AUTO && s.stopped() != null ? "; " + s.stopped() : "");
    }

    /** "under e2e.p99<200ms", or what a keep-up-only search answers. */
    public static String under(String sla) {
        return sla == null || sla.equals(FindMaxResult.NO_SLA) ? "kept up with (no SLA)" : "under " + sla;
    }

    private static String mebibytes(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%,.1f" : "%.2f", v);
    }

    private static String millis(Long micros) {
        return micros == null ? "-" : FigureText.fromMicros(micros);
    }
}
