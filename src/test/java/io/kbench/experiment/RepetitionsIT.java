package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37's first "done when", on a real broker with {@code repeat: auto}: the quick-start workload under two labels
 * is reported equivalent within ±5% within its sweep file's budget (the half-core half is HalfCoreRepetitionsIT).
 * Short runs (2 s of warm-up, 4 s measured) keep it to about a minute; tagged timing because the verdict depends on
 * what the machine delivers.
 */
@EmbeddedKafka
@Tag("timing")
class RepetitionsIT {
    @TempDir
    Path results;

    @Test
    void identicalSettingsUnderTwoLabelsAreEquivalentWithinFivePercent() throws IOException {
        AutoSweeps.Finished finished = AutoSweeps.sweep(results, "it-labels.yaml", "5000", "--set",
                "producers.warmupDuration=2s");
        SweepResult sweep = finished.result();
        // The precondition, measured: both points kept (most of) their fixed rate. On a machine too busy for that (load
        // average 43 with seven other builds, 2026-11-29: one point made 1,302-4,998 records/s of the 5,000, +18.9%
        // [-44.4%, +154.1%] after 12 runs) the runs measure the machine, not the labels.
        AutoSweeps.assumeUndecidedOnlyWhereAPointFellShort(finished, 5000, 0.9, "description=a", "description=b");
        FindingVerdict finding = sweep.findings().get(0);
        assertThat(finding.outcome()).as(finding.toString()).isEqualTo(FindingOutcome.HELD);
        assertThat(finding.groups().get(0).shown()).contains("equivalent within ±5.0%");
        // Equivalence is decided by TOST (Schuirmann 1987) on a 1 - 2 alpha interval; the group's interval is not
        // always that one, and its ends may lie just outside ±5% with the verdict "equivalent" (CI, 2026-11-29: low
        // 0.948). They still lie well inside a doubled margin.
        assertThat(finding.groups().get(0).low()).isGreaterThan(0.90);
        assertThat(finding.groups().get(0).high()).isLessThan(1.10);
        AutoSweeps.decidedWithinTheBudget(finished, 12);
    }
}
