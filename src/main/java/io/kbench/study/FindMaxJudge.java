package io.kbench.study;

import io.kbench.result.Environment;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.statistics.Effect;
import io.kbench.statistics.EffectRule;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Judges a {@link FindMaxFinding} on two kept find-max results with {@link EffectRule}, on each result's searches'
 * answers (a result written before {@code --searches} has one). The effect is of / to, the ratio of the answers'
 * geometric means with Welch's interval on their logarithms. The claim's bound is tested as EffectRule tests 1:
 * {@code of} against {@code to} scaled by the bound, with no equivalence margin, so the verdict is decided only when
 * the interval of of / to lies wholly on one side of the bound: held on the claimed side, contradicted on the other,
 * inconclusive otherwise, with the smallest effect these searches could have detected.
 */
public final class FindMaxJudge {
    /** The shown effect's rule: 95% intervals, equivalence within ±5%. */
    private static final EffectRule SHOWN = EffectRule.DEFAULT;
    /** Against the bound: the same confidence, no margin (a claim's bound is a line, not a band). */
    private static final EffectRule AT_BOUND = EffectRule.DEFAULT.withMargin(0);

    private FindMaxJudge() {
    }

    /** The verdict of {@code f}; not measured when a result is missing. */
    public static Judged judge(FindMaxFinding f, KeptResults kept) {
        if (!kept.has(f.of()) || !kept.has(f.to())) {
            return Judged.notMeasured("no kept result " + (kept.has(f.of()) ? f.to() : f.of()));
        }
        FindMaxResult of = kept.get(f.of(), FindMaxResult.class);
        FindMaxResult to = kept.get(f.to(), FindMaxResult.class);
        return judge(f, of, to);
    }

    /** The verdict of {@code f} on the two results. */
    static Judged judge(FindMaxFinding f, FindMaxResult of, FindMaxResult to) {
        String ofHost = host(of.environment());
        String toHost = host(to.environment());
        if (ofHost != null && toHost != null && !ofHost.equals(toHost)) {
            // Two answers from different machines compare the machines as much as the setting.
            return Judged.notMeasured(String.format(Locale.ROOT, "%s and %s were measured on different machines (%s; %s): "
                    + "re-run both on one (bench/studies.sh %s %s)", f.of(), f.to(), ofHost, toHost, f.of(), f.to()));
        }
        double[] a = array(to.answers());
        double[] b = array(of.answers());
        if (a.length == 0 || b.length == 0) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, "no search of " + (b.length == 0 ? f.of() : f.to())
                    + " found a sustainable rate (" + (b.length == 0 ? of : to).findMax().outcome() + ")", f.rule());
        }
        double bound = f.above() != null ? f.above() : f.below();
        double[] scaled = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            scaled[i] = a[i] * bound;
        }
        Effect atBound = AT_BOUND.decide(scaled, b);
        Effect.Outcome claimed = f.above() != null ? Effect.Outcome.HIGHER : Effect.Outcome.LOWER;
        ClaimVerdict v = !atBound.decided() ? ClaimVerdict.INCONCLUSIVE
                : atBound.outcome() == claimed ? ClaimVerdict.HELD : ClaimVerdict.CONTRADICTED;
        Effect effect = SHOWN.decide(a, b);
        String claim = f.above() != null ? "> " + f.above() : "< " + f.below();
        String why = switch (v) {
            case HELD, CONTRADICTED -> "the interval lies wholly " + (atBound.outcome() == Effect.Outcome.HIGHER ? "above " : "below ")
                    + bound;
            default -> atBound.hasInterval()
                    ? String.format(Locale.ROOT, "the interval reaches across %s; these searches could detect a difference"
                            + " from it of %s or more", bound, percent(atBound.detectable()))
                    : "one search on a side has no spread to judge by (run find-max --searches 3 or more on each)";
        };
        // Without an interval the effect's own words would only repeat why: the ratio alone, then the reason.
        String shown = String.format(Locale.ROOT, "%s / %s = %.2fx%s; claimed %s: %s; %s %s, %s %s", f.of(), f.to(),
                effect.ratio(), effect.hasInterval() ? ", " + effect.text() : "", claim, why, f.of(), answers(of), f.to(),
                answers(to));
        return new Judged(v, shown, f.rule());
    }

    /**
     * The load host as a result records it: its CPU model, cores and flags (two hosts of one model name may differ in
     * VAES or AVX-512, as the AMD EPYC hosts behind the kept results did); null when the result records none.
     */
    private static String host(Environment e) {
        if (e == null || e.cpuModel() == null) {
            return null;
        }
        String flags = e.cpuFlags() == null ? "" : " (" + String.join(" ", e.cpuFlags()) + ")";
        return e.cpuModel() + flags + ", " + e.cores() + " cores";
    }

    private static double[] array(List<Double> answers) {
        return answers.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static String answers(FindMaxResult r) {
        List<Double> a = r.answers();
        return a.stream().map(x -> String.format(Locale.ROOT, "%,.0f", x)).collect(Collectors.joining(", ", "", " records/s"))
                + " (" + a.size() + (a.size() == 1 ? " search)" : " searches)");
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
