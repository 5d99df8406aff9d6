package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.sweep.SweepResult;
import io.kbench.testkit.ItFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign across two named clusters: two real `kbench cluster start` clusters stand for the external ones (one
 * broker and two). Each point runs on each, result.json and sweep.json say which, and `kbench cost` over the sweep
 * directory gives one row per cluster.
 */
@EmbeddedKafka
class CampaignIT {
    @TempDir
    Path small;

    @TempDir
    Path large;

    @TempDir
    Path results;

    @Test
    void everyPointRunsOnEachNamedClusterAndCostGivesARowPerCluster() throws Exception {
        CliRun one = ItFixture.startCluster(small, "--brokers", "1", "--broker-heap", "256m");
        CliRun two = ItFixture.startCluster(large, "--brokers", "2", "--broker-heap", "256m");
        try {
            Path sweepFile = results.resolve("campaign.yaml");
            // Short runs at a fixed rate: the test is about where each run went and what is recorded, not the figures.
            Files.writeString(sweepFile, String.join("\n",
                    "name: it-campaign",
                    "repeat: 1",
                    "base:",
                    "  name: it-campaign-cell",
                    "  topic: {name: it-campaign, partitions: 2}",
                    "  producers: {count: 1, records: 3000, warmupRecords: 300, rate: 3000, recordSize: 100}",
                    "points:",
                    "  - {producers.properties.linger.ms: 0}",
                    "clusters:",
                    "  - {name: small, instanceType: it.small, brokers: 1, bootstrapServers: \"" + ItFixture.bootstrap(one) + "\"}",
                    "  - {name: large, instanceType: it.large, brokers: 2, vcpus: 2, bootstrapServers: \""
                            + ItFixture.bootstrap(two) + "\", set: {topic.replicationFactor: 2}}",
                    ""));
            CliRun sweep = CliRun.of("sweep", sweepFile.toString(), "--results-dir", results.toString(), "--no-catalog");
            assertThat(sweep.exitCode()).as(sweep.transcript()).isZero();
            Path dir = ItFixture.onlyRunDir(results);

            SweepResult result = ResultReader.read(dir.resolve("sweep.json"), SweepResult.class);
            assertThat(result.points()).extracting(SweepResult.Point::name)
                    .containsExactly("cluster=small,linger.ms=0", "cluster=large,linger.ms=0");
            assertThat(result.cluster()).as("no one cluster is the campaign's").isNull();
            SweepResult.Brokers large = result.points().get(1).cluster();
            assertThat(large.name()).isEqualTo("large");
            assertThat(large.instanceType()).isEqualTo("it.large");
            assertThat(large.brokers()).isEqualTo(2);
            assertThat(large.vcpus()).isEqualTo(2);
            assertThat(large.bootstrapServers()).isEqualTo(ItFixture.bootstrap(two));
            // The version is read from the cluster (its finalized metadata.version), not from kbench's own jars.
            assertThat(large.kafkaBrokerVersion()).as(sweep.transcript()).matches("metadata\\.version \\d+\\.\\d+-IV\\d+");
            assertThat(result.points().get(1).overrides()).containsKey("topic.replicationFactor");

            for (int i = 0; i < 2; i++) {
                SweepResult.Point point = result.points().get(i);
                RunResult run = ResultReader.read(dir.resolve(point.repetitions().get(0)), RunResult.class);
                assertThat(run.tags()).containsEntry("cluster", point.cluster().name())
                        .containsEntry("instanceType", point.cluster().instanceType());
                assertThat(run.cluster().mode()).isEqualTo("external");
                assertThat(run.cluster().bootstrapServers()).isEqualTo(point.cluster().bootstrapServers());
                assertThat(run.cluster().brokers()).isEqualTo(i + 1);
                assertThat(run.cluster().kafkaBrokerVersion()).isEqualTo(point.cluster().kafkaBrokerVersion());
                assertThat(run.summary().produced().records()).isEqualTo(3000);
            }

            Path prices = results.resolve("prices.yaml");
            Files.writeString(prices, String.join("\n",
                    "currency: USD",
                    "pricesAsOf: \"test prices, not real ones\"",
                    "source: CampaignIT",
                    "instanceTypes:",
                    "  - {name: it.small, hourlyPrice: 1.0}",
                    "  - {name: it.large, hourlyPrice: 2.0}",
                    ""));
            Path json = results.resolve("cost.json");
            CliRun cost = CliRun.of("cost", "--prices", prices.toString(), dir.toString(), "--json", json.toString());
            assertThat(cost.exitCode()).as(cost.transcript()).isZero();
            JsonNode rows = new ObjectMapper().readTree(json.toFile()).get("rows");
            assertThat(rows).hasSize(2);
            assertThat(List.of(rows.get(0).get("label").asText(), rows.get(1).get("label").asText()))
                    .containsExactly("small", "large");
            assertThat(rows.get(1).get("instanceType").asText()).isEqualTo("it.large");
            assertThat(rows.get(1).get("testedBrokers").asInt()).isEqualTo(2);
            // records/s per node per $/h: the large cluster's node costs twice as much and carries half the load.
            double smallCp = rows.get(0).get("recordsPerSecPerDollarHour").asDouble();
            double largeCp = rows.get(1).get("recordsPerSecPerDollarHour").asDouble();
            double largeRate = rows.get(1).get("clusterRecordsPerSec").asDouble();
            assertThat(largeCp).isCloseTo(largeRate / 2 / 2.0, org.assertj.core.data.Percentage.withPercentage(0.01));
            assertThat(rows.get(1).get("improvementPercent").asDouble())
                    .isCloseTo((largeCp / smallCp - 1) * 100, org.assertj.core.data.Offset.offset(0.01));
        } finally {
            for (Path dir : List.of(small, large)) {
                CliRun stop = CliRun.of("cluster", "stop", "--dir", dir.toString());
                assertThat(stop.exitCode()).as(stop.transcript()).isZero();
            }
        }
    }
}
