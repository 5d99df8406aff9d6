package io.kbench.study;

import io.kbench.statistics.Effect;
import java.util.Locale;

/** An effect in a finding's words: as a ratio with its interval, as claims about ratios are stated. */
final class EffectText {
    private EffectText() {
    }

    /** {@code 0.62x [0.55x, 0.70x] (95%, 3 and 3 runs)}. */
    static String ratio(Effect e) {
        if (!e.hasInterval()) {
            return String.format(Locale.ROOT, "%.2fx (%d and %d runs: no interval)", e.ratio(), e.runsB(), e.runsA());
        }
        return String.format(Locale.ROOT, "%.2fx [%.2fx, %.2fx] (%s%%, %d and %d runs)", e.ratio(), e.low(), e.high(),
                e.confidencePercent(), e.runsB(), e.runsA());
    }

    /** Why a direction claim with no size is contradicted: {@code the same: equivalent within ±5.0% (...): ...}. */
    static String negligible(Effect same) {
        return "the same: " + same.text() + ", no effect as large as the margin in the claimed direction";
    }

    /** Why a ratio claim stays open: the interval spans 1 (and what it could have detected) or the claimed bound. */
    static String undecided(Effect e) {
        return e.outcome() == Effect.Outcome.UNDECIDED
                ? String.format(Locale.ROOT, "the interval spans 1: these repetitions could detect %.0f%% or more",
                        e.detectable() * 100)
                : "the interval reaches across the claimed bound";
    }
}
