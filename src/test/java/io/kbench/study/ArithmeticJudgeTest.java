package io.kbench.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The arithmetic verdict on real registry rows: recomputed by kbench plan / cost from the files kept with the study. */
class ArithmeticJudgeTest {
    private static final Path ROOT = Path.of("");

    private static Claim claim(String study, String id) {
        return ClaimRegistry.read(ROOT.resolve(ClaimRegistry.DIR).resolve(study + ".yaml")).claims().stream()
                .filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void s3TableRow5IsReproducedColumnByColumn() {
        // 7 million events/s of 1,024 B, RF 3: 604.8 billion events/day -> 605, 1,689.79 TiB -> 1,690, 53.41 Gibit/s -> 53.
        Judged j = ArithmeticJudge.judge(claim("s3", "table-3-row-5").arithmetic(), ROOT);
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.REPRODUCED);
        assertThat(j.shown()).contains("kbench 604.8 billion events/day (eventsPerDay) = the original's 605 billion events/day")
                .contains("kbench 1,689.79 TB/day (TiB)").contains("= the original's 1,690 TB/day (TiB)")
                .contains("`kbench plan scenarios/plan/s3-7m-events.yaml`");
        assertThat(j.rule()).isEqualTo(ArithmeticJudge.RULE);
    }

    @Test
    void s3sOwnFormulaGives1717TbNotItsPrinted1690() {
        // 159 Gbps x 86,400 s / 8 = 1,717.2 TB: S3 prints ~1,690 (its row 5's TiB).
        Judged j = ArithmeticJudge.judge(claim("s3", "daily-total-1690-tb").arithmetic(), ROOT);
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.NOT_REPRODUCED);
        assertThat(j.shown()).contains("kbench 1,717.2 TB/day (bytesPerDayTb) **differs from** the original's 1,690 TB/day");
    }

    @Test
    void s4CostsAreReproducedAndS5sIopsAreNot() {
        Judged costs = ArithmeticJudge.judge(claim("s4", "yearly-price-per-cluster").arithmetic(), ROOT);
        assertThat(costs.verdict()).isEqualTo(ClaimVerdict.REPRODUCED);
        assertThat(costs.shown()).contains("kbench 39,595.2 USD/year").contains("23,757.12 USD/year")
                .contains("`kbench cost --prices scenarios/prices/studies.yaml --stated scenarios/cost/s4-stated.yaml "
                        + "--target-records-per-sec 155797`");
        Judged iops = ArithmeticJudge.judge(claim("s5", "disk-limits-600-iops").arithmetic(), ROOT);
        assertThat(iops.verdict()).isEqualTo(ClaimVerdict.NOT_REPRODUCED);
        assertThat(iops.shown()).contains("write: kbench 1,800 IOPS").contains("read: kbench 300 IOPS");
    }

    @Test
    void aMissingFigureIsNoneAndDiffers() {
        // 7.5 million events/s need 102.4 Gbps of line rate per broker at 60%: no NIC of 10/25/40/100 GbE fits.
        Judged nic = ArithmeticJudge.judge(claim("s3", "table-3-nic-column").arithmetic(), ROOT);
        assertThat(nic.verdict()).isEqualTo(ClaimVerdict.NOT_REPRODUCED);
        assertThat(nic.shown()).contains("row 6 (7.5 million events/s): kbench none (nicRecommendedGbe) **differs from**")
                .contains("row 4 (6 million events/s): kbench 100 GbE (nicRecommendedGbe) = the original's 100 GbE");
    }

    @Test
    void precisionIsThePrintedDecimalsRoundedHalfUp() {
        StatedFigure f = new StatedFigure(30, "%", 0);
        assertThat(f.round(30.4999)).isEqualByComparingTo(f.printed());
        assertThat(f.round(30.5)).isEqualByComparingTo(new BigDecimal("31"));
        assertThat(new StatedFigure(39595.2, "USD", 1).round(39595.2 + 1e-9)).isEqualByComparingTo(new BigDecimal("39595.2"));
    }

    @Test
    void anArithmeticRowIsValidated() {
        ArithmeticCheck plan = new ArithmeticCheck(null, "scenarios/plan/s3-1m-events.yaml", null, null, "eventsPerDay", null,
                new StatedFigure(86, "billion", 0));
        assertThat(plan.scale()).isEqualTo(1.0);
        assertThatThrownBy(() -> new ArithmeticCheck(null, "docs/x.yaml", null, null, "f", null, new StatedFigure(1, "u", 0)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("arithmetic.checks[].input");
        assertThatThrownBy(() -> new Arithmetic(ArithmeticTool.COST, List.of(plan), null)).hasMessageContaining("price file");
        assertThatThrownBy(() -> new StatedFigure(1, "u", 9)).hasMessageContaining("original.decimals");
        ArithmeticCheck unknown = new ArithmeticCheck(null, "scenarios/plan/s3-1m-events.yaml", null, null, "noSuchFigure", null,
                new StatedFigure(1, "u", 0));
        assertThatThrownBy(() -> ArithmeticJudge.judge(new Arithmetic(ArithmeticTool.PLAN, List.of(unknown), null), ROOT))
                .hasMessageContaining("noSuchFigure").hasMessageContaining("kbench plan");
        Arithmetic a = new Arithmetic(ArithmeticTool.PLAN, List.of(plan), null);
        assertThatThrownBy(() -> new Claim("c", "q", 1, "f", null, new NotTestable(NotTestableReason.HARDWARE, "w", null, null),
                null, null, null, null, a, null)).hasMessageContaining("exactly one of test, notTestableHere and arithmetic");
    }
}
