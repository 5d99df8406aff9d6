package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.BrokerCheck;
import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.sweep.SweepResult;
import io.kbench.testkit.ItFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench sweep} over the client of each side (issue 40): every point a real run with its drivers, so every point
 * has records/s, publish and end-to-end percentiles and each side's CPU per record, and a point whose producers ran in
 * a driver shows the driver's count is the brokers'. Needs Go (franz-go); without it the class is skipped.
 */
@EmbeddedKafka
class ClientsSweepIT {
    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;

    @TempDir
    Path results;

    @BeforeAll
    static void needsGo() {
        ItFixture.assumeGo();
    }

    @Test
    void everyPairOfClientsIsARealRunWithItsFiguresAndCpuPerRecord() throws Exception {
        CliRun run = CliRun.of("sweep", SweepIT.SWEEPS + "it-clients.yaml", "--bootstrap-server",
                cluster.bootstrapServers(), "--results-dir", results.toString(), "--no-telemetry");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Path dir = ItFixture.onlyRunDir(results);
        SweepResult sweep = ResultReader.read(dir.resolve("sweep.json"), SweepResult.class);
        assertThat(sweep.points()).hasSize(4);
        for (SweepResult.Point point : sweep.points()) {
            assertThat(point.completed()).as(point.name() + "\n" + run.transcript()).isEqualTo(1);
            SweepResult.Stats s = point.summary();
            assertThat(s.produced().recordsPerSec().median()).as(point.name()).isPositive();
            assertThat(s.consumed().recordsPerSec().median()).as(point.name()).isPositive();
            for (SweepResult.LatencySpread latency : List.of(s.publishLatencyMicros(), s.endToEndLatencyMicros())) {
                assertThat(latency.p50().median()).as(point.name()).isPositive();
                assertThat(latency.p99().median()).as(point.name()).isGreaterThanOrEqualTo(latency.p50().median());
                assertThat(latency.p999().median()).as(point.name()).isGreaterThanOrEqualTo(latency.p99().median());
            }
            assertThat(s.cpuMicrosPerRecord().producers().median()).as(point.name()).isPositive();
            assertThat(s.cpuMicrosPerRecord().consumers().median()).as(point.name()).isPositive();

            RunResult result = ResultReader.read(dir.resolve(point.repetitions().get(0)), RunResult.class);
            assertThat(result.status()).isEqualTo(RunStatus.COMPLETED);
            String producers = point.overrides().get("producers.client").asText();
            String consumers = point.overrides().get("consumers.client").asText();
            LoadCpu cpu = result.loadCpu();
            assertThat(cpu.producers().client()).isEqualTo(producers);
            assertThat(cpu.consumers().client()).isEqualTo(consumers);
            assertThat(cpu.producers().process()).isEqualTo(process(producers));
            assertThat(cpu.consumers().process()).isEqualTo(process(consumers));
            assertThat(cpu.producers().records()).isEqualTo(result.summary().produced().records());
            assertThat(cpu.consumers().records()).isEqualTo(result.summary().consumed().records());
            if (producers.equals("java")) {
                assertThat(result.clients() == null ? null : result.clients().producers()).isNull();
            } else {
                // The driver really sent what it counted: the broker's end offsets grew by as much.
                BrokerCheck check = result.clients().brokerCheck();
                assertThat(check.match()).as(point.name() + ": " + check).isTrue();
                assertThat(check.acknowledged()).isEqualTo(result.summary().produced().records()
                        + result.summary().produced().warmupRecords());
                assertThat(result.clients().producers().client()).isEqualTo(producers);
            }
            if (!consumers.equals("java")) {
                assertThat(result.clients().consumers().client()).isEqualTo(consumers);
            }
        }
        List<String> csv = Files.readAllLines(dir.resolve("sweep.csv"));
        assertThat(csv.get(0)).contains("publish_p999_ms", "e2e_p999_ms")
                .endsWith("producers_cpu_us_per_record,consumers_cpu_us_per_record");
        assertThat(run.stdout()).contains("prod CPU us/rec").contains("CPU per record: producers franz-go ");
        System.out.println("ClientsSweepIT:\n" + run.stdout().substring(run.stdout().lastIndexOf("sweep it-clients:")));
    }

    private static LoadCpu.Process process(String client) {
        return client.equals("java") ? LoadCpu.Process.KBENCH : LoadCpu.Process.DRIVER;
    }
}
