package io.kbench.study;

import java.util.Objects;

/**
 * A claim with kbench's verdict on it.
 *
 * @param claim   the registered claim
 * @param judged  the verdict, kbench's figures and the rule; for a claim not testable here, NOT TESTABLE HERE
 * @param standIn the stand-in finding's verdict, when the claim is not testable here and names one; else null
 * @param setup   what in kbench's setup differs from the original's for this claim
 */
public record ClaimResult(Claim claim, Judged judged, Judged standIn, String setup) {
    public ClaimResult {
        Objects.requireNonNull(claim, "claim");
        Objects.requireNonNull(judged, "judged");
    }

    /** The verdict word, and for a verdict reached on a differing setup, that it was. */
    public String verdictText() {
        ClaimVerdict v = judged.verdict();
        boolean measured = v == ClaimVerdict.HELD || v == ClaimVerdict.CONTRADICTED || v == ClaimVerdict.INCONCLUSIVE;
        return "**" + v.label() + "**" + (measured ? " (on a scaled setup, see the last column)" : "");
    }
}
