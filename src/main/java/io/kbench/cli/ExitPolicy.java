package io.kbench.cli;

import io.kbench.error.ExitCode;
import io.kbench.experiment.Sweep;
import io.kbench.report.ThresholdReport;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Schedule;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How a run, a sweep or a find-max ended, and the one rule that turns it into the exit code (docs/exit-codes.md): an
 * interrupt outranks a failure, a failure an integrity violation, a violation a rate shortfall, a shortfall a failed
 * threshold (a run that did not do what was asked makes its thresholds moot).
 *
 * @param interrupted       stopped by Ctrl-C or a signal before it finished
 * @param failed            a run (a repetition, the search) could not produce its figures
 * @param integrityViolated verification found records lost, duplicated or reordered beyond what was promised
 * @param rateShortfall     a fixed-rate run achieved less than --min-rate-ratio of its offered rate
 * @param thresholdsPassed  every --threshold held
 * @param judged            the verdicts behind {@code thresholdsPassed}, for --junit-xml and --markdown
 */
record ExitPolicy(boolean interrupted, boolean failed, boolean integrityViolated, boolean rateShortfall,
                  boolean thresholdsPassed, ThresholdReport.Judged judged) {
    ExitPolicy {
        Objects.requireNonNull(judged, "judged");
    }

    /** An ending with no verdicts to report. */
    ExitPolicy(boolean interrupted, boolean failed, boolean integrityViolated, boolean rateShortfall,
               boolean thresholdsPassed) {
        this(interrupted, failed, integrityViolated, rateShortfall, thresholdsPassed, ThresholdReport.Judged.NONE);
    }

    /** A run judged against {@code --min-rate-ratio}; a shortfall is said on {@code out}. */
    static ExitPolicy of(RunResult result, double minRateRatio, PrintStream out) {
        RunStatus status = result.status();
        Schedule s = result.schedule();
        boolean shortfall = status == RunStatus.COMPLETED && s != null && s.ratio() < minRateRatio;
        if (shortfall) {
            out.println(String.format(Locale.ROOT, "rate shortfall: achieved %.0f%% of the offered rate, below"
                    + " --min-rate-ratio %.2f (exit 5)", 100 * s.ratio(), minRateRatio));
        }
        return new ExitPolicy(status == RunStatus.INTERRUPTED,
                status != RunStatus.COMPLETED && status != RunStatus.INTERRUPTED,
                result.integrityViolated(), shortfall, result.thresholdsPassed(),
                judgedOf(result.name(), "the run's summary", null, result.thresholds()));
    }

    static ExitPolicy of(Sweep.SweepOutcome outcome) {
        List<ThresholdReport.Case> cases = new ArrayList<>();
        for (Sweep.PointResult p : outcome.points()) {
            cases.addAll(judgedOf("", "", p.point().name(), p.verdicts()).cases());
        }
        return new ExitPolicy(outcome.interrupted(), outcome.anyFailed(), outcome.integrityViolated(), false,
                outcome.thresholdsPassed(), new ThresholdReport.Judged(outcome.design().spec().name(),
                        "each point's median", cases));
    }

    /** An interrupted search throws instead; a probe's integrity violation only makes its rate unsustainable. */
    static ExitPolicy of(FindMaxResult result) {
        return new ExitPolicy(false, !result.findMax().outcome().hasRate(), false, false, result.thresholdsPassed(),
                judgedOf(result.name(), "the run at the answer", null, result.thresholds()));
    }

    private static ThresholdReport.Judged judgedOf(String name, String on, String subject, List<ThresholdVerdict> verdicts) {
        return new ThresholdReport.Judged(name == null ? "" : name, on, verdicts == null ? List.of()
                : verdicts.stream().map(v -> new ThresholdReport.Case(subject, v)).toList());
    }

    ExitCode exitCode() {
        return interrupted ? ExitCode.INTERRUPTED
                : failed ? ExitCode.RUN_FAILED
                : integrityViolated ? ExitCode.INTEGRITY_VIOLATION
                : rateShortfall ? ExitCode.RATE_SHORTFALL
                : thresholdsPassed ? ExitCode.OK : ExitCode.THRESHOLD_FAILED;
    }

    int code() {
        return exitCode().code();
    }
}
