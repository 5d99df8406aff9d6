package io.kbench.console;


import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.unit.Percent;
import io.kbench.unit.Units;
import java.io.PrintStream;
import java.util.Locale;

/** The terminal view of a find-max: one row per probe, then the one-line answer. */
public final class FindMaxTable {
    private FindMaxTable() {
    }

    public static void print(FindMaxResult result, PrintStream out) {
        out.printf(Locale.ROOT, "%-5s %-8s %12s %14s %10s %10s %10s %10s  %s%n", "probe", "phase", "rate rec/s",
                "achieved rec/s", "pub p50", "pub p99", "e2e p50", "e2e p99", "result");
        int n = 0;
        for (ProbeOutcome p : result.probes()) {
            n++;
            out.printf(Locale.ROOT, "%-5d %-8s %,12.0f %14s %10s %10s %10s %10s  %s%n", n, p.phase(), p.rateRecordsPerSec(),
                    p.producedRecordsPerSec() == null ? "-" : String.format(Locale.ROOT, "%,.0f", p.producedRecordsPerSec()),
                    millis(p.publishP50Micros()), millis(p.publishP99Micros()), millis(p.endToEndP50Micros()),
                    millis(p.endToEndP99Micros()), p.passed() ? "PASS" : "FAIL " + p.reason());
        }
        out.println();
        out.println(answer(result.findMax()));
    }

    /** E.g. {@code max sustainable rate: 12,300 records/s (12.0 MiB/s) ±5% under e2e.p99<200ms}. */
    public static String answer(FindMaxResult.Figures f) {
        // A step-down after a failed confirmation can leave the bracket wider than asked; show what was reached.
        double reached = f.achievedPrecisionPercent() == null ? f.precisionPercent()
                : Math.max(f.precisionPercent(), f.achievedPrecisionPercent());
        String precision = Percent.ofFraction(reached / 100);
        return switch (f.outcome()) {
            case FOUND -> String.format(Locale.ROOT, "max sustainable rate: %,.0f records/s (%s MiB/s) ±%s %s",
                    f.maxRecordsPerSec(), mebibytes(f.maxMebibytesPerSec()), precision, under(f.sla()))
                    + (f.message().equals("confirmed") ? "" : " (" + f.message() + ")");
            case LOWER_BOUND -> String.format(Locale.ROOT, "max sustainable rate: at least %,.0f records/s (%s MiB/s) %s"
                    + " - a lower bound: %s", f.maxRecordsPerSec(), mebibytes(f.maxMebibytesPerSec()), under(f.sla()), f.message());
            default -> "no answer: " + f.message();
        };
    }

    /** "under e2e.p99<200ms", or what a keep-up-only search answers. */
    public static String under(String sla) {
        return sla == null || sla.equals(FindMaxResult.NO_SLA) ? "kept up with (no SLA)" : "under " + sla;
    }

    private static String mebibytes(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%,.1f" : "%.2f", v);
    }

    private static String millis(Long micros) {
        return micros == null ? "-" : String.format(Locale.ROOT, "%.1f ms", Units.millis(micros));
    }
}
