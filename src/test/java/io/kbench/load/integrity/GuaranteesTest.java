package io.kbench.load.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.IntegritySettings;
import io.kbench.result.run.IntegrityVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class GuaranteesTest {
    private static final IntegrityVerdict EXPECTED = IntegrityVerdict.EXPECTED;
    private static final IntegrityVerdict VIOLATION = IntegrityVerdict.VIOLATION;

    private static Guarantees g(String acks, boolean idempotence, int inFlight, int minIsr, int rf, boolean unclean) {
        return new Guarantees(new IntegritySettings(acks, idempotence, inFlight, minIsr, rf, unclean));
    }

    private static final List<String> NOTHING_FAILED = List.of();
    private static final List<String> KILL = List.of("kill leader at 4s");

    @Test
    void lossIsAViolationOnlyWithAcksAllTwoInSyncCopiesAndNoUncleanElection() {
        assertThat(g("all", true, 5, 2, 3, false).lost(KILL).verdict()).isEqualTo(VIOLATION);
        assertThat(g("-1", true, 5, 2, 3, false).lost(KILL).verdict()).isEqualTo(VIOLATION);
        assertThat(g("all", true, 5, 3, 5, false).lost(KILL).verdict()).isEqualTo(VIOLATION);
        assertThat(g("1", true, 5, 2, 3, false).lost(KILL).reason()).startsWith("acks=1");
        assertThat(g("0", false, 5, 2, 3, false).lost(KILL).verdict()).isEqualTo(EXPECTED);
        assertThat(g("all", true, 5, 2, 3, true).lost(KILL).reason()).startsWith("unclean.leader.election.enable=true");
        assertThat(g("all", true, 5, 1, 3, false).lost(KILL).verdict()).isEqualTo(EXPECTED);
        assertThat(g("all", true, 5, 1, 1, false).lost(KILL).reason()).contains("min.insync.replicas=1");
    }

    @Test
    void looseSettingsExplainALossOnlyWhenAFailureHappenedAndSayWhich() {
        Guarantees acks1 = g("1", true, 5, 2, 3, false);
        assertThat(acks1.lost(KILL).verdict()).isEqualTo(EXPECTED);
        assertThat(acks1.lost(KILL).reason()).endsWith("during the run: kill leader at 4s");
        assertThat(acks1.lost(NOTHING_FAILED).verdict()).isEqualTo(VIOLATION);
        assertThat(acks1.lost(NOTHING_FAILED).reason()).startsWith("acks=1").contains("none happened during the run");
        Guarantees rf1 = g("all", true, 5, 1, 1, false);
        assertThat(rf1.lost(NOTHING_FAILED).verdict()).isEqualTo(VIOLATION);
        assertThat(rf1.lost(List.of("leader of partition 0 changed (epoch 0 -> 1)")).verdict()).isEqualTo(EXPECTED);
        // acks=0 promises nothing, failure or not.
        assertThat(g("0", false, 5, 2, 3, false).lost(NOTHING_FAILED).verdict()).isEqualTo(EXPECTED);
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
