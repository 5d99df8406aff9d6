package io.kbench.study;

import java.util.Objects;

/**
 * A finding's verdict on a kept result, as the claims pages show it.
 *
 * @param verdict held, contradicted, inconclusive or not measured
 * @param shown   kbench's figures behind it, with units; or why nothing was measured
 * @param rule    the rule applied, in words
 */
public record Judged(ClaimVerdict verdict, String shown, String rule) {
    public Judged {
        Objects.requireNonNull(verdict, "verdict");
        shown = shown == null ? "" : shown;
        rule = rule == null ? "" : rule;
    }

    static Judged notMeasured(String why) {
        return new Judged(ClaimVerdict.NOT_MEASURED, why, "");
    }
}
