package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.StageResult;
import io.kbench.testkit.ItFixture;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rate stages on a real broker (producers.stages, docs/workloads.md#rate-stages): two producers send 500 records/s
 * for 2 s, 2,000 for 2 s and a ramp from 2,000 down to 500 over 2 s after a 1 s warm-up. Every stage's own records are
 * acknowledged and consumed, exactly as many as its schedule offers (a record is counted in the stage its intended
 * send time falls in), and the stages sit one after the other on the run's time axis. Achieved rates are checked
 * loosely (a busy machine): the exact rates are the bench's (bench/stages.sh).
 */
@EmbeddedKafka
class StagesIT {
    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;
    @TempDir
    Path dir;

    @Test
    void eachStageOffersItsRecordsAndReportsItsOwnFigures() throws Exception {
        Path results = dir.resolve("stages");
        CliRun run = CliRun.of("run", ItFixture.workload("it-stages.yaml"), "--bootstrap-server",
                cluster.bootstrapServers(), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).contains("# producers: 2, stages 500 records/s for 2s, then 2,000 records/s for 2s,"
                + " then 2,000 -> 500 records/s over 2s")
                .contains("stages (offered rate; achieved:")
                .contains("  stage 3  ");
        RunResult r = ItFixture.onlyRun(results);
        List<StageResult> stages = r.stages();
        assertThat(stages).as(run.transcript()).hasSize(3);
        assertThat(stages).extracting(StageResult::offeredRecordsPerSec).containsExactly(500.0, 2000.0, 1250.0);
        long[] offered = {1000, 4000, 2500};
        for (int i = 0; i < 3; i++) {
            StageResult s = stages.get(i);
            assertThat(s.stage()).isEqualTo(i + 1);
            assertThat(s.endSec() - s.startSec()).isCloseTo(2.0, Offset.offset(1e-6));
            if (i > 0) {
                assertThat(s.startSec()).isEqualTo(stages.get(i - 1).endSec());
            }
            assertThat(s.failed()).isZero();
            // Each thread's share of a stage ends on a fraction of a record: within one record per thread.
            assertThat(s.publish().count()).as("stage %d's records acknowledged", i + 1)
                    .isBetween(offered[i] - 2, offered[i] + 2);
            assertThat(s.endToEnd().count()).as("stage %d's records consumed", i + 1).isEqualTo(s.publish().count());
            assertThat(s.achievedRatio()).as("stage %d achieved (loose: a busy machine)\n%s", i + 1, run.stdout())
                    .isBetween(0.5, 1.5);
        }
        assertThat(stages.get(0).startSec()).as("the stages begin after the 1 s warm-up").isGreaterThanOrEqualTo(1.0);
        assertThat(r.summary().produced().records()).isEqualTo(stages.stream().mapToLong(s -> s.publish().count()).sum());
        assertThat(r.drift()).as("no drift verdict: the rate moves by design").isNull();
        assertThat(r.schedule().offeredRecordsPerSec()).isCloseTo(7500 / 6.0, Offset.offset(1e-6));
    }
}
