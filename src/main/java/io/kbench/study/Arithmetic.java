package io.kbench.study;

import io.kbench.error.InvalidInputException;
import java.util.List;

/**
 * A claim that is arithmetic on inputs the original gives, recomputed by {@code kbench plan} or {@code kbench cost} from
 * files kept with the study, and judged REPRODUCED when every figure equals the original's at its printed precision.
 *
 * @param tool   the command that computes it
 * @param checks the original's figures the claim states, each with how kbench computes it
 * @param note   why kbench's rule differs from the original's, where it does; optional, shown beside the figures
 */
public record Arithmetic(ArithmeticTool tool, List<ArithmeticCheck> checks, String note) {
    public Arithmetic {
        if (tool == null) {
            throw InvalidInputException.field("arithmetic.tool", null, "needs plan or cost");
        }
        if (checks == null || checks.isEmpty()) {
            throw InvalidInputException.field("arithmetic.checks", checks, "needs at least one figure");
        }
        checks = List.copyOf(checks);
        for (ArithmeticCheck c : checks) {
            if (tool == ArithmeticTool.PLAN && (c.prices() != null || c.target() != null)) {
                throw InvalidInputException.field("arithmetic.checks[" + c.figure() + "].prices", c.prices(),
                        "prices and target are kbench cost's; tool is plan");
            }
            if (tool == ArithmeticTool.COST && c.prices() == null) {
                throw InvalidInputException.field("arithmetic.checks[" + c.figure() + "].prices", null,
                        "kbench cost needs a price file");
            }
        }
        note = note == null || note.isBlank() ? null : note.strip();
    }

    /** The command line that computes {@code check}'s figure, runnable from the repository root. */
    public String command(ArithmeticCheck check) {
        return switch (tool) {
            case PLAN -> "kbench plan " + check.input();
            case COST -> "kbench cost --prices " + check.prices() + " --stated " + check.input()
                    + (check.target() == null ? "" : " --target-records-per-sec " + plain(check.target()));
        };
    }

    private static String plain(double x) {
        return x == Math.rint(x) ? String.valueOf((long) x) : String.valueOf(x);
    }
}
