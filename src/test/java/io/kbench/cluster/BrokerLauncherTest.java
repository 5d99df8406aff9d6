package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.release.KafkaRelease;
import io.kbench.release.ReleaseSource;
import io.kbench.release.ReleaseVersion;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerLauncherTest {
    @TempDir
    Path tmp;

    @Test
    void relativeClassPathEntriesBecomeAbsolute() {
        String cwd = Path.of("").toAbsolutePath().toString();
        String cp = BrokerClassPath.absoluteClassPath(
                "target/classes" + File.pathSeparator + "target/lib/*" + File.pathSeparator + "/abs/x.jar");
        assertThat(cp.split(File.pathSeparator)).containsExactly(
                cwd + "/target/classes", cwd + "/target/lib/*", "/abs/x.jar");
    }

    @Test
    void theSuitesFlagsAreSplitOnWhitespaceAndAbsentWhenUnset() {
        assertThat(BrokerLauncher.testJvmFlags(null)).isEmpty();
        assertThat(BrokerLauncher.testJvmFlags("  ")).isEmpty();
        assertThat(BrokerLauncher.testJvmFlags(" -XX:TieredStopAtLevel=1  -Xshare:auto ")).isEqualTo(
                List.of("-XX:TieredStopAtLevel=1", "-Xshare:auto"));
    }

    @Test
    void kbenchsOwnKafkaRunsOnKbenchsWholeClassPathWithLog4j2() throws IOException {
        List<String> command = command(null, LoggingProfile.LOG4J2);

        assertThat(classPath(command)).isEqualTo(BrokerClassPath.absoluteClassPath(System.getProperty("java.class.path")));
        assertThat(command).anyMatch(a -> a.startsWith("-Dlog4j2.configurationFile=")).noneMatch(a -> a.startsWith("-Dlog4j.configuration="));
        assertThat(LoggingProfile.of(null)).isEqualTo(LoggingProfile.LOG4J2);
    }

    @Test
    void aKbenchReLaunchedOnAnotherClassPathHandsItsOwnDownToItsBundledBrokers() throws IOException {
        String bundled = "/opt/kbench/classes" + File.pathSeparator + "/opt/kbench/lib/*";
        System.setProperty(BrokerClassPath.BUNDLED_CLASS_PATH_PROPERTY, bundled);
        try {
            assertThat(classPath(command(null, LoggingProfile.LOG4J2))).isEqualTo(bundled);
        } finally {
            System.clearProperty(BrokerClassPath.BUNDLED_CLASS_PATH_PROPERTY);
        }
    }

    @Test
    void a4xReleaseRunsItsOwnJarsWithKbenchsClassesAndLog4j2BindingAndNoJarOfKbenchsKafka() throws IOException {
        KafkaRelease release = release("4.4.0", List.of(
                "org/apache/kafka/kafka_2.13/4.4.0/kafka_2.13-4.4.0.jar",
                "org/apache/kafka/kafka-clients/4.4.0/kafka-clients-4.4.0.jar",
                "org/slf4j/slf4j-api/1.7.36/slf4j-api-1.7.36.jar",
                "org/apache/logging/log4j/log4j-core/2.25.5/log4j-core-2.25.5.jar",
                "org/apache/logging/log4j/log4j-api/2.25.5/log4j-api-2.25.5.jar"));
        assertThat(LoggingProfile.of(release)).isEqualTo(LoggingProfile.LOG4J2);

        List<String> command = command(release, LoggingProfile.LOG4J2);
        List<String> cp = List.of(classPath(command).split(File.pathSeparator));

        assertThat(cp.get(0)).as("kbench's own classes first: the broker agent").isEqualTo(
                BrokerClassPath.codeSource(BrokerMain.class).toString());
        assertThat(Path.of(cp.get(0))).isDirectory();
        assertThat(cp).contains(jar("org/apache/kafka/kafka_2.13/4.4.0/kafka_2.13-4.4.0.jar"),
                jar("org/apache/kafka/kafka-clients/4.4.0/kafka-clients-4.4.0.jar"),
                BrokerClassPath.codeSource(org.slf4j.LoggerFactory.class).toString(),
                BrokerClassPath.codeSource(org.apache.logging.slf4j.SLF4JServiceProvider.class).toString());
        assertThat(cp).as("the release's SLF4J 1.7 and log4j give way to kbench's, which have the binding")
                .doesNotContain(jar("org/slf4j/slf4j-api/1.7.36/slf4j-api-1.7.36.jar"),
                        jar("org/apache/logging/log4j/log4j-core/2.25.5/log4j-core-2.25.5.jar"));
        assertThat(cp).as("no jar of kbench's own Kafka, no target/lib").doesNotContain(
                BrokerClassPath.codeSource(AppInfoParser.class).toString(), kbenchKafkaJar())
                .noneMatch(e -> e.contains("target" + File.separator + "lib"))
                .filteredOn(e -> Path.of(e).getFileName().toString().startsWith("kafka"))
                .allMatch(e -> e.endsWith("-4.4.0.jar"));
        assertThat(command).anyMatch(a -> a.startsWith("-Dlog4j2.configurationFile="));
        assertThat(command.subList(command.indexOf("-cp") + 2, command.size())).containsExactly(
                BrokerMain.class.getName(), BrokerLauncher.KAFKA_MAIN, tmp.resolve("server.properties").toString());
    }

    @Test
    void a3xReleaseKeepsItsOwnReload4jAndGetsAPropertiesConfig() throws IOException {
        List<String> jars = List.of(
                "org/apache/kafka/kafka_2.13/3.9.1/kafka_2.13-3.9.1.jar",
                "org/slf4j/slf4j-api/1.7.36/slf4j-api-1.7.36.jar",
                "org/slf4j/slf4j-reload4j/1.7.36/slf4j-reload4j-1.7.36.jar",
                "ch/qos/reload4j/reload4j/1.2.19/reload4j-1.2.19.jar");
        KafkaRelease release = release("3.9.1", jars);
        assertThat(LoggingProfile.of(release)).isEqualTo(LoggingProfile.RELOAD4J);

        List<String> command = command(release, LoggingProfile.RELOAD4J);
        List<String> cp = List.of(classPath(command).split(File.pathSeparator));

        assertThat(cp).containsExactly(BrokerClassPath.codeSource(BrokerMain.class).toString(), jar(jars.get(0)),
                jar(jars.get(1)), jar(jars.get(2)), jar(jars.get(3)));
        Path config = tmp.resolve("logs").resolve(BrokerLog4jConfig.RELOAD4J_FILE_NAME);
        assertThat(command).contains("-Dlog4j.configuration=" + config.toUri()).noneMatch(a -> a.startsWith("-Dlog4j2."));
        assertThat(Files.readString(config)).contains("log4j.appender.broker.File=${kafka.logs.dir}/broker-${"
                + BrokerLog4jConfig.NODE_ID_PROPERTY + "}.log", "ConversionPattern=[%d] %p %m (%c)%n");
    }

    @Test
    void conscryptsJarComesAlongForItsTlsEngineFactory() {
        KafkaRelease release = release("4.4.0", List.of("org/apache/kafka/kafka_2.13/4.4.0/kafka_2.13-4.4.0.jar"));

        assertThat(BrokerClassPath.entries(release, LoggingProfile.LOG4J2, true)).last()
                .isEqualTo(BrokerClassPath.codeSource(org.conscrypt.Conscrypt.class));
        assertThat(BrokerClassPath.entries(release, LoggingProfile.LOG4J2, false))
                .doesNotContain(BrokerClassPath.codeSource(org.conscrypt.Conscrypt.class));
    }

    @Test
    void aJarsGroupIsItsPlaceInTheMavenRepository() {
        Path repo = Path.of("/root/.m2/repository");
        assertThat(BrokerClassPath.inGroup(repo, repo.resolve("org/slf4j/slf4j-api/1.7.36/slf4j-api-1.7.36.jar"),
                "org.slf4j")).isTrue();
        assertThat(BrokerClassPath.inGroup(repo, repo.resolve("ch/qos/reload4j/reload4j/1.2.19/reload4j-1.2.19.jar"),
                LoggingProfile.RELOAD4J_GROUP)).isTrue();
        assertThat(BrokerClassPath.inGroup(repo, repo.resolve("org/apache/kafka/kafka_2.13/4.4.0/kafka_2.13-4.4.0.jar"),
                "org.slf4j")).isFalse();
        assertThat(BrokerClassPath.inGroup(repo, repo.resolve("com/example/org/slf4j/x/1/x-1.jar"), "org.slf4j"))
                .as("group com.example.org.slf4j").isFalse();
        assertThat(BrokerClassPath.inGroup(repo, Path.of("/x.jar"), "org.slf4j")).isFalse();
        assertThat(new KafkaRelease(ReleaseVersion.parse("v", "3.9.1"), List.of(), List.of(), ReleaseSource.CACHED, 0,
                repo.resolve("kbench/releases/3.9.1.json")).cacheRoot()).isEqualTo(repo);
    }

    @Test
    void aRollRelaunchesANodeOnItsReleaseWithTheLoggingThatReleaseReads() throws IOException {
        KafkaRelease old = release("3.9.1", List.of("org/apache/kafka/kafka_2.13/3.9.1/kafka_2.13-3.9.1.jar",
                "ch/qos/reload4j/reload4j/1.2.25/reload4j-1.2.25.jar"));
        KafkaRelease next = release("4.4.0", List.of("org/apache/kafka/kafka_2.13/4.4.0/kafka_2.13-4.4.0.jar"));
        Path logDir = tmp.resolve("logs");
        BrokerRuntime runtime = new BrokerRuntime(old, JavaRuntime.of(null), LoggingProfile.of(old));
        BrokerLauncher launcher = new BrokerLauncher(ClusterParams.of(3).withRelease(old).withRollReleases(List.of(next)),
                runtime, tmp, logDir, BrokerLog4jConfig.write(logDir, runtime.logging()), "cluster-id", false);
        assertThat(runtime.logging()).isEqualTo(LoggingProfile.RELOAD4J);
        assertThat(launcher.on(null)).as("no release named: the one it ran").isSameAs(launcher);
        assertThat(launcher.on("3.9.1")).isSameAs(launcher);

        BrokerLauncher upgraded = launcher.on("4.4.0");
        assertThat(upgraded.runtime().kafkaVersion()).isEqualTo("4.4.0");
        List<String> command = upgraded.command(new BrokerNode(1, 9092, 9093, true, 9094), tmp.resolve("server.properties"));
        assertThat(classPath(command)).contains(jar("org/apache/kafka/kafka_2.13/4.4.0/kafka_2.13-4.4.0.jar"))
                .doesNotContain("3.9.1");
        assertThat(command).contains("-Dlog4j2.configurationFile=" + logDir.resolve(BrokerLog4jConfig.FILE_NAME))
                .noneMatch(a -> a.startsWith("-Dlog4j.configuration="));
        assertThat(logDir.resolve(BrokerLog4jConfig.FILE_NAME)).as("written beside the reload4j one").exists();
        assertThat(launcher.on(AppInfoParser.getVersion()).runtime().release()).as("kbench's own jars").isNull();
        assertThatThrownBy(() -> launcher.on("4.2.0")).hasMessageContaining("Kafka 4.2.0 was not resolved");
    }

    /** The command line of node 1 of a 1-broker cluster on {@code release} (null: kbench's own) and this JDK. */
    private List<String> command(KafkaRelease release, LoggingProfile logging) throws IOException {
        Path logDir = tmp.resolve("logs");
        Path config = BrokerLog4jConfig.write(logDir, logging);
        BrokerRuntime runtime = new BrokerRuntime(release, JavaRuntime.of(null), logging);
        BrokerLauncher launcher = new BrokerLauncher(ClusterParams.of(1).withRelease(release), runtime, tmp, logDir,
                config, "cluster-id", false);
        return launcher.command(new BrokerNode(1, 9092, 9093, true, 9094), tmp.resolve("server.properties"));
    }

    private static String classPath(List<String> command) {
        return command.get(command.indexOf("-cp") + 1);
    }

    private KafkaRelease release(String version, List<String> jars) {
        List<Path> paths = jars.stream().map(j -> tmp.resolve("repo").resolve(j)).toList();
        return new KafkaRelease(ReleaseVersion.parse("v", version), paths, List.of(paths.get(0)), ReleaseSource.CACHED,
                0, tmp.resolve("repo/kbench/releases/" + version + ".json"));
    }

    private String jar(String relative) {
        return tmp.resolve("repo").resolve(relative).toString();
    }

    /** The broker jar of kbench's own Kafka, on the test class path at runtime scope. */
    private static String kbenchKafkaJar() {
        try {
            return BrokerClassPath.codeSource(Class.forName("kafka.Kafka")).toString();
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theRuntimeNamesItsReleaseAndWhereItCameFrom() {
        KafkaRelease release = release("3.9.1", List.of("org/apache/kafka/kafka_2.13/3.9.1/kafka_2.13-3.9.1.jar"));
        assertThat(new BrokerRuntime(release, JavaRuntime.of(null), LoggingProfile.RELOAD4J).describe())
                .isEqualTo("Kafka 3.9.1 (cached release)");
        assertThat(new BrokerRuntime(null, JavaRuntime.of(null), LoggingProfile.LOG4J2).describe())
                .isEqualTo("Kafka " + AppInfoParser.getVersion());
    }
}
