package io.kbench.study;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * A finding as a sweep file declares it (docs/sweeps.md, "Findings"). Exactly one of {@code lowest}, {@code highest}
 * and {@code ratio}; a ratio takes exactly one of {@code between}, {@code above}, {@code below} and {@code within}.
 *
 * @param claim   the claim in words, as a study states it
 * @param metric  a threshold metric such as produced.recordsPerSec or publish.p99 (latencies in microseconds)
 * @param lowest  the settings of the point that should have the lowest metric within its group
 * @param highest the settings of the point that should have the highest metric within its group
 * @param ratio   two points whose metric ratio ({@code of} / {@code to}) is claimed
 * @param between ratio bounds [low, high]
 * @param above   the ratio is claimed to exceed this
 * @param below   the ratio is claimed to stay under this
 * @param per     axis paths whose every combination is a group judged on its own; default: every varied path the
 *                claim does not name, so like is compared with like. {@code []}: all points in one group
 * @param id        a short name (letters, digits, '-') a study's claims registry refers to; optional
 * @param eitherWay a ratio claimed in either direction ("A and B differ by a multiple"): with {@code above: k}, held
 *                  when the ratio lies above k or below 1/k, contradicted when it lies wholly within [1/k, k]
 * @param within    a ratio claimed to be 1 within this margin, a fraction ("no effect larger than 10%": 0.10): held
 *                  when the two are equivalent within it (two one-sided tests), contradicted when the ratio's interval
 *                  lies wholly beyond it; instead of between, above and below
 * @param needs     what the claim's effect needs, measured in the runs; a group where one fails is not testable here
 * @param combine   {@code each} (default): every group judged on its own, the claim held when every group holds;
 *                  {@code pooled}: a ratio claim about a factor in general judged on the mean of its groups' log ratios
 *                  (a main effect, {@code statistics.PooledContrast}), each group still shown
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FindingSpec(String claim, String metric, Map<String, JsonNode> lowest, Map<String, JsonNode> highest,
                          Ratio ratio, List<Double> between, Double above, Double below, List<String> per,
                          String id, Boolean eitherWay, Double within, NeedsSpec needs, String combine) {

    /**
     * The two points of a ratio.
     *
     * @param of the numerator point's settings
     * @param to the denominator point's settings
     */
    public record Ratio(Map<String, JsonNode> of, Map<String, JsonNode> to) {
    }
}
