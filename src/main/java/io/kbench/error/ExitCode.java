package io.kbench.error;

/**
 * Process exit codes; documented in docs/exit-codes.md and stable across releases. Each code's meaning is written once,
 * here: every command's {@code --help} lists the codes it can return with it, and docs/exit-codes.md's table opens each
 * row with it (HelpExitCodesTest compares both).
 */
public enum ExitCode {
    OK(0, "The command did what was asked."),
    RUN_FAILED(1, "The input was fine but the run could not start or finish."),
    INVALID_INPUT(2, "The input is wrong; nothing was started."),
    THRESHOLD_FAILED(3, "Everything ran, but a --threshold failed."),
    INTEGRITY_VIOLATION(4, "A verified run found an anomaly its settings rule out."),
    RATE_SHORTFALL(5, "A completed fixed-rate run achieved less than --min-rate-ratio of its offered rate."),
    REGRESSION(6, "A KPI of the candidate is decided worse than its baseline."),
    INTERRUPTED(130, "Ctrl-C or SIGTERM ended the command early.");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    public int code() {
        return code;
    }

    /** One sentence for people: what this code says about how the command ended. */
    public String meaning() {
        return meaning;
    }
}
