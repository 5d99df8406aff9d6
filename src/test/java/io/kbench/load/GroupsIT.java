package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Share groups (KIP-932) and consumer-group rebalances on one real embedded broker, kbench running against it as an
 * external cluster: a share group consumes every record exactly as accepted; a RELEASE fraction causes redeliveries and
 * every record still ends accepted, rejected or archived; a scheduled join and leave is measured as per-partition
 * processing gaps under the classic and the consumer protocol. Being the IT class that sweeps against a shared
 * cluster, it also runs the sweep over a secret property whose values must reach no file and no output.
 */
@EmbeddedKafka
class GroupsIT {
    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;
    @TempDir
    static Path dir;

    @Test
    void aShareGroupOfThreeOnOnePartitionAcceptsEveryRecordExactlyOnce() throws IOException {
        Path results = dir.resolve("share");
        CliRun run = run("it-share.yaml", results, "consumers.group=it-share-implicit");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        JsonNode r = ItFixture.onlyResult(results);
        long produced = r.at("/summary/produced/records").asLong();
        assertThat(produced).as(run.transcript()).isEqualTo(3000);
        JsonNode share = r.get("share");
        assertThat(share.get("acknowledgement").asText()).isEqualTo("implicit");
        assertThat(share.get("accepted").asLong()).as(run.transcript()).isEqualTo(produced);
        assertThat(share.get("deliveries").asLong()).as("no record delivered twice").isEqualTo(produced);
        assertThat(share.get("redeliveries").asLong()).isZero();
        assertThat(share.get("rejected").asLong() + share.get("archived").asLong()).isZero();
        assertThat(share.get("acknowledgeErrors").asLong()).isZero();
        assertThat(r.at("/summary/consumed/records").asLong()).isEqualTo(produced);
        assertThat(share.get("perConsumer")).hasSize(3);
        long perConsumer = 0;
        for (JsonNode c : share.get("perConsumer")) {
            perConsumer += c.get("accepted").asLong();
        }
        assertThat(perConsumer).isEqualTo(produced);
        assertThat(share.at("/firstDeliveryLatencyMicros/count").asLong()).isEqualTo(produced);
        assertThat(share.at("/acceptedLatencyMicros/count").asLong()).isEqualTo(produced);
        assertThat(share.at("/acknowledgeCommitLatencyMicros/count").asLong()).isPositive();
        assertThat(run.stdout()).contains("share: 3,000 accepted, 0 rejected, 0 archived");
    }

    @Test
    void releasedRecordsAreDeliveredAgainAndEveryRecordEndsAcceptedRejectedOrArchived() throws IOException {
        Path results = dir.resolve("share-release");
        CliRun run = run("it-share.yaml", results, "consumers.group=it-share-release", "topic.name=it-share-release",
                "consumers.share.acknowledgement=explicit", "consumers.share.accept=0.6", "consumers.share.release=0.35",
                "consumers.share.reject=0.05", "consumers.share.deliveryCountLimit=2");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        JsonNode r = ItFixture.onlyResult(results);
        long produced = r.at("/summary/produced/records").asLong();
        JsonNode share = r.get("share");
        assertThat(share.get("deliveryCountLimit").asInt()).isEqualTo(2);
        assertThat(share.get("redeliveries").asLong()).as(run.transcript()).isPositive();
        assertThat(share.get("redelivered").asLong()).isPositive();
        assertThat(share.get("archived").asLong()).as("0.35^2 of 3,000 records are released twice").isPositive();
        assertThat(share.get("accepted").asLong() + share.get("rejected").asLong() + share.get("archived").asLong())
                .as(run.transcript()).isEqualTo(produced);
        assertThat(share.get("deliveries").asLong()).isEqualTo(produced + share.get("redeliveries").asLong());
        assertThat(share.at("/acceptedLatencyMicros/count").asLong()).isEqualTo(share.get("accepted").asLong());
    }

    @Test
    void rebalanceGapsAreMeasuredUnderTheClassicAndTheConsumerProtocolSideBySide() throws IOException {
        Path results = dir.resolve("rebalance");
        CliRun run = CliRun.of("sweep", ItFixture.workload("it-rebalance-sweep.yaml"), "--bootstrap-server",
                cluster.bootstrapServers(), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Path sweepDir = ItFixture.onlyRunDir(results);
        JsonNode sweep = new ObjectMapper().readTree(sweepDir.resolve("sweep.json").toFile());
        for (int point = 0; point < 2; point++) {
            String protocol = point == 0 ? "classic" : "consumer";
            JsonNode r = new ObjectMapper().readTree(sweepDir.resolve(
                    sweep.at("/points/" + point + "/repetitions/0").asText()).toFile());
            assertRebalancesMeasured(r, protocol, run);
        }
        assertThat(run.stdout()).contains("rebalances: per-partition processing gap")
                .containsPattern("groupProtocol=classic +1 +\\+1 at 2\\.0s")
                .containsPattern("groupProtocol=consumer +1 +-1 at 4\\.5s");
    }

    /**
     * Failed before the fix: the axis values were point names (directories, tags.point, runOrder, stdout), sweep.json
     * axes and overrides, sweep.csv rows and the verbatim sweep.yaml; the exec command was in every result.json.
     */
    @Test
    void aSweepOverASecretPropertyWritesAndPrintsNoSecret() throws IOException {
        Path results = dir.resolve("secret");
        List<String> secrets = List.of("AXISPASS-SWEEP-1", "AXISPASS-SWEEP-2", "KEYPASS-SWEEP-7", "EXECPASS-SWEEP-5",
                "EXECJAAS-SWEEP-6", "FLAGPASS-SWEEP-3");
        CliRun run = CliRun.of("sweep", ItFixture.workload("it-secret-sweep.yaml"), "--bootstrap-server",
                cluster.bootstrapServers(), "--results-dir", results.toString(), "--no-telemetry",
                "--command-property", "ssl.truststore.password=FLAGPASS-SWEEP-3");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.transcript()).doesNotContain(secrets).contains("sasl.jaas.config=[secret-2]");
        Path sweepDir = ItFixture.onlyRunDir(results);
        JsonNode sweep = new ObjectMapper().readTree(sweepDir.resolve("sweep.json").toFile());
        assertThat(sweep.at("/points/1/name").asText()).isEqualTo("sasl.jaas.config=[secret-2]");
        assertThat(sweep.at("/axes/producers.properties.sasl.jaas.config/1").asText()).isEqualTo("[secret-2]");
        assertThat(sweepDir.resolve("points/sasl.jaas.config=[secret-1]/rep-1/result.json")).exists();
        List<Path> written;
        try (var walk = java.nio.file.Files.walk(sweepDir)) {
            written = walk.toList();
        }
        assertThat(written).hasSizeGreaterThan(10);
        for (Path file : written) {
            assertThat(sweepDir.relativize(file).toString()).doesNotContain(secrets);
            if (java.nio.file.Files.isRegularFile(file)) {
                assertThat(new String(java.nio.file.Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1))
                        .as(file.toString()).doesNotContain(secrets);
            }
        }
    }

    private static void assertRebalancesMeasured(JsonNode r, String protocol, CliRun run) {
        assertThat(r.at("/workload/consumers/groupProtocol").asText()).isEqualTo(protocol);
        JsonNode rebalances = r.get("rebalances");
        assertThat(rebalances.get("groupProtocol").asText()).as(run.transcript()).isEqualTo(protocol);
        assertThat(rebalances.at("/baseline/partitions")).as(run.transcript()).hasSize(4);
        JsonNode changes = rebalances.get("changes");
        assertThat(changes).as(run.transcript()).hasSize(2);
        assertThat(changes.get(0).get("delta").asInt()).isEqualTo(1);
        assertThat(changes.get(0).get("consumersAfter").asInt()).isEqualTo(3);
        assertThat(changes.get(1).get("delta").asInt()).isEqualTo(-1);
        assertThat(changes.get(1).get("consumersAfter").asInt()).isEqualTo(2);
        for (JsonNode change : changes) {
            assertThat(change.get("partitions")).as(run.transcript()).hasSize(4);
            assertThat(change.at("/gapMicros/count").asLong()).isEqualTo(4);
            assertThat(change.at("/gapMicros/max").asLong()).as(run.transcript()).isPositive();
            assertThat(change.at("/latencySpikeMicros/max").asLong()).isPositive();
        }
        // A rebalance may hand a partition over before its last records were committed: some are read twice.
        assertThat(r.at("/summary/consumed/records").asLong()).as(run.transcript())
                .isGreaterThanOrEqualTo(r.at("/summary/produced/records").asLong());
        assertThat(run.stdout()).contains("rebalances (" + protocol + ")");
    }

    private static CliRun run(String workload, Path results, String... sets) {
        List<String> args = new ArrayList<>(List.of("run", ItFixture.workload(workload), "--bootstrap-server",
                cluster.bootstrapServers(), "--results-dir", results.toString()));
        for (String s : sets) {
            args.add("--set");
            args.add(s);
        }
        return CliRun.of(args.toArray(String[]::new));
    }
}
