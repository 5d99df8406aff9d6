package io.kbench.study;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A figure as the original prints it.
 *
 * @param value    the number, without grouping ("1,690 TB" is 1690)
 * @param unit     the unit as the original words it ("TB/day", "billion events/day", "USD/year")
 * @param decimals how many decimal places the original prints: its precision (86 billion: 0; $39,595.2: 1)
 */
public record StatedFigure(double value, String unit, int decimals) {
    public StatedFigure {
        if (!Double.isFinite(value)) {
            throw InvalidInputException.field("original.value", value, "needs a finite number");
        }
        Checks.notBlank("original.unit", unit);
        Checks.between("original.decimals", decimals, 0, 6);
    }

    /** The original's figure at its printed precision. */
    public BigDecimal printed() {
        return round(value);
    }

    /** {@code x} rounded half up to the original's printed precision, as a printed figure is rounded. */
    public BigDecimal round(double x) {
        return BigDecimal.valueOf(x).setScale(decimals, RoundingMode.HALF_UP);
    }
}
