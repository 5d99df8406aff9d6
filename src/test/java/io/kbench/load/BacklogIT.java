package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.BacklogPhases;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backlog phase inside one live run on a real broker (consumers.pause, docs/backlog.md): producers write 4,000
 * records/s of 1 KiB for 10 s; 3 s into the measured window the consumer pauses until 8 MiB waits, then resumes and
 * drains it. Every figure is read from result.json. Rates are not judged against fixed numbers (a busy machine), only
 * against each other: a paused consumer reads next to nothing, and a drain needs a catch-up faster than production.
 */
@EmbeddedKafka
class BacklogIT {
    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;
    @TempDir
    Path dir;

    @Test
    void aBacklogBuildsWhileTheConsumerIsPausedAndDrainsWithItsFigures() throws Exception {
        Path results = dir.resolve("backlog");
        CliRun run = CliRun.of("run", ItFixture.workload("it-backlog-pause.yaml"), "--bootstrap-server",
                cluster.bootstrapServers(), "--min-rate-ratio", "0", "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult r = ItFixture.onlyRun(results);
        BacklogPhases backlog = r.backlog();
        assertThat(backlog).as(run.transcript()).isNotNull();
        assertThat(backlog.condition()).isEqualTo("size 8MiB");
        assertThat(backlog.resumedBy()).as(run.transcript()).isEqualTo(BacklogPhases.Resumed.CONDITION);
        assertThat(backlog.backlogMiB()).as(run.transcript()).isGreaterThanOrEqualTo(8.0);
        // 8 MiB of 1,024-byte values (the stamp is inside the value): at least 8,192 records.
        assertThat(backlog.backlogRecords()).isGreaterThanOrEqualTo(8192);
        assertThat(backlog.drainSec()).as(run.transcript()).isNotNull();
        double drainSec = backlog.drainSec();
        assertThat(drainSec).as(run.transcript()).isPositive().isLessThan(10);

        List<String> names = new ArrayList<>();
        backlog.phases().forEach(p -> names.add(p.name().label()));
        assertThat(names).as(run.transcript()).containsExactly("before", "building", "catch-up", "after");
        BacklogPhases.Phase before = backlog.phases().get(0);
        BacklogPhases.Phase building = backlog.phases().get(1);
        BacklogPhases.Phase catchUp = backlog.phases().get(2);
        assertThat(before.startSec()).isZero();
        assertThat(building.startSec()).as(run.transcript()).isBetween(3.0, 4.0);
        assertThat(catchUp.endSec() - catchUp.startSec())
                .isCloseTo(drainSec, Offset.offset(0.001));
        double beforeRate = before.consumedRecordsPerSec();
        assertThat(beforeRate).as(run.transcript()).isPositive();
        assertThat(building.consumedRecordsPerSec()).as("a paused consumer reads next to nothing")
                .isLessThan(beforeRate * 0.1);
        assertThat(backlog.catchUpRecordsPerSec()).as("draining needs more than the production rate")
                .isEqualTo(catchUp.consumedRecordsPerSec()).isGreaterThan(beforeRate);
        for (int i = 0; i < 3; i++) {
            LatencyStats publish = backlog.phases().get(i).publish();
            assertThat(publish.count()).as(names.get(i) + ": " + run.transcript()).isPositive();
            assertThat(publish.p99()).isGreaterThanOrEqualTo(publish.p50());
        }
        // Every record was still read, and the terminal shows the figures after the summary.
        assertThat(r.summary().consumed().records()).isEqualTo(r.summary().produced().records());
        assertThat(run.stdout()).contains("backlog: ").contains("waiting at the resume (size 8MiB), drained in")
                .contains("catch-up read");
    }

    @Test
    void aBacklogByAgeResumesWhenThePauseHasLastedThatLong() throws Exception {
        // 1,000 records/s of 256 B for 6 s; paused 1 s in for 2 s: some 2,000 records wait, then drain.
        Path results = dir.resolve("backlog-age");
        CliRun run = CliRun.of("run", ItFixture.workload("it-backlog-age.yaml"), "--bootstrap-server",
                cluster.bootstrapServers(), "--min-rate-ratio", "0", "--no-telemetry", "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        BacklogPhases backlog = ItFixture.onlyRun(results).backlog();
        assertThat(backlog).as(run.transcript()).isNotNull();
        assertThat(backlog.condition()).isEqualTo("age 2s");
        assertThat(backlog.resumedBy()).as("the age, not the producers' end: " + run.transcript())
                .isEqualTo(BacklogPhases.Resumed.CONDITION);
        BacklogPhases.Phase building = backlog.phases().get(1);
        assertThat(building.name()).isEqualTo(BacklogPhases.Name.BUILDING);
        double paused = building.endSec() - building.startSec();
        // The pause thread checks every 10 ms; a busy machine may add some scheduling delay, never take any away.
        assertThat(paused).as(run.transcript()).isBetween(2.0, 3.0);
        assertThat(backlog.backlogRecords()).as("about 2 s of production waited: " + run.transcript())
                .isGreaterThan(1000);
        assertThat(backlog.drainSec()).as(run.transcript()).isNotNull();
        assertThat(run.stdout()).contains("waiting at the resume (age 2s), drained in");
    }
}
