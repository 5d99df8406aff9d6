package io.kbench.error;

/** The user's input (flags, workload file, payload file) is wrong; exit code 2. */
public final class InvalidInputException extends KbenchException {
    public InvalidInputException(String message) {
        super(message, null);
    }

    public InvalidInputException(String message, Throwable cause) {
        super(message, cause);
    }

    /** An error about one named field: {@code field: message (got value)}. */
    public static InvalidInputException field(String path, Object value, String problem) {
        return new InvalidInputException(path + ": " + problem + " (got " + value + ")");
    }

    @Override
    public ExitCode exitCode() {
        return ExitCode.INVALID_INPUT;
    }
}
