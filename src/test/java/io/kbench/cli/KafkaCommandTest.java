package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.release.BundledRelease;
import io.kbench.release.FileRepository;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kbench kafka fetch} and {@code list} through the CLI, against a {@code file:} repository (no network). */
class KafkaCommandTest {
    @TempDir
    Path tmp;

    @Test
    void fetchesOnceThenFindsTheReleaseInTheCacheAndListsIt() throws IOException {
        String remote = new FileRepository(tmp.resolve("remote")).kafkaLike("3.9.9").url();
        String cache = tmp.resolve("cache").toString();

        CliRun first = CliRun.of("kafka", "fetch", "--cache", cache, "--repository", remote, "3.9.9");
        CliRun second = CliRun.of("kafka", "fetch", "--cache", cache, "--repository", remote, "3.9.9");
        CliRun list = CliRun.of("kafka", "list", "--cache", cache);

        assertThat(first.exitCode()).as(first.transcript()).isZero();
        assertThat(first.stdout()).as(first.transcript())
                .containsPattern("kafka 3\\.9\\.9: fetched into " + Pattern.quote(Path.of(cache).toString())
                        + ", 4 files \\(0\\.0 MiB\\), in \\d+\\.\\d s")
                .contains("  manifest: " + Path.of(cache, "kbench", "releases", "3.9.9.json"));
        assertThat(second.stdout()).as(second.transcript())
                .contains("kafka 3.9.9: in the cache " + Path.of(cache) + ", 4 files (0.0 MiB), nothing downloaded");
        assertThat(list.exitCode()).as(list.transcript()).isZero();
        assertThat(list.stdout()).as(list.transcript())
                .startsWith("cache: " + Path.of(cache) + "\n")
                .containsPattern("(?m)^" + BundledRelease.version().toString().replace(".", "\\.")
                        + " +- +- +bundled: kbench's own, on its classpath$")
                .containsPattern("(?m)^3\\.9\\.9 +4 +0\\.0 +cached, resolved 20\\d\\d-");
    }

    @Test
    void listReadsOnlyFilesAndSaysWhatIsMissing() throws IOException {
        String remote = new FileRepository(tmp.resolve("remote")).kafkaLike("3.9.9").url();
        String cache = tmp.resolve("cache").toString();
        assertThat(CliRun.of("kafka", "fetch", "--cache", cache, "--repository", remote, "3.9.9").exitCode()).isZero();
        Files.delete(Path.of(cache, "com", "example", "server-dep", "1.0", "server-dep-1.0.jar"));

        CliRun list = CliRun.of("kafka", "list", "--cache", cache);

        assertThat(list.stdout()).as(list.transcript())
                .containsPattern("(?m)^3\\.9\\.9 +4 +0\\.0 +1 file\\(s\\) missing: 'kbench kafka fetch 3\\.9\\.9' restores them$");
    }

    @Test
    void anOldOrMalformedVersionIsRefusedBeforeAnythingIsFetched() {
        String cache = tmp.resolve("cache").toString();
        CliRun.of("kafka", "fetch", "--cache", cache, "4.4.0", "3.6.2")
                .assertOneErrorLine(2, Duration.ofSeconds(10), "VERSION: must be a KRaft release from 3.7.0 on (got 3.6.2)");
        CliRun.of("kafka", "fetch", "--cache", cache, "4.4")
                .assertOneErrorLine(2, Duration.ofSeconds(10),
                        "VERSION: must be a Kafka release version major.minor.patch, like 4.4.0 (got '4.4')");
        assertThat(Path.of(cache)).doesNotExist();
    }

    @Test
    void aRepositoryThatIsNotAUrlIsRefused() {
        CliRun.of("kafka", "fetch", "--cache", tmp.toString(), "--repository", "central", "4.4.0")
                .assertOneErrorLine(2, Duration.ofSeconds(10), "--repository: must be an http(s):// or file: URL (got central)");
    }

    @Test
    void aRepositoryWithCredentialsInItsUrlIsRefusedWithoutEchoingThem() {
        CliRun.of("kafka", "fetch", "--cache", tmp.toString(), "--repository", "https://me:s3cret@repo.example.com/maven2",
                        "4.4.0")
                .assertOneErrorLine(2, Duration.ofSeconds(10), "--repository: credentials in the URL (user:password@) are"
                        + " not supported; use a repository that needs none, or copy a cache filled elsewhere (docs/versions.md)");
    }

    @Test
    void aReleaseTheRepositoryDoesNotHaveExitsTwoNamingIt() throws IOException {
        String remote = new FileRepository(tmp.resolve("remote")).kafkaLike("3.9.9").url();
        Path cache = tmp.resolve("cache");

        CliRun r = CliRun.of("kafka", "fetch", "--cache", cache.toString(), "--repository", remote, "4.9.0");

        assertThat(r.exitCode()).as(r.transcript()).isEqualTo(2);
        assertThat(r.stderr().lines().filter(l -> !l.isBlank()).toList()).as(r.transcript()).containsExactly(
                "kbench: error: kafka fetch 4.9.0: " + remote + " has no org.apache.kafka:kafka_2.13:4.9.0"
                        + " ('kbench kafka list' shows the releases in the cache)");
        assertThat(r.stdout()).as("only the line saying what is being resolved: " + r.transcript())
                .isEqualTo("kafka 4.9.0: resolving from " + remote + " into " + cache + " ...\n");
    }
}
