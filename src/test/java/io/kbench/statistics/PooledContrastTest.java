package io.kbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class PooledContrastTest {
    @Test
    void oneGroupIsWelchsIntervalExactly() {
        double[] a = {10, 11, 12.5};
        double[] b = {20, 24, 23};
        Welch one = PooledContrast.onLogs(List.of(a), List.of(b));
        Welch welch = Welch.onLogs(a, b);
        assertThat(one.difference()).isCloseTo(welch.difference(), within(1e-12));
        assertThat(one.standardError()).isCloseTo(welch.standardError(), within(1e-12));
        assertThat(one.degreesOfFreedom()).isCloseTo(welch.degreesOfFreedom(), within(1e-9));
    }

    @Test
    void theMeanOfTheGroupsLogRatiosWithTheirVariancesSummed() {
        // Group 1: ln 2 apart; group 2: ln 8 apart; mean ln 4, the geometric mean of 2x and 8x.
        double[] a1 = {10, 11, 12};
        double[] b1 = {20, 22, 24};
        double[] a2 = {5, 6, 7};
        double[] b2 = {40, 48, 56};
        Welch w = PooledContrast.onLogs(List.of(a1, a2), List.of(b1, b2));
        assertThat(Math.exp(w.difference())).isCloseTo(4.0, within(1e-9));
        double v = sq(Welch.onLogs(a1, b1).standardError()) + sq(Welch.onLogs(a2, b2).standardError());
        assertThat(w.standardError()).isCloseTo(Math.sqrt(v) / 2, within(1e-12));
        // Satterthwaite: four variance terms of 2 degrees of freedom each, equal in pairs: between 2 and 8.
        assertThat(w.degreesOfFreedom()).isBetween(2.0, 8.0);
    }

    @Test
    void welchsTestTellsGroupsThatDisagreeFromGroupsThatAgree() {
        // 2x and 8x with spreads of a few percent: the groups disagree far beyond chance.
        double[] a1 = {10, 11, 12};
        double[] b1 = {20, 22, 24};
        double[] a2 = {5, 6, 7};
        double[] b2 = {40, 48, 56};
        PooledContrast.Heterogeneity apart = PooledContrast.heterogeneity(List.of(a1, a2), List.of(b1, b2));
        assertThat(apart.df1()).isEqualTo(1);
        assertThat(apart.differs(0.05)).isTrue();
        // The same 2x in both groups: F is 0 by construction, p = 1.
        PooledContrast.Heterogeneity same = PooledContrast.heterogeneity(List.of(a1, a2),
                List.of(b1, new double[] {10, 12, 14}));
        assertThat(same.f()).isCloseTo(0, within(1e-9));
        assertThat(same.p()).isCloseTo(1, within(1e-9));
        assertThat(PooledContrast.heterogeneity(List.of(a1), List.of(b1))).as("one group: nothing to compare").isNull();
        assertThat(PooledContrast.heterogeneity(List.of(a1, new double[] {3, 3}), List.of(b1, new double[] {6, 6})))
                .as("a side without spread").isNull();
    }

    @Test
    void groupsWithoutSpreadKeepTheirDegreesOfFreedom() {
        Welch w = PooledContrast.onLogs(List.of(new double[] {2, 2}, new double[] {3, 3}),
                List.of(new double[] {4, 4}, new double[] {6, 6}));
        assertThat(w.standardError()).isZero();
        assertThat(w.degreesOfFreedom()).isEqualTo(4.0);
    }

    @Test
    void refusesMismatchedGroupsAndSidesWithoutSpread() {
        assertThatThrownBy(() -> PooledContrast.onLogs(List.of(), List.of())).hasMessageContaining("at least one");
        assertThatThrownBy(() -> PooledContrast.onLogs(List.of(new double[] {1, 2}), List.of(new double[] {1})))
                .hasMessageContaining("group 0");
    }

    private static double sq(double x) {
        return x * x;
    }
}
