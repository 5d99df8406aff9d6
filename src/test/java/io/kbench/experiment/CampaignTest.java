package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.cli.CliRun;
import io.kbench.error.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep file's clusters: list (a campaign): its points, and every check it makes before anything connects. */
class CampaignTest {
    private static final String BASE = String.join("\n",
            "name: campaign",
            "base:",
            "  name: cell",
            "  topic: {name: cell, partitions: 2}",
            "  producers: {count: 1, records: 1000, recordSize: 100}",
            "");
    private static final String A = "  - {name: a, instanceType: m.large, brokers: 3, bootstrapServers: \"a1.example.com:9092\"}\n";
    private static final String B = "  - {name: b, instanceType: m.xlarge, brokers: 3, bootstrapServers: \"b1.example.com:9092\"}\n";

    @TempDir
    Path dir;

    private static SweepDesign parse(String text) {
        return SweepDesign.parse(text, Path.of("campaign.yaml"));
    }

    @Test
    void withoutAxesOrPointsEveryClusterIsOnePoint() {
        SweepDesign design = parse(BASE + "clusters:\n" + A + B);
        assertThat(design.points()).extracting(SweepPoint::name).containsExactly("cluster=a", "cluster=b");
        assertThat(design.points().get(1).cluster().instanceType()).isEqualTo("m.xlarge");
        assertThat(design.points().get(0).overrides()).isEmpty();
    }

    @Test
    void everyPointRunsOnEachClusterTheClusterVaryingSlowest() {
        SweepDesign design = parse(BASE + "axes:\n  producers.properties.acks: [1, all]\nclusters:\n" + A + B);
        assertThat(design.points()).extracting(SweepPoint::name)
                .containsExactly("cluster=a,acks=1", "cluster=a,acks=all", "cluster=b,acks=1", "cluster=b,acks=all");
    }

    @Test
    void aClustersSetValuesApplyToItsPointsWithoutNamingThem() {
        SweepDesign design = parse(BASE + "points:\n  - {producers.properties.linger.ms: 5}\nclusters:\n" + A
                + "  - {name: big, instanceType: m.4xlarge, brokers: 6, vcpus: 16, bootstrapServers: \"big.example.com:9092\","
                + " set: {producers.count: 32, topic.partitions: 32}}\n");
        SweepPoint big = design.points().get(1);
        assertThat(big.name()).isEqualTo("cluster=big,linger.ms=5");
        assertThat(design.workload(big).producers().count()).isEqualTo(32);
        assertThat(design.workload(big).topic().partitions()).isEqualTo(32);
        assertThat(design.workload(design.points().get(0)).producers().count()).isEqualTo(1);
        assertThat(big.varied()).containsOnlyKeys("producers.properties.linger.ms");
        assertThat(big.cluster().tags()).containsExactly(Map.entry("cluster", "big"), Map.entry("instanceType", "m.4xlarge"),
                Map.entry("vcpus", "16"));
    }

    @Test
    void theConnectionIsTheSharedPropertiesThenTheClustersThenItsBootstrapServers() {
        SweepDesign design = parse(BASE + "clusters:\n  - {name: tls, instanceType: t, brokers: 1,"
                + " bootstrapServers: \"tls.example.com:9093\", properties: {security.protocol: SSL},"
                + " propertiesEnv: {ssl.truststore.password: TRUST_PW}}\n");
        CampaignCluster tls = design.spec().clusters().get(0);
        Map<String, String> conn = tls.connection(Map.of("client.id", "x", "security.protocol", "PLAINTEXT"),
                Map.of("TRUST_PW", "s3cret"));
        assertThat(conn).containsEntry("client.id", "x").containsEntry("security.protocol", "SSL")
                .containsEntry("ssl.truststore.password", "s3cret").containsEntry("bootstrap.servers", "tls.example.com:9093");
        assertThatThrownBy(() -> tls.connection(Map.of(), Map.of())).isInstanceOf(InvalidInputException.class)
                .hasMessage("clusters[tls].propertiesEnv.ssl.truststore.password: no such environment variable (got TRUST_PW)");
    }

    @Test
    void eachClusterEntryIsCheckedNamingTheFieldAndTheValue() {
        assertRefused("clusters:\n" + A + A.replace("a1.", "a2."), "clusters[].name: names two clusters; names must differ (got a)");
        assertRefused("clusters:\n" + A + B.replace("b1.", "a1."), "clusters[b].bootstrapServers: is also cluster a's");
        assertRefused("clusters:\n" + A.replace("a1.example.com:9092", "a1.example.com"),
                "clusters[a].bootstrapServers: is not a list of HOST:PORT addresses (got a1.example.com)");
        assertRefused("clusters:\n" + A.replace("instanceType: m.large, ", ""), "clusters[a].instanceType: name what the brokers run on");
        assertRefused("clusters:\n" + A.replace("brokers: 3, ", ""), "clusters[a].brokers: give the cluster's broker count");
        assertRefused("clusters:\n" + A.replace("name: a,", "name: 'a b',"), "clusters[].name: must be 1-64 of a-zA-Z0-9._- (got 'a b')");
        assertRefused("clusters: []\n", "clusters: list at least one cluster");
        assertRefused("clusters:\n" + A.replace("}", ", properties: {sasl.jaas.config: \"x\"}}"),
                "clusters[a].properties.sasl.jaas.config: is a secret: name the environment variable holding it under propertiesEnv");
        assertRefused("clusters:\n" + A.replace("}", ", properties: {bootstrap.servers: \"x:1\"}}"),
                "clusters[a].properties.bootstrap.servers: is the cluster's bootstrapServers");
        assertRefused("clusters:\n" + A.replace("}", ", properties: {request.timeout.ms: soon}}"),
                "clusters[a].properties.request.timeout.ms");
        assertRefused("clusters:\n" + A.replace("}", ", set: {cluster.brokers: 3}}"),
                "clusters[a].set.cluster.brokers: kbench sets nothing of an external cluster");
    }

    @Test
    void whatTheAxesVaryCannotAlsoBeSetPerClusterNorCanTheyVaryTheEmbeddedCluster() {
        assertRefused("axes:\n  producers.count: [1, 2]\nclusters:\n" + A.replace("}", ", set: {producers.count: 4}}"),
                "clusters[a].set.producers.count: is a path the axes vary: set it in one place (got 4)");
        assertRefused("axes:\n  cluster.brokerConfig.num.io.threads: [4, 8]\nclusters:\n" + A,
                "clusters: a campaign runs on external clusters, whose settings kbench does not set");
    }

    /** The checks that need the command line: other cluster flags, and a workload that describes an embedded cluster. */
    @Test
    void theCommandLineRefusesAnotherClusterBeforeAnythingConnects() throws Exception {
        Path file = Files.writeString(dir.resolve("campaign.yaml"), BASE + "clusters:\n" + A + B);
        CliRun.assertInputError(CliRun.of("sweep", file.toString(), "--dry-run", "--bootstrap-server", "c.example.com:9092"),
                "clusters: a campaign names its clusters' bootstrap servers; --bootstrap-server");
        CliRun.assertInputError(CliRun.of("sweep", file.toString(), "--dry-run", "--brokers", "3"),
                "clusters: a campaign runs on its named external clusters: the embedded-cluster options");
        Path embedded = Files.writeString(dir.resolve("embedded.yaml"),
                BASE + "  cluster: {brokers: 3}\nclusters:\n" + A);
        CliRun.assertInputError(CliRun.of("sweep", embedded.toString(), "--dry-run"),
                "cluster: sets up kbench's embedded cluster, but a campaign runs on its named external clusters");
    }

    @Test
    void theDryRunPrintsEachPointsClusterAndConnectsToNone() throws Exception {
        Path file = Files.writeString(dir.resolve("campaign.yaml"), BASE + "clusters:\n" + A + B);
        CliRun dry = CliRun.of("sweep", file.toString(), "--dry-run");
        assertThat(dry.exitCode()).as(dry.transcript()).isZero();
        assertThat(dry.stdout()).contains("# point 1/2: cluster=a, 3 repetition(s)\n# on cluster a (m.large, 3 broker(s)) at a1.example.com:9092")
                .contains("# point 2/2: cluster=b, 3 repetition(s)\n# on cluster b (m.xlarge, 3 broker(s)) at b1.example.com:9092");
    }

    @Test
    void theRecipesPassTheDryRun() {
        for (String recipe : new String[] {"scenarios/recipes/s2-instances.yaml", "scenarios/recipes/s1-vcpu-scaling.yaml"}) {
            CliRun dry = CliRun.of("sweep", recipe, "--dry-run");
            assertThat(dry.exitCode()).as(dry.transcript()).isZero();
        }
    }

    private static void assertRefused(String tail, String message) {
        assertThatThrownBy(() -> parse(BASE + tail)).isInstanceOf(InvalidInputException.class).hasMessageContaining(message);
    }
}
