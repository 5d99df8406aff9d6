package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.BrokerVersion;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients of another Kafka release ({@code clients.kafkaVersion}, {@code --client-kafka-version}): kbench re-launches
 * itself on Kafka 3.9.1's client jars, produces and consumes through them against kbench's own 4.3.1 embedded broker,
 * and result.json names the client that ran, read from its jar, and the broker, read from the broker. What the older
 * client cannot run, and what a re-launched JVM without broker classes could not check, is refused in one line
 * before any broker starts.
 */
@EmbeddedKafka
class ClientVersionIT {
    private static final String CLIENT = "3.9.1";

    @TempDir
    Path tmp;

    /** kbench in a JVM of its own, as ./kbench starts it (target/lib/*), so the re-launched JVM's output is captured. */
    private Process kbench(Path out, Path err, String... args) throws IOException {
        return new ProcessBuilder(ItFixture.kbenchJvm(args)).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.PIPE).start();
    }

    @Test
    void aClientOf391ProducesAndConsumesAgainstKbenchsOwnBrokerAndTheResultNamesBoth() throws Exception {
        Path results = tmp.resolve("results");
        Path out = tmp.resolve("stdout");
        Path err = tmp.resolve("stderr");
        Process p = kbench(out, err, "run", ItFixture.workload("it-client-version.yaml"), "--broker-heap", "256m",
                "--no-telemetry", "--results-dir", results.toString());
        p.getOutputStream().close();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("the run ends").isTrue();
        String transcript = "--- stdout ---\n" + Files.readString(out) + "--- stderr ---\n" + Files.readString(err);
        assertThat(p.exitValue()).as(transcript).isZero();

        assertThat(Files.readString(out)).as(transcript)
                .contains("| Kafka clients " + CLIENT + " |")
                // The broker of kbench's own Kafka, named by the version handed down, not the client's.
                .contains("cluster: starting 1 broker (Kafka 4.3.1, JDK ")
                .contains("integrity: OK: 0 lost, 0 duplicated");
        RunResult result = ItFixture.onlyRun(results);
        assertThat(result.environment().kafkaClientVersion()).as("read from the client jar that ran").isEqualTo(CLIENT);
        assertThat(result.workload().clientKafkaVersion()).isEqualTo(CLIENT);
        assertThat(result.cluster().brokerVersions()).extracting(BrokerVersion::kafkaVersion).containsExactly("4.3.1");
        assertThat(result.cluster().kafkaBrokerVersion()).isEqualTo("4.3.1");
        assertThat(result.summary().produced().records()).isEqualTo(2000);
        assertThat(result.summary().consumed().records()).isPositive();
        Integrity integrity = result.integrity();
        assertThat(integrity.verdict()).as(transcript).isEqualTo(IntegrityVerdict.OK);
        assertThat(integrity.lost().count()).isZero();
        assertThat(integrity.duplicated().count()).isZero();
        assertThat(integrity.acknowledgedFound()).isEqualTo(integrity.acknowledged()).isPositive();
    }

    /** What a client of 3.9.1 cannot run is the workload's error, one line, before any broker starts. */
    @Test
    void shareGroupsOnA391ClientAreOneLineBeforeAnyBrokerStarts() {
        CliRun r = CliRun.leavingNothing(tmp.resolve("share"), "run", ItFixture.workload("it-share.yaml"),
                "--client-kafka-version", CLIENT);
        r.assertOneErrorLine(2, Duration.ofSeconds(30), "clients.kafkaVersion: cannot run consumers.mode share",
                "Kafka 4.1.0 or later (got 3.9.1)");
    }

    @Test
    void aVersionBelowTheFloorIsNamedByTheFlag() {
        CliRun r = CliRun.leavingNothing(tmp.resolve("floor"), "run", ItFixture.workload("it-produce.yaml"),
                "--client-kafka-version", "3.6.2");
        r.assertOneErrorLine(2, Duration.ofSeconds(30), "--client-kafka-version: must be a KRaft release from 3.7.0 on"
                + " (got 3.6.2)");
    }

    /**
     * Broker settings are checked against the broker's definitions, which a JVM on the 3.9.1 client's jars does not
     * hold: the kbench that would re-launch checks them first, so a bad value is still one line before anything starts.
     */
    @Test
    void aBadBrokerSettingIsRefusedBeforeTheReLaunch() {
        CliRun r = CliRun.leavingNothing(tmp.resolve("broker"), "run", ItFixture.workload("it-client-version.yaml"),
                "--set", "cluster.brokerConfig.num.io.threads=0");
        r.assertOneErrorLine(2, Duration.ofSeconds(30), "cluster.brokerConfig.num.io.threads");
    }

    /**
     * Client properties are the client's to judge: a name kbench's own client (4.3.1) defines but 3.9.1's does not
     * (metadata.recovery.rebootstrap.trigger.ms, KIP-1102, 4.0) is refused by the re-launched JVM, in one line, before
     * its broker starts.
     */
    @Test
    void aClientPropertyIsCheckedByTheReleasesOwnDefinitions() throws Exception {
        Path out = tmp.resolve("property.out");
        Path err = tmp.resolve("property.err");
        Process p = kbench(out, err, "run", ItFixture.workload("it-client-version.yaml"), "--set",
                "producers.properties.metadata.recovery.rebootstrap.trigger.ms=300000", "--results-dir",
                tmp.resolve("property").toString());
        p.getOutputStream().close();
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        String stderr = Files.readString(err);
        String transcript = "--- stdout ---\n" + Files.readString(out) + "--- stderr ---\n" + stderr;
        assertThat(p.exitValue()).as(transcript).isEqualTo(2);
        assertThat(stderr.lines().filter(l -> !l.isBlank()).toList()).as(transcript).singleElement().asString()
                .startsWith("kbench: error: producers.properties.metadata.recovery.rebootstrap.trigger.ms: not a Kafka"
                        + " producer config");
        assertThat(Files.readString(out)).as(transcript).doesNotContain("cluster: starting");
    }

    /**
     * A --dry-run checks what the run would: its client properties too, by the release's definitions (it passed them
     * unchecked before, issue 42), so it re-launches on the release's jars as the run does and prints from there.
     */
    @Test
    void aDryRunChecksClientPropertiesByTheReleasesOwnDefinitions() throws Exception {
        Path out = tmp.resolve("dry.out");
        Path err = tmp.resolve("dry.err");
        Process p = kbench(out, err, "run", ItFixture.workload("it-client-version.yaml"), "--dry-run", "--set",
                "producers.properties.metadata.recovery.rebootstrap.trigger.ms=300000");
        p.getOutputStream().close();
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        String stderr = Files.readString(err);
        String transcript = "--- stdout ---\n" + Files.readString(out) + "--- stderr ---\n" + stderr;
        assertThat(p.exitValue()).as(transcript).isEqualTo(2);
        assertThat(stderr.lines().filter(l -> !l.isBlank()).toList()).as(transcript).singleElement().asString()
                .startsWith("kbench: error: producers.properties.metadata.recovery.rebootstrap.trigger.ms: not a Kafka"
                        + " producer config");
        assertThat(Files.readString(out)).as(transcript).isBlank();

        Path okOut = tmp.resolve("dry-ok.out");
        Process ok = kbench(okOut, tmp.resolve("dry-ok.err"), "run", ItFixture.workload("it-client-version.yaml"),
                "--dry-run");
        ok.getOutputStream().close();
        assertThat(ok.waitFor(2, TimeUnit.MINUTES)).isTrue();
        String okTranscript = Files.readString(okOut) + Files.readString(tmp.resolve("dry-ok.err"));
        assertThat(ok.exitValue()).as(okTranscript).isZero();
        assertThat(Files.readString(okOut)).as("the header of the kbench that checked them: " + okTranscript)
                .contains("| Kafka clients " + CLIENT + " |").contains("kafkaVersion: " + CLIENT)
                .doesNotContain("cluster: starting");
    }

    @Test
    void aSweepMayNotVaryTheClientRelease() throws IOException {
        Path sweep = Files.writeString(tmp.resolve("client-sweep.yaml"), """
                name: client-sweep
                base: {producers: {records: 100}}
                axes:
                  clients.kafkaVersion: [3.9.1, 4.4.0]
                """);
        CliRun r = CliRun.leavingNothing(tmp.resolve("sweep"), "sweep", sweep.toString());
        r.assertOneErrorLine(2, Duration.ofSeconds(30), "clients.kafkaVersion: differs between points",
                "two releases of the Kafka client cannot share one");
    }

    /** As cluster.kafkaVersion: a release neither cached nor reachable is exit 1, one line naming the key. */
    @Test
    void aClientReleaseNeitherCachedNorReachableIsOneLineExitOne() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty-cache"));
        List<String> command = new ArrayList<>(ItFixture.kbenchJvm("run", ItFixture.workload("it-produce.yaml"),
                "--client-kafka-version", "4.4.0", "--results-dir", tmp.resolve("results").toString()));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("KBENCH_KAFKA_CACHE", empty.toString());
        // Loopback port 1: nothing listens, as on a machine without the network.
        pb.environment().put("KBENCH_KAFKA_REPOSITORY", "http://127.0.0.1:1/maven2/");
        Path out = tmp.resolve("unreachable.out");
        Path err = tmp.resolve("unreachable.err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        String stderr = Files.readString(err);
        String transcript = "--- stdout ---\n" + Files.readString(out) + "--- stderr ---\n" + stderr;
        assertThat(p.exitValue()).as(transcript).isEqualTo(1);
        assertThat(stderr.lines().filter(l -> !l.isBlank()).toList()).as(transcript).singleElement().asString()
                .startsWith("kbench: error: clients.kafkaVersion 4.4.0: not in the cache " + empty)
                .contains("run 'kbench kafka fetch 4.4.0'");
        assertThat(Files.readString(out)).as(transcript).doesNotContain("cluster: starting");
    }
}
