package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
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
        JsonNode r = ItFixture.onlyResult(results);
        JsonNode backlog = r.get("backlog");
        assertThat(backlog).as(run.transcript()).isNotNull();
        assertThat(backlog.get("condition").asText()).isEqualTo("size 8MiB");
        assertThat(backlog.get("resumedBy").asText()).as(run.transcript()).isEqualTo("condition");
        assertThat(backlog.get("backlogMiB").asDouble()).as(run.transcript()).isGreaterThanOrEqualTo(8.0);
        // 8 MiB of 1,024-byte values (the stamp is inside the value): at least 8,192 records.
        assertThat(backlog.get("backlogRecords").asLong()).isGreaterThanOrEqualTo(8192);
        assertThat(backlog.has("drainSec")).as(run.transcript()).isTrue();
        double drainSec = backlog.get("drainSec").asDouble();
        assertThat(drainSec).as(run.transcript()).isPositive().isLessThan(10);

        List<String> names = new ArrayList<>();
        backlog.get("phases").forEach(p -> names.add(p.get("name").asText()));
        assertThat(names).as(run.transcript()).containsExactly("before", "building", "catch-up", "after");
        JsonNode before = backlog.at("/phases/0");
        JsonNode building = backlog.at("/phases/1");
        JsonNode catchUp = backlog.at("/phases/2");
        assertThat(before.get("startSec").asDouble()).isZero();
        assertThat(building.get("startSec").asDouble()).as(run.transcript()).isBetween(3.0, 4.0);
        assertThat(catchUp.get("endSec").asDouble() - catchUp.get("startSec").asDouble())
                .isCloseTo(drainSec, Offset.offset(0.001));
        double beforeRate = before.get("consumedRecordsPerSec").asDouble();
        assertThat(beforeRate).as(run.transcript()).isPositive();
        assertThat(building.get("consumedRecordsPerSec").asDouble()).as("a paused consumer reads next to nothing")
                .isLessThan(beforeRate * 0.1);
        assertThat(backlog.get("catchUpRecordsPerSec").asDouble()).as("draining needs more than the production rate")
                .isEqualTo(catchUp.get("consumedRecordsPerSec").asDouble()).isGreaterThan(beforeRate);
        for (int i = 0; i < 3; i++) {
            JsonNode publish = backlog.at("/phases/" + i + "/publish");
            assertThat(publish.get("count").asLong()).as(names.get(i) + ": " + run.transcript()).isPositive();
            assertThat(publish.get("p99").asLong()).isGreaterThanOrEqualTo(publish.get("p50").asLong());
        }
        // Every record was still read, and the terminal shows the figures after the summary.
        assertThat(r.at("/summary/consumed/records").asLong()).isEqualTo(r.at("/summary/produced/records").asLong());
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
        JsonNode backlog = ItFixture.onlyResult(results).get("backlog");
        assertThat(backlog).as(run.transcript()).isNotNull();
        assertThat(backlog.get("condition").asText()).isEqualTo("age 2s");
        assertThat(backlog.get("resumedBy").asText()).as("the age, not the producers' end: " + run.transcript())
                .isEqualTo("condition");
        JsonNode building = backlog.at("/phases/1");
        assertThat(building.get("name").asText()).isEqualTo("building");
        double paused = building.get("endSec").asDouble() - building.get("startSec").asDouble();
        // The pause thread checks every 10 ms; a busy machine may add some scheduling delay, never take any away.
        assertThat(paused).as(run.transcript()).isBetween(2.0, 3.0);
        assertThat(backlog.get("backlogRecords").asLong()).as("about 2 s of production waited: " + run.transcript())
                .isGreaterThan(1000);
        assertThat(backlog.has("drainSec")).as(run.transcript()).isTrue();
        assertThat(run.stdout()).contains("waiting at the resume (age 2s), drained in");
    }
}
