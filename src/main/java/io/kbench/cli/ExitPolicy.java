package io.kbench.cli;

import io.kbench.error.ExitCode;
import io.kbench.experiment.Sweep;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;

/**
 * How a run, a sweep or a find-max ended, and the one rule that turns it into the exit code (docs/exit-codes.md): an
 * interrupt outranks a failure, a failure an integrity violation, a violation a failed threshold.
 *
 * @param interrupted       stopped by Ctrl-C or a signal before it finished
 * @param failed            a run (a repetition, the search) could not produce its figures
 * @param integrityViolated verification found records lost, duplicated or reordered beyond what was promised
 * @param thresholdsPassed  every --threshold held
 */
record ExitPolicy(boolean interrupted, boolean failed, boolean integrityViolated, boolean thresholdsPassed) {

    static ExitPolicy of(RunResult result) {
        RunStatus status = result.status();
        return new ExitPolicy(status == RunStatus.INTERRUPTED,
                status != RunStatus.COMPLETED && status != RunStatus.INTERRUPTED,
                result.integrityViolated(), result.thresholdsPassed());
    }

    static ExitPolicy of(Sweep.SweepOutcome outcome) {
        return new ExitPolicy(outcome.interrupted(), outcome.anyFailed(), outcome.integrityViolated(),
                outcome.thresholdsPassed());
    }

    /** An interrupted search throws instead; a probe's integrity violation only makes its rate unsustainable. */
    static ExitPolicy of(FindMaxResult result) {
        return new ExitPolicy(false, !result.findMax().outcome().hasRate(), false, result.thresholdsPassed());
    }

    int code() {
        ExitCode code = interrupted ? ExitCode.INTERRUPTED
                : failed ? ExitCode.RUN_FAILED
                : integrityViolated ? ExitCode.INTEGRITY_VIOLATION
                : thresholdsPassed ? ExitCode.OK : ExitCode.THRESHOLD_FAILED;
        return code.code();
    }
}
