package io.kbench.study;

import io.kbench.capacity.CapacityPlan;
import io.kbench.capacity.PlanSettings;
import io.kbench.capacity.StatedThroughput;
import io.kbench.error.InvalidInputException;
import io.kbench.result.cost.CostResult;
import io.kbench.result.cost.CostRow;
import io.kbench.result.plan.PlanResult;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Recomputes an original's arithmetic in-process, exactly as {@code kbench plan} and {@code kbench cost} compute it from
 * the same files, and compares each figure with the original's at the original's printed precision: kbench's figure
 * rounded half up to as many decimals as the original prints must equal the original's. No statistics: arithmetic on
 * stated inputs either gives the printed figure or it does not.
 */
public final class ArithmeticJudge {
    /** The rule, as the pages print it. */
    public static final String RULE = "kbench's figure, rounded half up to the original's printed decimals, equals the original's";

    private ArithmeticJudge() {
    }

    /** REPRODUCED when every check's figure equals the original's at its precision, else NOT REPRODUCED; both figures shown. */
    public static Judged judge(Arithmetic arithmetic, Path root) {
        List<String> shown = new ArrayList<>();
        List<String> commands = new ArrayList<>();
        boolean all = true;
        for (ArithmeticCheck c : arithmetic.checks()) {
            Double kbench = compute(arithmetic.tool(), c, root);
            StatedFigure o = c.original();
            boolean same = kbench != null && o.round(kbench * c.scale()).compareTo(o.printed()) == 0;
            all &= same;
            String kbenchText = kbench == null ? "none" : grouped(BigDecimal.valueOf(kbench * c.scale()), o.decimals() + 2) + " " + o.unit();
            shown.add((c.label() == null ? "" : c.label() + ": ") + "kbench " + kbenchText + " (" + c.figure() + ")"
                    + (same ? " = " : " **differs from** ") + "the original's " + grouped(o.printed(), o.decimals()) + " " + o.unit());
            String command = arithmetic.command(c);
            if (!commands.contains(command)) {
                commands.add(command);
            }
        }
        String text = String.join("; ", shown) + ". Computed by " + String.join(", ", commands.stream().map(x -> "`" + x + "`").toList())
                + (arithmetic.note() == null ? "" : ". " + Character.toUpperCase(arithmetic.note().charAt(0))
                        + arithmetic.note().substring(1));
        return new Judged(all ? ClaimVerdict.REPRODUCED : ClaimVerdict.NOT_REPRODUCED, text, RULE);
    }

    /** kbench's figure for {@code check}, unscaled; null when the report has none (no NIC fits, no target given). */
    static Double compute(ArithmeticTool tool, ArithmeticCheck check, Path root) {
        Path input = root.resolve(check.input());
        return switch (tool) {
            case PLAN -> planFigure(CapacityPlan.compute(PlanSettings.load(input).resolve()), check.figure());
            case COST -> costFigure(StatedThroughput.cost(root.resolve(check.prices()), input, check.target()), check.figure());
        };
    }

    private static Double planFigure(PlanResult plan, String key) {
        // The recommendation is a figure only when some NIC fits; none fitting is an answer, not a missing key.
        if (key.equals("nicRecommendedGbe")) {
            return plan.nicRecommendedGbe() == null ? null : plan.nicRecommendedGbe().doubleValue();
        }
        try {
            return plan.figure(key).value();
        } catch (IllegalArgumentException e) {
            throw InvalidInputException.field("arithmetic.checks[].figure", key, "is no figure of kbench plan's report");
        }
    }

    private static Double costFigure(CostResult cost, String path) {
        int dot = path.lastIndexOf('.');
        if (dot <= 0) {
            throw InvalidInputException.field("arithmetic.checks[].figure", path, "needs ROW_LABEL.COLUMN of kbench cost's report");
        }
        String label = path.substring(0, dot);
        CostRow row = cost.rows().stream().filter(r -> r.label().equals(label)).findFirst().orElseThrow(() ->
                InvalidInputException.field("arithmetic.checks[].figure", path, "names no row of kbench cost's report"));
        for (RecordComponent rc : CostRow.class.getRecordComponents()) {
            if (rc.getName().equals(path.substring(dot + 1))) {
                try {
                    Object v = rc.getAccessor().invoke(row);
                    return v instanceof Number n ? n.doubleValue() : null;
                } catch (IllegalAccessException | InvocationTargetException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        throw InvalidInputException.field("arithmetic.checks[].figure", path, "names no column of kbench cost's report");
    }

    /** {@code x} with thousands grouped and at most {@code decimals} places, trailing zeros beyond the first dropped. */
    static String grouped(BigDecimal x, int decimals) {
        DecimalFormat f = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setMaximumFractionDigits(decimals);
        f.setMinimumFractionDigits(0);
        return f.format(x);
    }
}
