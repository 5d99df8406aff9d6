package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Summary;
import io.kbench.result.run.WorkerRun;
import io.kbench.result.run.WorkerStatus;
import io.kbench.testkit.ItFixture;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A distributed run whose workers run the franz-go driver (issue 40: a worker runs whichever driver its slice names):
 * two local workers, each with a producer driver and a consumer driver on the cluster's shared clock; the merged
 * result counts every worker's records, the end-to-end latencies of records read on one worker and sent on another
 * are latencies (a wrong clock offset is seconds off, or negative), and CPU per record adds the workers' drivers up.
 * Needs Go; without it the class is skipped.
 */
@Tag("timing")
@EmbeddedKafka(heap = "512m")
class DistributedDriversIT {
    @TempDir
    Path dir;

    @BeforeAll
    static void needsGo() {
        ItFixture.assumeGo();
    }

    @Test
    void workersRunTheDriverTheirSliceNamesAndTheMergeAddsThemUp(EmbeddedCluster cluster) throws Exception {
        Set<Long> before = ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
        Path results = dir.resolve("results");
        CliRun run = CliRun.of("run", ItFixture.workload("it-distributed.yaml"), "--local-workers", "2",
                "--set", "producers.client=franz-go", "--set", "consumers.client=franz-go", "--set", "producers.count=2",
                "--set", "consumers.count=2", "--set", "topic.name=it-distributed-drivers",
                "--bootstrap-server", cluster.bootstrapServers(), "--no-telemetry", "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet()))
                .as("every worker and driver process stopped: " + run.transcript()).isSubsetOf(before);

        RunResult r = ItFixture.onlyRun(results);
        Summary summary = r.summary();
        long produced = summary.produced().records();
        long sumOfWorkers = 0;
        for (WorkerRun w : r.distributed().workerRuns()) {
            assertThat(w.status()).as(run.transcript()).isEqualTo(WorkerStatus.COMPLETED);
            sumOfWorkers += w.summary().produced().records();
        }
        assertThat(r.distributed().workerRuns()).hasSize(2);
        assertThat(produced).as("records produced equal the sum of the workers' drivers'").isEqualTo(sumOfWorkers)
                .isPositive();
        assertThat(summary.consumed().records()).as("what the consumer drivers received").isEqualTo(produced);
        assertThat(summary.publishLatencyMicros().count()).as("merged histogram count").isEqualTo(produced);
        assertThat(summary.endToEndLatencyMicros().count()).isEqualTo(produced);
        // Same host, one clock: an offset handed to a driver wrongly would put end-to-end latencies seconds off.
        assertThat(summary.endToEndLatencyMicros().p50()).as(run.transcript()).isBetween(1L, 2_000_000L);
        assertThat(r.clients().producers().client()).isEqualTo("franz-go");
        assertThat(r.clients().consumers().client()).isEqualTo("franz-go");
        LoadCpu cpu = r.loadCpu();
        assertThat(cpu).as(run.transcript()).isNotNull();
        assertThat(cpu.producers().process()).isEqualTo(LoadCpu.Process.DRIVER);
        assertThat(cpu.producers().records()).as("CPU per record over every worker's measured records")
                .isEqualTo(summary.produced().records());
        assertThat(cpu.consumers().records()).isEqualTo(summary.consumed().records());
        assertThat(cpu.producers().cpuMicrosPerRecord()).isPositive();
        assertThat(run.stdout()).contains("CPU per record: producers franz-go ");
    }
}
