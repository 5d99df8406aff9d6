package io.kbench.error;

/** The user stopped kbench (Ctrl-C) in the middle of a multi-run experiment; exit code 130. */
public final class InterruptedRunException extends KbenchException {
    public InterruptedRunException(String message) {
        super(message, null);
    }

    @Override
    public ExitCode exitCode() {
        return ExitCode.INTERRUPTED;
    }
}
