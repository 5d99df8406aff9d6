package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.result.run.Anomaly;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegritySettings;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.LoadBreakdown;
import io.kbench.result.run.PartitionLatency;
import io.kbench.result.run.RebalanceStats;
import io.kbench.result.run.RunSections;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The optional sections of a run's outcome: each derivation keeps the sections it does not set. */
class RunOutcomeTest {
    private static final Summary SUMMARY = new Summary("intendedSendTime", null, null, null, null, null, null);
    private static final Anomaly NONE = new Anomaly(0, IntegrityVerdict.OK, null, List.of());
    private static final Integrity CLEAN = new Integrity(IntegrityVerdict.OK,
            new IntegritySettings("all", true, 5, 2, 3, false), 100, 100, 0, 0, 100, 100, 0, 0, NONE, NONE, NONE, NONE,
            null, null);

    @Test
    void aCoreOutcomeHasNoSections() {
        RunOutcome outcome = RunOutcome.of(RunStatus.COMPLETED, null, SUMMARY, List.of());
        assertThat(outcome.sections()).isEqualTo(RunSections.none());
    }

    @Test
    void addingGroupsAndIntegrityKeepsTheBreakdown() {
        LoadBreakdown breakdown = new LoadBreakdown(PartitionLatency.PUBLISH, List.of(), List.of());
        RebalanceStats rebalances = new RebalanceStats("consumer", null, List.of());
        RunOutcome outcome = new RunOutcome(RunStatus.COMPLETED, null, SUMMARY, List.of(),
                RunSections.builder().breakdown(breakdown).build())
                .withGroups(null, rebalances)
                .withIntegrity(CLEAN)
                .withWarmup(null);
        assertThat(outcome.sections().breakdown()).isSameAs(breakdown);
        assertThat(outcome.sections().rebalances()).isSameAs(rebalances);
        assertThat(outcome.sections().integrity()).isSameAs(CLEAN);
        assertThat(outcome.sections().telemetry()).as("the caller's sections stay absent").isNull();
        assertThat(outcome.status()).as("a complete read-back leaves the status").isEqualTo(RunStatus.COMPLETED);
        assertThat(outcome.summary()).isSameAs(SUMMARY);
    }

    @Test
    void aStalledReadBackFailsACompletedRunAndKeepsTheFindings() {
        Integrity stalled = new Integrity(IntegrityVerdict.OK, CLEAN.settings(), 100, 100, 0, 0, 60, 60, 0, 0, NONE,
                NONE, NONE, NONE, 40L, null);
        RunOutcome outcome = RunOutcome.of(RunStatus.COMPLETED, null, SUMMARY, List.of()).withIntegrity(stalled);
        assertThat(stalled.incomplete()).as("the fixture is a stalled read-back").isTrue();
        assertThat(outcome.status()).isEqualTo(RunStatus.FAILED);
        assertThat(outcome.failure()).contains("could not be read back");
        assertThat(outcome.sections().integrity()).isSameAs(stalled);
    }

    @Test
    void theCoreIsRequired() {
        assertThatThrownBy(() -> RunOutcome.of(null, null, SUMMARY, List.of())).hasMessageContaining("status");
        assertThatThrownBy(() -> RunOutcome.of(RunStatus.COMPLETED, null, null, List.of())).hasMessageContaining("summary");
    }
}
