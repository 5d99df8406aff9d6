package io.kbench.study;

import io.kbench.error.InvalidInputException;

/**
 * A claim about two find-max answers: the ratio of their sustainable rates. An answer is a bracket, the highest rate
 * that passed up to the lowest that failed above it, so the ratio is a range: [max(of)/firstFail(to),
 * firstFail(of)/max(to)]; a search that never failed leaves its upper end open.
 *
 * @param id    the name a claim's test refers to
 * @param claim the claim in words
 * @param of    the numerator's kept find-max result (docs/studies/data/OF.json)
 * @param to    the denominator's kept find-max result
 * @param above held when the whole range lies above this; contradicted when it lies wholly at or below it
 * @param below held when the whole range lies below this; contradicted when it lies wholly at or above it
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
        return "ratio of the answers' brackets [max(of)/firstFail(to), firstFail(of)/max(to)]; held when it lies wholly "
                + bound + ", contradicted when it lies wholly outside";
    }
}
