package io.kbench.study;

import io.kbench.error.InvalidInputException;

/**
 * A claim about two find-max answers: the ratio of their sustainable rates, of / to, judged by
 * {@link FindMaxJudge} with the statistics core's effect (the ratio of the searches' geometric means with its 95%
 * interval) against the claimed bound.
 *
 * @param id    the name a claim's test refers to
 * @param claim the claim in words
 * @param of    the numerator's kept find-max result (docs/studies/data/OF.json)
 * @param to    the denominator's kept find-max result
 * @param above held when the whole interval lies above this; contradicted when it lies wholly below it
 * @param below held when the whole interval lies below this; contradicted when it lies wholly above it
 */
public record FindMaxFinding(String id, String claim, String of, String to, Double above, Double below) {
    public FindMaxFinding {
        ClaimIds.check("findMax.id", id);
        claim = ClaimIds.text("findMax[" + id + "].claim", claim);
        ClaimIds.check("findMax[" + id + "].of", of);
        ClaimIds.check("findMax[" + id + "].to", to);
        if ((above == null) == (below == null)) {
            throw InvalidInputException.field("findMax[" + id + "]", id, "needs exactly one of above and below");
        }
        double bound = above != null ? above : below;
        if (!(bound > 0) || Double.isInfinite(bound)) {
            throw InvalidInputException.field("findMax[" + id + "]." + (above != null ? "above" : "below"), bound, "needs a ratio > 0");
        }
    }

    /** The rule in words. */
    public String rule() {
        String bound = above != null ? "> " + above : "< " + below;
        return "of / to as the ratio of the searches' geometric means with its 95% interval (Welch on the logarithms);"
                + " held when the interval lies wholly " + bound + ", contradicted when wholly on the other side,"
                + " inconclusive otherwise";
    }
}
