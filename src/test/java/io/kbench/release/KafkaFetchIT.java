package io.kbench.release;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench kafka fetch} really fetching a release of another line than kbench's own from Maven Central into an
 * empty cache, then using it offline and listing it. Needs Maven Central, as the build itself does.
 */
class KafkaFetchIT {
    private static final String VERSION = "3.9.1";
    /** Loopback port 1: nothing listens, so any attempt to reach a repository fails at once. */
    private static final String UNREACHABLE = "http://127.0.0.1:1/maven2/";

    @TempDir
    Path tmp;

    @Test
    void fetchesARealReleaseThenUsesItOfflineAndListsIt() throws IOException {
        String cache = tmp.resolve("cache").toString();

        CliRun fetch = CliRun.of("kafka", "fetch", "--cache", cache, VERSION);
        CliRun offline = CliRun.of("kafka", "fetch", "--cache", cache, "--repository", UNREACHABLE, VERSION);
        CliRun list = CliRun.of("kafka", "list", "--cache", cache);

        assertThat(fetch.exitCode()).as(fetch.transcript()).isZero();
        assertThat(fetch.stdout()).as(fetch.transcript()).startsWith("kafka 3.9.1: resolving from Maven Central into ")
                .containsPattern("kafka 3\\.9\\.1: fetched into .*, \\d+ files");
        assertThat(offline.exitCode()).as(offline.transcript()).isZero();
        assertThat(offline.stdout()).as(offline.transcript()).contains("kafka 3.9.1: in the cache", "nothing downloaded");
        assertThat(list.stdout()).as(list.transcript()).containsPattern("(?m)^3\\.9\\.1 +\\d+ +\\d+\\.\\d +cached, resolved ");

        KafkaRelease release = new ReleaseResolver(new ReleaseCache(Path.of(cache)), UNREACHABLE)
                .obtain("kafka fetch", ReleaseVersion.parse("v", VERSION));
        List<String> broker = release.brokerClassPath().stream().map(p -> p.getFileName().toString()).toList();
        assertThat(broker).contains("kafka_2.13-3.9.1.jar", "kafka-tools-3.9.1.jar", "kafka-clients-3.9.1.jar",
                "kafka-server-3.9.1.jar", "kafka-storage-3.9.1.jar", "kafka-metadata-3.9.1.jar");
        assertThat(broker).as("Kafka Connect is excluded, as in pom.xml").noneMatch(n -> n.startsWith("connect-"));
        assertThat(broker).as("one Kafka only: no jar of another release").filteredOn(n -> n.startsWith("kafka"))
                .allMatch(n -> n.endsWith("-3.9.1.jar"));
        assertThat(release.clientClassPath()).anyMatch(p -> p.getFileName().toString().equals("kafka-clients-3.9.1.jar"));
        // The jars are Kafka 3.9.1 itself: the broker's main class and the client's own version file.
        Path kafka = release.brokerClassPath().stream().filter(p -> p.getFileName().toString().startsWith("kafka_2.13-"))
                .findFirst().orElseThrow();
        try (JarFile jar = new JarFile(kafka.toFile())) {
            assertThat(jar.getEntry("kafka/Kafka.class")).isNotNull();
        }
        Path clients = release.clientClassPath().stream()
                .filter(p -> p.getFileName().toString().startsWith("kafka-clients-")).findFirst().orElseThrow();
        try (JarFile jar = new JarFile(clients.toFile()); InputStream in = jar.getInputStream(
                jar.getEntry("kafka/kafka-version.properties"))) {
            Properties p = new Properties();
            p.load(in);
            assertThat(p.getProperty("version")).isEqualTo(VERSION);
        }
        assertThat(Files.size(release.manifest())).isPositive();
    }

    @Test
    void aReleaseMavenCentralDoesNotHaveExitsTwoNamingIt() {
        CliRun r = CliRun.of("kafka", "fetch", "--cache", tmp.resolve("cache").toString(), "3.9.9");

        assertThat(r.exitCode()).as(r.transcript()).isEqualTo(2);
        assertThat(r.stderr().lines().filter(l -> !l.isBlank()).toList()).as(r.transcript()).containsExactly(
                "kbench: error: kafka fetch 3.9.9: Maven Central has no org.apache.kafka:kafka_2.13:3.9.9"
                        + " ('kbench kafka list' shows the releases in the cache)");
        assertThat(r.took()).isLessThan(Duration.ofMinutes(2));
    }
}
