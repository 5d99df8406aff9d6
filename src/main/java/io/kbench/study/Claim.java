package io.kbench.study;

import io.kbench.error.InvalidInputException;

/**
 * One claim of a study's original document, quoted verbatim, and how kbench tests it.
 *
 * @param id              a short name, unique within the study
 * @param quote           the claim exactly as the original words it (a substring of the line)
 * @param line            the 1-based line of the original that holds the quote
 * @param figures         the original's figures the claim rests on, with units (e.g. "70:40 -> 12 ms p99, 80:30 -> 20 ms")
 * @param test            the finding that judges it here; exactly one of test, notTestableHere and arithmetic
 * @param notTestableHere why it cannot be tested here
 * @param setup           what in kbench's setup differs from the original for this claim; optional, the study's
 *                        setup otherwise
 * @param method          for a latency claim tested both ways: how its test offers the load; optional
 * @param counterpart     the claim (same quote, same line) tested by the other method, whose verdict the pages set
 *                        beside this one; optional, needs {@code method}
 * @param unjudged        what of the quote its test leaves unjudged (a second figure, a degree like "slight", a table's
 *                        other cells); optional, only with {@code test} or {@code arithmetic}. The pages print it beside
 *                        the verdict, so a verdict never reads as covering more than it judged
 * @param arithmetic      for a figure the original computes from inputs it gives: how kbench plan or kbench cost
 *                        recomputes it (judged REPRODUCED or NOT REPRODUCED, not by a measurement)
 * @param recipe          for a tested claim whose test can find a condition it needs absent here (open-load latency that
 *                        is the producers' queue, brokers throttled at their quota, a disk never busy): the command that
 *                        tests it where the condition holds, shown when the verdict is NOT TESTABLE HERE; optional
 */
public record Claim(String id, String quote, int line, String figures, ClaimEvidence test, NotTestable notTestableHere,
                    String setup, ClaimMethod method, String counterpart, String unjudged, Arithmetic arithmetic,
                    ClaimRecipe recipe) {
    public Claim {
        ClaimIds.check("claims.id", id);
        quote = ClaimIds.text("claims[" + id + "].quote", quote);
        if (line < 1) {
            throw InvalidInputException.field("claims[" + id + "].line", line, "needs the line of the original, >= 1");
        }
        figures = ClaimIds.text("claims[" + id + "].figures", figures);
        int kinds = (test == null ? 0 : 1) + (notTestableHere == null ? 0 : 1) + (arithmetic == null ? 0 : 1);
        if (kinds != 1) {
            throw InvalidInputException.field("claims[" + id + "]", id, "needs exactly one of test, notTestableHere and arithmetic");
        }
        setup = setup == null || setup.isBlank() ? null : setup.strip();
        unjudged = unjudged == null || unjudged.isBlank() ? null : unjudged.strip();
        if (unjudged != null && test == null && arithmetic == null) {
            throw InvalidInputException.field("claims[" + id + "].unjudged", unjudged,
                    "belongs to a tested or arithmetic claim: a claim not testable here is not judged at all");
        }
        if (recipe != null && test == null) {
            throw InvalidInputException.field("claims[" + id + "].recipe", recipe.command(),
                    "belongs to a tested claim (a claim not testable here has notTestableHere.recipe)");
        }
        if (counterpart != null) {
            ClaimIds.check("claims[" + id + "].counterpart", counterpart);
            if (method == null || test == null || counterpart.equals(id)) {
                throw InvalidInputException.field("claims[" + id + "].counterpart", counterpart,
                        "needs a method and a test of its own, and names another claim");
            }
        }
    }
}
