package io.kbench.report;

import io.kbench.error.ExitCode;
import io.kbench.result.ThresholdVerdict;
import java.util.List;
import java.util.Objects;

/**
 * What {@code --junit-xml} and {@code --markdown} say of a command that judged thresholds (run, produce, consume,
 * sweep, find-max): every threshold's verdict with its figure and limit, and how the command ended, so a CI's test
 * report and step summary show the same as the exit code.
 *
 * @param command the command as typed, e.g. {@code kbench run}
 * @param judged  what was judged and the verdicts
 * @param exit    the command's exit code
 */
public record ThresholdReport(String command, Judged judged, ExitCode exit) {
    public ThresholdReport {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(judged, "judged");
        Objects.requireNonNull(exit, "exit");
    }

    /**
     * The verdicts of one command's thresholds.
     *
     * @param name  the workload's or the sweep's name
     * @param on    what the thresholds were judged on, e.g. {@code each point's median}
     * @param cases every verdict, in the order judged
     */
    public record Judged(String name, String on, List<Case> cases) {
        /** Nothing judged (a command that ended before it had figures). */
        public static final Judged NONE = new Judged("", "", List.of());

        public Judged {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(on, "on");
            cases = List.copyOf(cases);
        }
    }

    /**
     * One threshold judged on one subject.
     *
     * @param subject a sweep point's name; null for the run (or find-max's run at the answer) itself
     * @param verdict the verdict, with the measured value
     */
    public record Case(String subject, ThresholdVerdict verdict) {
        public Case {
            Objects.requireNonNull(verdict, "verdict");
        }

        /** The case's name in a test report: the condition as written, after the point it was judged on. */
        String title() {
            return subject == null ? verdict.threshold().text() : subject + ": " + verdict.threshold().text();
        }
    }

    /** Thresholds that failed. */
    public long failures() {
        return judged.cases().stream().filter(c -> !c.verdict().passed()).count();
    }

    /**
     * Whether the command ended for a reason other than its thresholds (failed, interrupted, an integrity violation, a
     * rate shortfall): its thresholds are then moot (docs/exit-codes.md), and the reports say so.
     */
    public boolean endedOtherwise() {
        return exit != ExitCode.OK && exit != ExitCode.THRESHOLD_FAILED;
    }

    /**
     * {@code kbench run quickstart}: the command and what it ran; {@code kbench produce} alone, as the perf-tool
     * drop-ins name their workload after themselves.
     */
    String title() {
        String name = judged.name();
        return name.isEmpty() || command.endsWith(" " + name) ? command : command + " " + name;
    }

    /** {@code exit 3 THRESHOLD_FAILED}. */
    String exitText() {
        return "exit " + exit.code() + " " + exit.name();
    }
}
