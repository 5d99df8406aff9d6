package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one exit-code rule of run, sweep and find-max (docs/exit-codes.md). */
class ExitPolicyTest {
    @Test
    void anInterruptOutranksAFailureAFailureAViolationAViolationAShortfallAShortfallAFailedThreshold() {
        assertThat(new ExitPolicy(true, true, true, true, false).code()).isEqualTo(130);
        assertThat(new ExitPolicy(false, true, true, true, false).code()).isEqualTo(1);
        assertThat(new ExitPolicy(false, false, true, true, false).code()).isEqualTo(4);
        assertThat(new ExitPolicy(false, false, false, true, false).code()).isEqualTo(5);
        assertThat(new ExitPolicy(false, false, false, false, false).code()).isEqualTo(3);
        assertThat(new ExitPolicy(false, false, false, false, true).code()).isZero();
    }
}
