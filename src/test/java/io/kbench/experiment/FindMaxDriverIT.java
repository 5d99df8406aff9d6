package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.catalog.Catalog;
import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.CatalogQuery;
import io.kbench.catalog.CatalogUrl;
import io.kbench.catalog.EntryKind;
import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.Clients;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.testkit.ItFixture;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench find-max} with franz-go producers and consumers (issue 40): every probe is a real run of the drivers,
 * judged on the figures they report, and the search ends with a rate. Needs Go (franz-go); without it the class is
 * skipped, as ClientsSweepIT is.
 */
// Timing-sensitive as FindMaxIT: each probe is judged on whether it kept up, so it runs with the timing ITs only.
@Tag("timing")
@EmbeddedKafka
class FindMaxDriverIT {
    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;

    @TempDir
    Path results;

    @BeforeAll
    static void needsGo() {
        ItFixture.assumeGo();
    }

    @Test
    void everyProbeRunsTheDriversAndTheSearchEndsWithARate() throws Exception {
        // Low rates a loaded 2-core machine keeps up with: 100, 200, 400, 800 records/s, every one expected to pass,
        // so four probes end the search with a lower bound (or an answer, should the last ones fall behind).
        CliRun run = CliRun.of("find-max", Path.of("src/test/resources/workloads/it-find-max.yaml").toString(),
                "--set", "producers.client=franz-go", "--set", "consumers.client=franz-go",
                "--set", "consumers.mode=live", "--set", "producers.recordSize=100",
                "--start-rate", "100", "--precision", "50%", "--max-probes", "4",
                "--probe-duration", "3s", "--probe-warmup", "1s", "--cluster-warmup", "0s", "--no-telemetry",
                "--bootstrap-server", cluster.bootstrapServers(), "--results-dir", results.toString());
        System.out.println(run.stdout());
        assertThat(run.exitCode()).as(run.transcript()).isZero();

        Path dir = ItFixture.onlyRunDir(results);
        FindMaxResult result = ResultReader.read(dir.resolve("result.json"), FindMaxResult.class);
        assertThat(result.findMax().outcome().hasRate()).as(run.transcript()).isTrue();
        assertThat(result.findMax().maxRecordsPerSec()).as(run.transcript()).isGreaterThanOrEqualTo(100);
        // The search records the drivers it ran (the first probe's), which the catalog names as its client.
        assertThat(result.clients().producers().client()).isEqualTo("franz-go");
        assertThat(result.clients().consumers().client()).isEqualTo("franz-go");
        assertThat(result.probes()).as(run.transcript()).isNotEmpty().hasSizeLessThanOrEqualTo(4);
        for (ProbeOutcome probe : result.probes()) {
            RunResult probeRun = ResultReader.read(dir.resolve(probe.resultDir()).resolve("result.json"), RunResult.class);
            assertThat(probeRun.status()).as(probe.resultDir()).isEqualTo(RunStatus.COMPLETED);
            Clients clients = probeRun.clients();
            assertThat(clients).as(probe.resultDir() + " ran its drivers").isNotNull();
            assertThat(clients.producers().client()).isEqualTo("franz-go");
            assertThat(clients.consumers().client()).isEqualTo("franz-go");
            // Judged on what the drivers reported: their records and their latencies.
            assertThat(probe.producedRecordsPerSec()).as(probe.resultDir()).isPositive();
            assertThat(probe.publishP99Micros()).as(probe.resultDir()).isNotNull();
            assertThat(probe.endToEndP99Micros()).as(probe.resultDir()).isNotNull();
            assertThat(probeRun.summary().consumed().records()).as(probe.resultDir())
                    .isEqualTo(probeRun.summary().produced().records());
        }
        assertThat(run.stdout()).contains("find-max: probe 1 at 100 records/s").contains("drivers: producers franz-go");
        // The catalog (RESULTS_DIR/catalog.sqlite by default) records the client that ran, for the answer and for
        // every probe, so history never puts them beside Java runs.
        try (Catalog catalog = Catalog.open(CatalogUrl.parse(results.resolve(CatalogUrl.DEFAULT_FILE).toString()))) {
            List<CatalogEntry> entries = catalog.find(new CatalogQuery(null, null, null, null, null, null, null, 0));
            assertThat(entries).extracting(CatalogEntry::kind).contains(EntryKind.FIND_MAX, EntryKind.RUN);
            assertThat(entries).extracting(e -> e.environment().kafkaClientVersion())
                    .containsOnly("franz-go " + result.clients().producers().clientVersion());
        }
    }
}
