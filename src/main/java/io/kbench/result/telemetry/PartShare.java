package io.kbench.result.telemetry;

import io.kbench.error.InvalidInputException;
import java.util.Objects;

/**
 * A part's figure over the measured intervals.
 *
 * @param part   which part
 * @param meanMs mean over the measured intervals it has a value in, milliseconds
 * @param share  for a publish part, its share of the sum of the publish parts' means (0..1); null for a fetch part
 */
public record PartShare(LatencyPart part, double meanMs, Double share) {
    public PartShare {
        Objects.requireNonNull(part, "part");
        if (!Double.isFinite(meanMs) || meanMs < 0) {
            throw InvalidInputException.field("anatomy.measured.meanMs", meanMs, "must be a finite number >= 0");
        }
        if (share != null && (share < 0 || share > 1 + 1e-9)) {
            throw InvalidInputException.field("anatomy.measured.share", share, "must be between 0 and 1");
        }
    }
}
