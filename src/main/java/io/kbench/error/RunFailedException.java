package io.kbench.error;

/** The benchmark could not run or complete (cluster did not start, broker unreachable...); exit code 1. */
public final class RunFailedException extends KbenchException {
    public RunFailedException(String message) {
        super(message, null);
    }

    public RunFailedException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public ExitCode exitCode() {
        return ExitCode.RUN_FAILED;
    }
}
