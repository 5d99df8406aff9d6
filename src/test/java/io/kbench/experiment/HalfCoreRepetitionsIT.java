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
 * Issue 37's first "done when", its second half, on real brokers with {@code repeat: auto}: the quick-start workload
 * with its broker held to half a core (recompressing with gzip, so that its CPU is the limit) is reported lower with
 * an interval that excludes 1, within its sweep file's budget. Its own class (the labels half is RepetitionsIT), since
 * it is the longest timing test: every change of point restarts the cluster, so the two sweeps in one class ran one
 * after the other in one timing fork. Tagged timing because the verdict depends on what the machine delivers, and
 * whole-machine because its precondition is the machine itself (the free broker keeping up with 20,000 gzip-recompressed
 * records/s): beside the timing phase it was not testable in CI (225 s spent, then skipped, 2026-11-29), so it runs in
 * the solo phase with HistoryIT.
 */
@EmbeddedKafka
@Tag("timing")
@Tag("whole-machine")
class HalfCoreRepetitionsIT {
    /** Offered records/s: more than half a core recompresses, less than the free broker does. */
    private static final int RATE = 20_000;
    /** The share of {@link #RATE} each free run must have made for an undecided sweep to count. */
    private static final double KEPT_RATE = 0.9;

    @TempDir
    Path results;

    @Test
    void aBrokerHeldToHalfACoreIsLowerWithAnIntervalThatExcludesOne() throws IOException {
        // The quick start's broker stores 1 KiB records at 50,000/s even on half a core (measured: 25,000 to 49,500
        // records/s, undecided after 20 runs); recompressing every batch with gzip (topic compression.type) makes the
        // broker's CPU the limit, so the quota binds. A broker started for the point's settings is cold: 3 s warm-up.
        AutoSweeps.Finished finished = AutoSweeps.sweep(results, "it-half-core.yaml", Integer.toString(RATE), "--set",
                "topic.configs.compression.type=gzip", "--set", "producers.warmupDuration=3s");
        SweepResult sweep = finished.result();
        // The precondition, measured: every run of the free broker kept (most of) the offered rate, so half a core had a step to
        // make. On a machine too busy for that (load average 39 with seven other builds, 2026-11-29: the free broker
        // made 3,110-11,007 of the 20,000 records/s, the half-core one 2,824-6,192, 0.70x [0.37x, 1.30x] after 12
        // runs) there is none to show.
        AutoSweeps.assumeUndecidedOnlyWhereAPointFellShort(finished, RATE, KEPT_RATE, "description=free");
        FindingVerdict finding = sweep.findings().get(0);
        assertThat(finding.outcome()).as(finding.toString()).isEqualTo(FindingOutcome.HELD);
        assertThat(finding.groups().get(0).high()).as("the interval's upper end").isLessThan(1);
        // A budget of 12 runs, as the labels' (it was 20): every look of a smaller budget comes later in its spending
        // (t = runs / budget), so it decides at a lower confidence; sweeps decided in 10 of 20 runs (the quiet machine
        // and a loaded one, 2026-11-29) decide in no more runs of 12, and a sweep that cannot decide stops at 12.
        AutoSweeps.decidedWithinTheBudget(finished, 12);
    }
}
