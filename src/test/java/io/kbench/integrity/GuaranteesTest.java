package io.kbench.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.IntegritySettings;
import io.kbench.result.run.IntegrityVerdict;
import org.junit.jupiter.api.Test;

class GuaranteesTest {
    private static final IntegrityVerdict EXPECTED = IntegrityVerdict.EXPECTED;
    private static final IntegrityVerdict VIOLATION = IntegrityVerdict.VIOLATION;

    private static Guarantees g(String acks, boolean idempotence, int inFlight, int minIsr, int rf, boolean unclean) {
        return new Guarantees(new IntegritySettings(acks, idempotence, inFlight, minIsr, rf, unclean));
    }

    @Test
    void lossIsAViolationOnlyWithAcksAllTwoInSyncCopiesAndNoUncleanElection() {
        assertThat(g("all", true, 5, 2, 3, false).lost().verdict()).isEqualTo(VIOLATION);
        assertThat(g("-1", true, 5, 2, 3, false).lost().verdict()).isEqualTo(VIOLATION);
        assertThat(g("all", true, 5, 3, 5, false).lost().verdict()).isEqualTo(VIOLATION);
        assertThat(g("1", true, 5, 2, 3, false).lost().reason()).startsWith("acks=1");
        assertThat(g("0", false, 5, 2, 3, false).lost().verdict()).isEqualTo(EXPECTED);
        assertThat(g("all", true, 5, 2, 3, true).lost().reason()).startsWith("unclean.leader.election.enable=true");
        assertThat(g("all", true, 5, 1, 3, false).lost().verdict()).isEqualTo(EXPECTED);
        assertThat(g("all", true, 5, 1, 1, false).lost().reason()).contains("min.insync.replicas=1");
    }

    @Test
    void duplicatesAreExpectedOnlyWithoutIdempotence() {
        assertThat(g("all", true, 5, 2, 3, false).duplicated().verdict()).isEqualTo(VIOLATION);
        assertThat(g("all", false, 5, 2, 3, false).duplicated().verdict()).isEqualTo(EXPECTED);
    }

    @Test
    void reorderingIsExpectedOnlyWithoutIdempotenceAndWithSeveralRequestsInFlight() {
        assertThat(g("1", false, 5, 1, 1, false).reordered().verdict()).isEqualTo(EXPECTED);
        assertThat(g("1", false, 1, 1, 1, false).reordered().verdict()).isEqualTo(VIOLATION);
        assertThat(g("all", true, 5, 1, 1, false).reordered().verdict()).isEqualTo(VIOLATION);
    }

    @Test
    void unexpectedRecordsAreAlwaysAViolation() {
        assertThat(g("0", false, 5, 1, 1, true).unexpected().verdict()).isEqualTo(VIOLATION);
    }
}
