package io.kbench.error;

/** A failure the CLI reports as one line and maps to an exit code; never shown as a stack trace. */
public abstract class KbenchException extends RuntimeException {
    protected KbenchException(String message, Throwable cause) {
        super(message, cause);
    }

    public abstract ExitCode exitCode();
}
