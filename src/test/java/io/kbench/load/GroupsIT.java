package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RebalanceStats;
import io.kbench.result.run.RebalanceWindow;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.ShareConsumerStats;
import io.kbench.result.run.ShareStats;
import io.kbench.result.sweep.SweepResult;
import io.kbench.spec.GroupProtocol;
import io.kbench.spec.ShareAcknowledgement;
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
        RunResult r = ItFixture.onlyRun(results);
        long produced = r.summary().produced().records();
        assertThat(produced).as(run.transcript()).isEqualTo(3000);
        ShareStats share = r.share();
        assertThat(share.acknowledgement()).isEqualTo(ShareAcknowledgement.IMPLICIT);
        assertThat(share.accepted()).as(run.transcript()).isEqualTo(produced);
        assertThat(share.deliveries()).as("no record delivered twice").isEqualTo(produced);
        assertThat(share.redeliveries()).isZero();
        assertThat(share.rejected() + share.archived()).isZero();
        assertThat(share.acknowledgeErrors()).isZero();
        assertThat(r.summary().consumed().records()).isEqualTo(produced);
        assertThat(share.perConsumer()).hasSize(3);
        long perConsumer = 0;
        for (ShareConsumerStats c : share.perConsumer()) {
            perConsumer += c.accepted();
        }
        assertThat(perConsumer).isEqualTo(produced);
        assertThat(share.firstDeliveryLatencyMicros().count()).isEqualTo(produced);
        assertThat(share.acceptedLatencyMicros().count()).isEqualTo(produced);
        assertThat(share.acknowledgeCommitLatencyMicros().count()).isPositive();
        assertThat(run.stdout()).contains("share: 3,000 accepted, 0 rejected, 0 archived");
    }

    @Test
    void releasedRecordsAreDeliveredAgainAndEveryRecordEndsAcceptedRejectedOrArchived() throws IOException {
        Path results = dir.resolve("share-release");
        CliRun run = run("it-share.yaml", results, "consumers.group=it-share-release", "topic.name=it-share-release",
                "consumers.share.acknowledgement=explicit", "consumers.share.accept=0.6", "consumers.share.release=0.35",
                "consumers.share.reject=0.05", "consumers.share.deliveryCountLimit=2");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult r = ItFixture.onlyRun(results);
        long produced = r.summary().produced().records();
        ShareStats share = r.share();
        assertThat(share.deliveryCountLimit()).isEqualTo(2);
        assertThat(share.redeliveries()).as(run.transcript()).isPositive();
        assertThat(share.redelivered()).isPositive();
        assertThat(share.archived()).as("0.35^2 of 3,000 records are released twice").isPositive();
        assertThat(share.accepted() + share.rejected() + share.archived())
                .as(run.transcript()).isEqualTo(produced);
        assertThat(share.deliveries()).isEqualTo(produced + share.redeliveries());
        assertThat(share.acceptedLatencyMicros().count()).isEqualTo(share.accepted());
    }

    @Test
    void rebalanceGapsAreMeasuredUnderTheClassicAndTheConsumerProtocolSideBySide() throws IOException {
        Path results = dir.resolve("rebalance");
        CliRun run = CliRun.of("sweep", ItFixture.workload("it-rebalance-sweep.yaml"), "--bootstrap-server",
                cluster.bootstrapServers(), "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Path sweepDir = ItFixture.onlyRunDir(results);
        SweepResult sweep = ResultReader.read(sweepDir.resolve("sweep.json"), SweepResult.class);
        for (int point = 0; point < 2; point++) {
            String protocol = point == 0 ? "classic" : "consumer";
            RunResult r = ResultReader.read(sweepDir.resolve(sweep.points().get(point).repetitions().get(0)),
                    RunResult.class);
            assertRebalancesMeasured(r, protocol, point == 0 ? GroupProtocol.CLASSIC : GroupProtocol.CONSUMER, run);
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
        SweepResult sweep = ResultReader.read(sweepDir.resolve("sweep.json"), SweepResult.class);
        assertThat(sweep.points().get(1).name()).isEqualTo("sasl.jaas.config=[secret-2]");
        assertThat(sweep.axes().get("producers.properties.sasl.jaas.config").get(1).asText()).isEqualTo("[secret-2]");
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

    private static void assertRebalancesMeasured(RunResult r, String protocol, GroupProtocol groupProtocol, CliRun run) {
        assertThat(r.workload().consumers().groupProtocol()).isEqualTo(groupProtocol);
        RebalanceStats rebalances = r.rebalances();
        assertThat(rebalances.groupProtocol()).as(run.transcript()).isEqualTo(protocol);
        assertThat(rebalances.baseline().partitions()).as(run.transcript()).hasSize(4);
        List<RebalanceWindow> changes = rebalances.changes();
        assertThat(changes).as(run.transcript()).hasSize(2);
        assertThat(changes.get(0).delta()).isEqualTo(1);
        assertThat(changes.get(0).consumersAfter()).isEqualTo(3);
        assertThat(changes.get(1).delta()).isEqualTo(-1);
        assertThat(changes.get(1).consumersAfter()).isEqualTo(2);
        for (RebalanceWindow change : changes) {
            assertThat(change.partitions()).as(run.transcript()).hasSize(4);
            assertThat(change.gapMicros().count()).isEqualTo(4);
            assertThat(change.gapMicros().max()).as(run.transcript()).isPositive();
            assertThat(change.latencySpikeMicros().max()).isPositive();
        }
        // A rebalance may hand a partition over before its last records were committed: some are read twice.
        assertThat(r.summary().consumed().records()).as(run.transcript())
                .isGreaterThanOrEqualTo(r.summary().produced().records());
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
