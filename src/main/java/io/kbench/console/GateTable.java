package io.kbench.console;

import io.kbench.compare.Gate;
import io.kbench.compare.GateConditions;
import io.kbench.compare.KpiVerdict;
import io.kbench.compare.Verdict;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The gate's verdicts in the terminal: the baseline and what differs from it, one line per KPI, the rule, a loud line
 * for what the repetitions could not decide, then one line per threshold.
 */
public final class GateTable {
    private GateTable() {
    }

    /** One line per KPI, each in the verdict's own words ({@link KpiVerdict#text()}). */
    public static void print(String baseline, GateConditions like, List<KpiVerdict> verdicts, Gate gate, PrintStream out) {
        out.println("baseline: " + baseline);
        like.lines().forEach(l -> out.println("  " + l));
        for (KpiVerdict v : verdicts) {
            out.println(v.text());
        }
        out.println(gate.ruleText());
        undecidedLine(verdicts).ifPresent(out::println);
    }

    /**
     * UNDECIDED does not fail a build, so it must not pass unnoticed either: one line in capitals naming each such KPI
     * and the smallest effect its repetitions could have detected.
     */
    public static java.util.Optional<String> undecidedLine(List<KpiVerdict> verdicts) {
        List<KpiVerdict> undecided = verdicts.stream().filter(v -> v.verdict() == Verdict.UNDECIDED).toList();
        if (undecided.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("UNDECIDED: " + undecided.size() + " KPI(s) not decided by these repetitions ("
                + undecided.stream().map(v -> String.format(Locale.ROOT, "%s could detect %.1f%% or more", v.kpi().label(),
                        v.effect().detectable() * 100)).collect(Collectors.joining(", "))
                + "); they do not fail the build: add repetitions on either side to decide them");
    }

    /** One line per threshold: {name, null when it held, else why it failed}. */
    public static void printThresholds(List<String[]> thresholds, PrintStream out) {
        thresholds.forEach(t -> out.println("  threshold " + t[0] + ": " + (t[1] == null ? "passed" : "FAILED " + t[1])));
    }
}
