package io.kbench.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.ExitCode;
import io.kbench.error.KbenchException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real Maven Resolver against a {@code file:} repository laid out as Maven Central is. */
class ReleaseResolverTest {
    private static final ReleaseVersion V = ReleaseVersion.parse("v", "3.9.9");
    /** Loopback port 1: nothing listens, so a connection is refused at once (no traffic leaves the machine). */
    private static final String UNREACHABLE = "http://127.0.0.1:1/maven2/";

    @TempDir
    Path tmp;
    private FileRepository remote;
    private ReleaseCache cache;

    @BeforeEach
    void repository() throws IOException {
        remote = new FileRepository(tmp.resolve("remote")).kafkaLike("3.9.9");
        cache = new ReleaseCache(tmp.resolve("cache"));
    }

    @Test
    void resolvesTheBrokerAndClientClosuresIntoTheCacheWithAManifest() {
        KafkaRelease release = new ReleaseResolver(cache, remote.url()).obtain("kafka fetch", V);

        assertThat(release.source()).isEqualTo(ReleaseSource.FETCHED);
        assertThat(names(release.brokerClassPath())).containsExactlyInAnyOrder("kafka_2.13-3.9.9.jar",
                "kafka-tools-3.9.9.jar", "kafka-clients-3.9.9.jar", "server-dep-1.0.jar");
        assertThat(names(release.clientClassPath())).containsExactly("kafka-clients-3.9.9.jar");
        assertThat(release.brokerClassPath()).allSatisfy(p -> assertThat(p).startsWith(cache.root()).isRegularFile());
        assertThat(release.manifest()).isEqualTo(cache.root().resolve("kbench/releases/3.9.9.json")).isRegularFile();
        assertThat(release.fileCount()).isEqualTo(4);
        assertThat(release.bytes()).isEqualTo(release.brokerClassPath().stream().mapToLong(ReleaseResolverTest::size).sum());
    }

    @Test
    void aCompleteManifestNeedsNoRemoteAtAll() throws IOException {
        KafkaRelease first = new ReleaseResolver(cache, remote.url()).obtain("kafka fetch", V);
        delete(remote.root());

        KafkaRelease again = new ReleaseResolver(cache, UNREACHABLE).obtain("cluster.kafkaVersion", V);

        assertThat(again.source()).isEqualTo(ReleaseSource.CACHED);
        assertThat(again.brokerClassPath()).isEqualTo(first.brokerClassPath());
        assertThat(again.clientClassPath()).isEqualTo(first.clientClassPath());
    }

    @Test
    void aCacheCopiedElsewhereStillWorksBecauseTheManifestHoldsRelativePaths() throws IOException {
        new ReleaseResolver(cache, remote.url()).obtain("kafka fetch", V);
        Path copy = tmp.resolve("copied-cache");
        copyTree(cache.root(), copy);
        delete(cache.root());

        KafkaRelease release = new ReleaseResolver(new ReleaseCache(copy), UNREACHABLE).obtain("kafka fetch", V);

        assertThat(release.source()).isEqualTo(ReleaseSource.CACHED);
        assertThat(release.brokerClassPath()).allSatisfy(p -> assertThat(p).startsWith(copy).isRegularFile());
        assertThat(Files.readString(release.manifest())).doesNotContain(tmp.resolve("cache").toString());
    }

    @Test
    void jarsAlreadyInTheMavenRepositoryCountAsCachedWithoutAManifest() throws IOException {
        new ReleaseResolver(cache, remote.url()).obtain("kafka fetch", V);
        Files.delete(cache.manifestPath(V));

        // What ./mvnw leaves for kbench's own Kafka: the jars, no kbench manifest. Nothing is downloaded again.
        KafkaRelease release = new ReleaseResolver(cache, remote.url()).obtain("kafka fetch", V);

        assertThat(release.source()).isEqualTo(ReleaseSource.CACHED);
        assertThat(cache.manifestPath(V)).isRegularFile();
    }

    @Test
    void aMissingFileIsNoticedAndFetchedAgain() throws IOException {
        KafkaRelease first = new ReleaseResolver(cache, remote.url()).obtain("kafka fetch", V);
        Path gone = first.brokerClassPath().stream().filter(p -> p.getFileName().toString().startsWith("server-dep"))
                .findFirst().orElseThrow();
        Files.delete(gone);
        assertThat(cache.list()).singleElement().satisfies(r -> {
            assertThat(r.complete()).isFalse();
            assertThat(r.missingFiles()).isEqualTo(1);
        });

        KafkaRelease again = new ReleaseResolver(cache, remote.url()).obtain("kafka fetch", V);

        assertThat(again.source()).isEqualTo(ReleaseSource.FETCHED);
        assertThat(gone).isRegularFile();
        assertThat(cache.list()).singleElement().satisfies(r -> assertThat(r.complete()).isTrue());
    }

    @Test
    void aReleaseTheRepositoryDoesNotHaveIsAnInputErrorNamingIt() {
        ReleaseVersion absent = ReleaseVersion.parse("v", "3.9.8");
        assertThatThrownBy(() -> new ReleaseResolver(cache, remote.url()).obtain("cluster.kafkaVersion", absent))
                .isInstanceOfSatisfying(KbenchException.class,
                        e -> assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT))
                .hasMessage("cluster.kafkaVersion 3.9.8: " + remote.url()
                        + " has no org.apache.kafka:kafka_2.13:3.9.8 ('kbench kafka list' shows the releases in the cache)");
        assertThat(cache.manifestPath(absent)).doesNotExist();
    }

    @Test
    void aMissingDependencyIsARunFailureNamingIt() throws IOException {
        remote.artifact("org.apache.kafka", "kafka-clients", "3.9.7", List.of());
        remote.artifact("org.apache.kafka", "kafka-tools", "3.9.7", List.of());
        remote.artifact("org.apache.kafka", "kafka_2.13", "3.9.7",
                List.of(FileRepository.dep("com.example", "never-published", "2.0", "runtime")));
        ReleaseVersion broken = ReleaseVersion.parse("v", "3.9.7");

        assertThatThrownBy(() -> new ReleaseResolver(cache, remote.url()).obtain("kafka fetch", broken))
                .isInstanceOfSatisfying(KbenchException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.RUN_FAILED))
                .hasMessage("kafka fetch 3.9.7: " + remote.url()
                        + " has no com.example:never-published:2.0, which Kafka 3.9.7 depends on");
    }

    @Test
    void anUnreachableRepositoryIsARunFailureSayingWhatToFetch() {
        assertThatThrownBy(() -> new ReleaseResolver(cache, UNREACHABLE).obtain("cluster.kafkaVersion", V))
                .isInstanceOfSatisfying(KbenchException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.RUN_FAILED))
                .hasMessageStartingWith("cluster.kafkaVersion 3.9.9: not in the cache " + cache.root() + " and "
                        + UNREACHABLE + " could not be reached (")
                .hasMessageContaining("); run 'kbench kafka fetch 3.9.9' once it can be, or copy a cache that holds it "
                        + "(kbench/releases/3.9.9.json and the files it lists) into " + cache.root())
                .hasMessageNotContaining("\n");
    }

    private static List<String> names(List<Path> paths) {
        return paths.stream().map(p -> p.getFileName().toString()).toList();
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
