package io.kbench.compare;

import io.kbench.kpi.Kpi;
import io.kbench.result.Spread;
import io.kbench.result.run.ShortWindow;
import io.kbench.statistics.Effect;
import io.kbench.statistics.EffectRule;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Every KPI of several run sets against the first (the baseline), each difference decided by the one
 * {@link EffectRule} that {@code compare --baseline} uses too: an {@link Effect} with its interval.
 *
 * @param sides the run sets, baseline first
 * @param rows  one per KPI, in {@link Kpi#ALL} order
 * @param telemetryRows one per {@link TelemetryKpi} that some side measured, in its order; empty without telemetry
 * @param rule  how each change was decided
 */
public record Comparison(List<RunSet> sides, List<Row> rows, List<TelemetryRow> telemetryRows, EffectRule rule) {
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

    /** Whether a side's effect may be read, and if not, why. */
    public enum Standing {
        /** Decided by the rule: higher, lower, equivalent or undecided (with one run on a side: no spread to judge by). */
        JUDGED("judged"),
        /** A side's measured window is under {@link ShortWindow#MIN_SECONDS}: its figures are noise. */
        SHORT_WINDOW("short window"),
        /** A side's runs drifted over their window (result.json drift): an average of a trend is no level. */
        DRIFTING("drifting"),
        /** A side did not measure the figure. */
        NOT_MEASURED("not measured"),
        /** A value is zero: an effect is a ratio, and there is none to take. */
        NOT_POSITIVE("a value is 0");

        private final String words;

        Standing(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /**
     * A side against the baseline. Only a judged change may be read as a finding; any other is shown with the reason
     * it was not judged.
     *
     * @param effect   the side's figure against the baseline's (ratio of geometric means, interval, outcome); null
     *                 when either side lacks the figure or a value is 0
     * @param standing judged, or why not
     * @param runs     "n vs m": the baseline's runs against the side's
     */
    public record Change(Effect effect, Standing standing, String runs) {
        public Change {
            java.util.Objects.requireNonNull(standing, "standing");
            if (effect == null && (standing == Standing.JUDGED || standing == Standing.SHORT_WINDOW
                    || standing == Standing.DRIFTING)) {
                throw new IllegalArgumentException("effect: a " + standing.words() + " change needs one (got null)");
            }
        }

        /** Whether the rule decided it (any outcome, undecided included). */
        public boolean judged() {
            return standing == Standing.JUDGED;
        }

        /** The decision in a word: higher, lower, equivalent, undecided, or not judged / not measured. */
        public String decision() {
            return switch (standing) {
                case JUDGED -> effect.outcome().name().toLowerCase(Locale.ROOT);
                case NOT_MEASURED -> "not measured";
                default -> "not judged";
            };
        }

        /**
         * The change in words. Judged: the effect's own text, "higher by 12.3% [+4.1%, +20.2%]", "equivalent within
         * ±5.0% (...)", "undecided: ...; these repetitions could detect 9.8% or more"; one run on a side keeps its
         * percentage before why it decides nothing. Not judged: the percentage with the reason, so a difference
         * over a short window never stands as a bare figure.
         */
        public String text() {
            return switch (standing) {
                case JUDGED -> effect.hasInterval() ? effect.text() : percent(effect.ratio()) + ", " + effect.text();
                case SHORT_WINDOW -> percent(effect.ratio()) + " (not judged: window under " + plain(ShortWindow.MIN_SECONDS)
                        + " s)";
                case DRIFTING -> percent(effect.ratio()) + " (not judged: a side drifted over its window)";
                case NOT_MEASURED -> "-";
                case NOT_POSITIVE -> "not judged: " + standing.words();
            };
        }

        private static String percent(double ratio) {
            return String.format(Locale.ROOT, "%+.1f%%", (ratio - 1) * 100);
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

    /** The sentence that says how changes were decided, shown under every comparison. */
    public static String ruleText(EffectRule rule) {
        return "effect: " + effectRule(rule, "each side against A") + "; one run on a side has no spread to judge by,"
                + " and a window under " + plain(ShortWindow.MIN_SECONDS) + " s is not judged";
    }

    /** How {@code subject} is decided by {@code rule}: the words compare and the gate share. */
    static String effectRule(EffectRule rule, String subject) {
        String margin = rule.margin() > 0 ? String.format(Locale.ROOT, "'equivalent within ±%s%%' when the %s%% interval"
                + " lies inside the margin (two one-sided tests, Schuirmann 1987), ", plain(rule.margin() * 100),
                plain(Math.round((1 - 2 * (1 - rule.confidence())) * 1000) / 10.0)) : "";
        return String.format(Locale.ROOT, "%s as the ratio of geometric means over the repetitions with a %s%% Welch"
                + " interval on the logarithms; %s'higher'/'lower' when the interval lies wholly above or below no"
                + " change, else 'undecided' with the smallest effect the repetitions could detect (80%% power)",
                subject, plain(Math.round(rule.confidence() * 1000) / 10.0), margin);
    }

    static String plain(double v) {
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    /** Every KPI of each side against the first, decided by {@link EffectRule#DEFAULT}. */
    public static Comparison of(List<RunSet> sides) {
        return of(sides, EffectRule.DEFAULT);
    }

    public static Comparison of(List<RunSet> sides, EffectRule rule) {
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

    private static List<Change> changes(List<RunSet> sides, Function<RunSet, List<Double>> figure, EffectRule rule) {
        List<Change> changes = new ArrayList<>();
        for (int i = 1; i < sides.size(); i++) {
            Change c = change(figure.apply(sides.get(0)), figure.apply(sides.get(i)),
                    sides.get(0).shortWindow().isPresent() || sides.get(i).shortWindow().isPresent(), rule);
            boolean drifted = sides.get(0).driftingRuns() > 0 || sides.get(i).driftingRuns() > 0;
            changes.add(drifted && c.effect() != null ? new Change(c.effect(), Standing.DRIFTING, c.runs()) : c);
        }
        return changes;
    }

    /**
     * The change from {@code base} to {@code other}, decided by {@code rule}: a difference over a window too short to
     * trust keeps its effect but is not judged.
     */
    static Change change(List<Double> base, List<Double> other, boolean shortWindow, EffectRule rule) {
        String runs = base.size() + " vs " + other.size();
        if (base.isEmpty() || other.isEmpty()) {
            return new Change(null, Standing.NOT_MEASURED, runs);
        }
        if (base.stream().anyMatch(v -> !(v > 0)) || other.stream().anyMatch(v -> !(v > 0))) {
            return new Change(null, Standing.NOT_POSITIVE, runs);
        }
        Effect effect = rule.decide(array(base), array(other));
        return new Change(effect, shortWindow ? Standing.SHORT_WINDOW : Standing.JUDGED, runs);
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
