package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FmtTest {
    /** Values the report shows, and edge cases of the rule; ReportBrowserIT formats the same ones in the browser. */
    static final double[] SAMPLES = {0, 1, -1, 0.5, 0.123456, 0.0416, 0.00012345, 1.005, 2.5, 9.999, 10, 12.34, 99.95,
        100, 102.78, 531.4, 999.5, 1024, 20000.0, 46824, 51932.33, 1234567.891, -3.14159, -20000.0, 0.9995, 1e-9};

    @Test
    void oneRuleGroupedThousandsAboutThreeSignificantDigitsNoTrailingZeros() {
        assertThat(Fmt.number(20000.0)).isEqualTo("20,000");
        assertThat(Fmt.number(46824)).isEqualTo("46,824");
        assertThat(Fmt.number(51932.33)).isEqualTo("51,932");
        assertThat(Fmt.number(531.4)).isEqualTo("531");
        assertThat(Fmt.number(12.34)).isEqualTo("12.3");
        assertThat(Fmt.number(2.5)).isEqualTo("2.5");
        assertThat(Fmt.number(9.999)).isEqualTo("10");
        assertThat(Fmt.number(0.0416)).isEqualTo("0.0416");
        assertThat(Fmt.number(0.123456)).isEqualTo("0.123");
        assertThat(Fmt.number(-3.14159)).isEqualTo("-3.14");
        assertThat(Fmt.number(0)).isEqualTo("0");
        assertThat(Fmt.number(1e-9)).isEqualTo("0");
        assertThat(Fmt.number(Double.NaN)).isEqualTo("-");
    }

    @Test
    void ratesCountsMibLatenciesAndPercentagesFollowTheSameRule() {
        assertThat(Fmt.rate(20000.0)).isEqualTo(Fmt.number(20000.0));
        assertThat(Fmt.count(46824)).isEqualTo("46,824");
        assertThat(Fmt.mib(1.5)).isEqualTo("1.5");
        assertThat(Fmt.millis(51_932_330)).isEqualTo("51,932");
        assertThat(Fmt.millis(4_190)).isEqualTo("4.19");
        assertThat(Fmt.percent(96.4)).isEqualTo("96.4%");
        assertThat(Fmt.percent(null)).isEqualTo("-");
        assertThat(Fmt.signed(0.42)).isEqualTo("+0.42");
        assertThat(Fmt.signed(-1.5)).isEqualTo("-1.5");
    }
}
