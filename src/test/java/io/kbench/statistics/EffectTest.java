package io.kbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EffectTest {
    private static Effect at(double confidence) {
        return new Effect(Effect.Outcome.HIGHER, 1.2, 1.1, 1.3, confidence, 0, Double.NaN, 3, 3);
    }

    @Test
    void aRoundConfidenceShowsNoDecimals() {
        assertThat(at(0.95).confidencePercent()).isEqualTo("95");
        assertThat(at(0.90).confidencePercent()).isEqualTo("90");
    }

    @Test
    void aSequentialLooksConfidenceIsNeverShownAsAHundred() {
        // Spent alpha leaves confidences like 0.9962 and 0.99996, which "%.0f" printed as "100%".
        assertThat(at(0.9962).confidencePercent()).isEqualTo("99.6");
        assertThat(at(0.99996).confidencePercent()).isEqualTo("99.996");
        assertThat(at(0.9951).confidencePercent()).isEqualTo("99.5");
        assertThat(at(0.9999999).confidencePercent()).isEqualTo("over 99.9999");
    }
}
