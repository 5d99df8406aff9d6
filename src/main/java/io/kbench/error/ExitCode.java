package io.kbench.error;

/** Process exit codes; documented in docs/exit-codes.md and stable across releases. */
public enum ExitCode {
    OK(0),
    RUN_FAILED(1),
    INVALID_INPUT(2),
    THRESHOLD_FAILED(3),
    INTEGRITY_VIOLATION(4),
    RATE_SHORTFALL(5),
    REGRESSION(6),
    INTERRUPTED(130);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
