package io.kbench.study;

import io.kbench.error.InvalidInputException;

/**
 * Why a claim cannot be tested here, and the scaled stand-in kbench measures instead where one exists.
 *
 * @param reason  hardware, host count, vendor library or scale
 * @param why     the essential condition this machine cannot meet, in words
 * @param standIn a finding that measures the nearest thing here; optional. Its verdict is shown beside the claim, never
 *                as the claim's verdict
 * @param recipe  the command that tests the claim where its condition is met; ClaimRecipeTest requires one on every row
 */
public record NotTestable(NotTestableReason reason, String why, ClaimEvidence standIn, ClaimRecipe recipe) {
    public NotTestable {
        if (reason == null) {
            throw InvalidInputException.field("notTestableHere.reason", null, "needs hardware, host_count, vendor_library or scale");
        }
        why = ClaimIds.text("notTestableHere.why", why);
    }
}
