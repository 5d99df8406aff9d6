package io.kbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * How short a series can be for history to mark a shift: seeded synthetic series of n runs, the first n/2 at one level
 * and the rest at another, each run's figure drawn with the noise of real runs (log-normal, the stated coefficient of
 * variation); a shift counts as found when the detector marks a lasting change point at run n/2 (plus or minus one)
 * whose effect (the segments after against before, {@link EffectRule} at 95%) is decided lower and at least the
 * minimum effect of 5%: what {@code kbench history} calls a REGRESSION with its defaults. Prints the table
 * docs/history.md shows ({@code ./mvnw -B -q -o test -Dtest=ChangePointPowerTest}) and checks its corners.
 */
class ChangePointPowerTest {
    private static final int TRIALS = 200;
    private static final int[] LENGTHS = {4, 6, 8, 10, 12, 16, 20, 30, 40};
    private static final EffectRule RULE = new EffectRule(0.95, 0);
    private static final double MIN_EFFECT = 0.05;

    /** A scenario: level before and after, and the noise (coefficient of variation) of each side. */
    private record Shift(String name, double before, double cvBefore, double after, double cvAfter) {
    }

    private static final List<Shift> SHIFTS = List.of(
            // The measured step: 41,010-52,390 then 15,188-16,039 records/s (half a core).
            new Shift("3x drop, noise of the real 4+4 runs (10% then 2.5%)", 46_750, 0.10, 15_630, 0.025),
            new Shift("25% drop, 5% noise", 100, 0.05, 75, 0.05),
            new Shift("10% drop, 5% noise", 100, 0.05, 90, 0.05));

    static double found(Shift shift, int n, double significance, long seed) {
        Random random = new Random(seed);
        ChangePointDetector detector = new ChangePointDetector(Settings.defaults().withSignificance(significance)
                .withMinEffect(MIN_EFFECT));
        int hits = 0;
        for (int t = 0; t < TRIALS; t++) {
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                boolean after = i >= n / 2;
                double cv = after ? shift.cvAfter() : shift.cvBefore();
                x[i] = (after ? shift.after() : shift.before()) * Math.exp(cv * random.nextGaussian());
            }
            for (ChangePoint cp : detector.detect(x)) {
                if (!cp.isolated() && Math.abs(cp.index() - n / 2) <= 1) {
                    Effect e = RULE.decide(java.util.Arrays.copyOfRange(x, 0, cp.index()),
                            java.util.Arrays.copyOfRange(x, cp.index(), n));
                    if (e.outcome() == Effect.Outcome.LOWER && 1 - e.ratio() >= MIN_EFFECT) {
                        hits++;
                        break;
                    }
                }
            }
        }
        return (double) hits / TRIALS;
    }

    /** The other side of the table: series of pure noise (5%) marked with any change point, 1,000 per length. */
    @Test
    void pureNoiseIsMarkedAtMostAtTheLevel() {
        StringBuilder out = new StringBuilder("noise only: share of series with any change point\n");
        for (double significance : new double[] {0.01, 0.05}) {
            out.append(String.format(Locale.ROOT, "  significance %.2f:", significance));
            for (int n : LENGTHS) {
                Random random = new Random(n);
                ChangePointDetector detector = new ChangePointDetector(Settings.defaults().withSignificance(significance));
                int marked = 0;
                for (int t = 0; t < 1000; t++) {
                    double[] x = new double[n];
                    for (int i = 0; i < n; i++) {
                        x[i] = 100 * Math.exp(0.05 * random.nextGaussian());
                    }
                    marked += detector.detect(x).isEmpty() ? 0 : 1;
                }
                out.append(String.format(Locale.ROOT, " n=%d %.1f%%", n, marked / 10.0));
                // 1,000 series: the level plus three binomial standard deviations.
                assertThat(marked / 1000.0).as(out.toString())
                        .isLessThanOrEqualTo(significance + 3 * Math.sqrt(significance * (1 - significance) / 1000));
            }
            out.append('\n');
        }
        System.out.print(out);
    }

    @Test
    void theSmallestSeriesThatShowsEachShift() {
        Map<String, double[]> table = new LinkedHashMap<>();
        for (double significance : new double[] {0.01, 0.05}) {
            for (Shift s : SHIFTS) {
                double[] rates = new double[LENGTHS.length];
                for (int i = 0; i < LENGTHS.length; i++) {
                    rates[i] = found(s, LENGTHS[i], significance, 1000L * i + (long) (significance * 100));
                }
                table.put(s.name() + " @ " + significance, rates);
            }
        }
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-62s", "shift @ significance (runs: half before, half after)"));
        for (int n : LENGTHS) {
            out.append(String.format(Locale.ROOT, "%7s", n));
        }
        out.append("   smallest n found in >= 80%\n");
        table.forEach((name, rates) -> {
            out.append(String.format(Locale.ROOT, "%-62s", name));
            int smallest = -1;
            for (int i = 0; i < rates.length; i++) {
                out.append(String.format(Locale.ROOT, "%6.0f%%", rates[i] * 100));
                if (smallest < 0 && rates[i] >= 0.8) {
                    smallest = LENGTHS[i];
                }
            }
            out.append(smallest < 0 ? "   more than " + LENGTHS[LENGTHS.length - 1] : "   " + smallest).append('\n');
        });
        System.out.print(out);
        double[] step = table.get(SHIFTS.get(0).name() + " @ 0.01");
        // The measured 3x step: 8 runs (4 + 4) find it at the default 0.01, nearly always.
        assertThat(step[2]).isGreaterThanOrEqualTo(0.95);
        assertThat(step[0]).isLessThan(step[2]);
        double[] tenPercent = table.get(SHIFTS.get(2).name() + " @ 0.01");
        // A 10% shift in 5% noise needs longer series than the 3x step; more runs find it more often.
        assertThat(tenPercent[2]).isLessThan(step[2]);
        assertThat(tenPercent[LENGTHS.length - 1]).isGreaterThan(tenPercent[1]);
    }
}
