package io.kbench.compare;

import io.kbench.kpi.Kpi;
import io.kbench.result.Spread;
import io.kbench.result.run.ShortWindow;
import io.kbench.statistics.NoiseRule;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Every KPI of several run sets against the first (the baseline), each difference judged by the one {@link NoiseRule}
 * that {@code compare --baseline} uses too.
 *
 * @param sides the run sets, baseline first
 * @param rows  one per KPI, in {@link Kpi#ALL} order
 * @param telemetryRows one per {@link TelemetryKpi} that some side measured, in its order; empty without telemetry
 * @param rule  how each change was judged
 */
public record Comparison(List<RunSet> sides, List<Row> rows, List<TelemetryRow> telemetryRows, NoiseRule rule) {
    public static final String SIGNIFICANT = "significant";
    public static final String WITHIN_NOISE = "within noise";
    public static final String NO_REPETITIONS = "no repetitions";
    public static final String TOO_FEW_RUNS = "too few runs";
    public static final String SHORT_WINDOW = "short window";
    public static final String NOT_MEASURED = "not measured";

    /**
     * One KPI across the sides.
     *
     * @param kpi     the figure
     * @param values  one per side, empty where that side did not measure it
     * @param changes one per side after the baseline
     */
    public record Row(Kpi kpi, List<Optional<Spread>> values, List<Change> changes) {
    }

    /** One telemetry figure across the sides, as {@link Row}. */
    public record TelemetryRow(TelemetryKpi kpi, List<Optional<Spread>> values, List<Change> changes) {
    }

    /**
     * A side against the baseline; ratio and percent are null when either side lacks the figure or the baseline is 0.
     * Only a {@link #judged()} change may be read as a finding; any other is shown with the reason it was not judged.
     *
     * @param ratio         side median / baseline median
     * @param percentChange (ratio - 1) x 100
     * @param noise         significant or within noise (judged by {@link NoiseRule}); otherwise why it was not judged:
     *                      no repetitions, too few runs, short window, or not measured
     * @param pValue        two-sided Mann-Whitney U of the side's runs against the baseline's; null when not tested
     * @param runs          "n vs m": the baseline's runs against the side's
     * @param smallestP     the smallest p-value runs this many can reach (above the level: too few runs); null when
     *                      not measured
     */
    public record Change(Double ratio, Double percentChange, String noise, Double pValue, String runs, Double smallestP) {
        /** Whether the difference has a verdict (significant or within noise). */
        public boolean judged() {
            return SIGNIFICANT.equals(noise) || WITHIN_NOISE.equals(noise);
        }

        /**
         * The change in words: +13.5% when it was judged, else with the reason it was not, so a difference measured
         * once or over a short window never stands as a bare percentage: +35.5% (not judged: no repetitions).
         */
        public String percentText() {
            if (percentChange == null) {
                return "-";
            }
            String pct = String.format(Locale.ROOT, "%+.1f%%", percentChange);
            return judged() ? pct : pct + " (not judged: " + noise + ")";
        }

        /** The verdict with its p-value and run counts, e.g. "significant, p 0.029 (4 vs 4 runs)". */
        public String noiseText() {
            if (NOT_MEASURED.equals(noise)) {
                return noise;
            }
            String inRuns = "(" + runs + " runs)";
            if (judged()) {
                return noise + ", p " + String.format(Locale.ROOT, "%.3f", pValue) + " " + inRuns;
            }
            return switch (noise) {
                case SHORT_WINDOW -> "window under " + plain(ShortWindow.MIN_SECONDS) + " s " + inRuns;
                case TOO_FEW_RUNS -> "(" + runs + " runs: p >= " + String.format(Locale.ROOT, "%.3f", smallestP) + ")";
                default -> inRuns;
            };
        }
    }

    /** A, B, ... for the sides of a comparison, in the terminal, the JSON document and the HTML page alike. */
    /** What side {@code i} measured under that differs from A's (durability, offered load, cluster); empty for A. */
    public List<String> differences(int i) {
        return i == 0 ? List.of() : sides.get(i).conditions().differencesFrom(sides.get(0).conditions(), letter(0));
    }

    public static String letter(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : "S" + (i + 1);
    }

    /** median [min..max], or the single value of one run. */
    public static String spreadText(Spread s) {
        return s.count() == 1 ? Kpi.format(s.median())
                : Kpi.format(s.median()) + " [" + Kpi.format(s.min()) + ".." + Kpi.format(s.max()) + "]";
    }

    /** The sentence that says how changes were judged, shown under every comparison. */
    public static String ruleText(NoiseRule rule) {
        return String.format(Locale.ROOT, "noise: a change is 'significant' when Mann-Whitney U over the repetitions gives"
                + " p <= %s and the medians differ by >= %s%%; a change without repetitions, with too few for p to reach"
                + " %s, or over a window under %.0f s is not judged", plain(rule.significance()),
                plain(rule.minEffect() * 100), plain(rule.significance()), ShortWindow.MIN_SECONDS);
    }

    private static String plain(double v) {
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    /** Every KPI of each side against the first, judged by {@link NoiseRule#DEFAULT}. */
    public static Comparison of(List<RunSet> sides) {
        return of(sides, NoiseRule.DEFAULT);
    }

    public static Comparison of(List<RunSet> sides, NoiseRule rule) {
        if (sides.size() < 2) {
            throw new IllegalArgumentException("compare needs at least two sides");
        }
        List<Row> rows = new ArrayList<>();
        for (Kpi kpi : Kpi.ALL) {
            List<Optional<Spread>> values = sides.stream().map(s -> s.spread(kpi)).toList();
            rows.add(new Row(kpi, values, changes(sides, s -> s.values(kpi), rule)));
        }
        List<TelemetryRow> telemetryRows = new ArrayList<>();
        for (TelemetryKpi kpi : TelemetryKpi.values()) {
            List<Optional<Spread>> values = sides.stream().map(s -> s.spread(kpi)).toList();
            if (values.stream().anyMatch(Optional::isPresent)) {
                telemetryRows.add(new TelemetryRow(kpi, values, changes(sides, s -> s.values(kpi), rule)));
            }
        }
        return new Comparison(List.copyOf(sides), List.copyOf(rows), List.copyOf(telemetryRows), rule);
    }

    private static List<Change> changes(List<RunSet> sides, Function<RunSet, List<Double>> figure, NoiseRule rule) {
        List<Change> changes = new ArrayList<>();
        boolean baseShort = sides.get(0).shortWindow().isPresent();
        for (int i = 1; i < sides.size(); i++) {
            changes.add(change(figure.apply(sides.get(0)), figure.apply(sides.get(i)),
                    baseShort || sides.get(i).shortWindow().isPresent(), rule));
        }
        return changes;
    }

    /**
     * The change from {@code base} to {@code other}, judged by {@code rule}: a difference without repetitions, with
     * too few of them for the test to reach the level, or over a window too short to trust gets no verdict.
     */
    static Change change(List<Double> base, List<Double> other, boolean shortWindow, NoiseRule rule) {
        if (base.isEmpty() || other.isEmpty()) {
            return new Change(null, null, NOT_MEASURED, null, base.size() + " vs " + other.size(), null);
        }
        NoiseRule.Judgement j = rule.judge(array(base), array(other));
        Double ratio = j.baseMedian() == 0 ? null : j.otherMedian() / j.baseMedian();
        Double pct = ratio == null ? null : (ratio - 1) * 100;
        Double p = Double.isNaN(j.pValue()) ? null : j.pValue();
        String runs = base.size() + " vs " + other.size();
        String noise = switch (j.outcome()) {
            case NO_REPETITIONS -> NO_REPETITIONS;
            case TOO_FEW_RUNS -> TOO_FEW_RUNS;
            case CHANGED -> shortWindow ? SHORT_WINDOW : SIGNIFICANT;
            case NO_CHANGE -> shortWindow ? SHORT_WINDOW : WITHIN_NOISE;
        };
        return new Change(ratio, pct, noise, p, runs, j.smallestP());
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
