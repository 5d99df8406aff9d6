package io.kbench.console;

import io.kbench.compare.KpiVerdict;
import java.io.PrintStream;
import java.util.List;

/** The gate's verdicts in the terminal: the baseline, one line per KPI, then one per threshold. */
public final class GateTable {
    private GateTable() {
    }

    /** One line per KPI, each in the verdict's own words ({@link KpiVerdict#text()}). */
    public static void print(String baseline, List<KpiVerdict> verdicts, PrintStream out) {
        out.println("baseline: " + baseline);
        for (KpiVerdict v : verdicts) {
            out.println(v.text());
        }
    }

    /** One line per threshold: {name, null when it held, else why it failed}. */
    public static void printThresholds(List<String[]> thresholds, PrintStream out) {
        thresholds.forEach(t -> out.println("  threshold " + t[0] + ": " + (t[1] == null ? "passed" : "FAILED " + t[1])));
    }
}
