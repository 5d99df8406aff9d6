package io.kbench.study;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;

/**
 * One figure of the original recomputed by kbench.
 *
 * @param label    what the figure is, when a claim checks several (e.g. "row 1 (1 million events/s)"); optional
 * @param input    the plan file ({@code tool: plan}) or the stated-throughput file ({@code tool: cost}), relative to the
 *                 repository root: scenarios/plan/, scenarios/cost/ or scenarios/prices/
 * @param prices   {@code tool: cost} only: the price file, under scenarios/prices/
 * @param target   {@code tool: cost} only: the target records/s for nodes, yearly cost and savings for a target; optional
 * @param figure   which figure of the computed report: a PlanResult figure key ("eventsPerDay", "bytesPerDayTib",
 *                 "nicRecommendedGbe") or, for cost, ROW_LABEL.COLUMN of a CostResult row ("s4-openjdk.yearlyCostForTarget")
 * @param scale    kbench's figure x scale is in the original's unit (1e-9 for "billion"); optional, 1
 * @param original the original's figure with its unit and printed precision
 */
public record ArithmeticCheck(String label, String input, String prices, Double target, String figure, Double scale,
                              StatedFigure original) {
    private static final String KEPT = "scenarios/(plan|cost|prices)/[\\w.-]+\\.yaml";

    public ArithmeticCheck {
        label = label == null || label.isBlank() ? null : label.strip();
        if (input == null || !input.matches(KEPT)) {
            throw InvalidInputException.field("arithmetic.checks[].input", input,
                    "needs a file kept with the study: scenarios/plan/, scenarios/cost/ or scenarios/prices/NAME.yaml");
        }
        if (prices != null && !prices.matches("scenarios/prices/[\\w.-]+\\.yaml")) {
            throw InvalidInputException.field("arithmetic.checks[].prices", prices, "needs scenarios/prices/NAME.yaml");
        }
        if (target != null) {
            Checks.positive("arithmetic.checks[].target", target);
        }
        Checks.notBlank("arithmetic.checks[].figure", figure);
        scale = scale == null ? 1.0 : Checks.positive("arithmetic.checks[].scale", scale);
        if (original == null) {
            throw InvalidInputException.field("arithmetic.checks[" + figure + "].original", null, "needs the original's figure");
        }
    }
}
