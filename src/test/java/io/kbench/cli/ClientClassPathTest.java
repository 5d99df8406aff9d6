package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.release.BundledRelease;
import io.kbench.release.KafkaRelease;
import io.kbench.release.ReleaseSource;
import io.kbench.release.ReleaseVersion;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class path of a kbench re-launched on a client release, built from kbench's real jars as this test JVM loaded
 * them (its Kafka 4.3.1 with the broker and Scala, at.yawk lz4-java, zstd-jni, snappy-java, SLF4J 2 with log4j 2,
 * picocli) and a release laid out in a temporary cache as 3.9.1's client side is (kafka-clients, org.lz4 lz4-java
 * 1.8.0, zstd-jni, snappy-java, SLF4J 1.7): no jar of kbench's own Kafka stays, the release's compression libraries
 * replace kbench's by what they hold (lz4-java changed its group), and kbench's SLF4J 2 with its log4j 2 binding stays
 * while the release's SLF4J goes.
 */
class ClientClassPathTest {
    @TempDir
    Path cache;

    private Path jar(String path, String... classes) throws IOException {
        Path jar = cache.resolve(path);
        Files.createDirectories(jar.getParent());
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
            zip.closeEntry();
            for (String c : classes) {
                zip.putNextEntry(new ZipEntry(c));
                zip.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
                zip.closeEntry();
            }
        }
        return jar;
    }

    private KafkaRelease release391() throws IOException {
        List<Path> client = List.of(
                jar("org/apache/kafka/kafka-clients/3.9.1/kafka-clients-3.9.1.jar",
                        "org/apache/kafka/clients/producer/KafkaProducer.class",
                        "org/apache/kafka/common/utils/AppInfoParser.class"),
                jar("com/github/luben/zstd-jni/1.5.6-4/zstd-jni-1.5.6-4.jar", "com/github/luben/zstd/Zstd.class"),
                jar("org/lz4/lz4-java/1.8.0/lz4-java-1.8.0.jar", "net/jpountz/lz4/LZ4Factory.class",
                        "net/jpountz/xxhash/XXHashFactory.class"),
                jar("org/xerial/snappy/snappy-java/1.1.10.5/snappy-java-1.1.10.5.jar", "org/xerial/snappy/Snappy.class"),
                jar("org/slf4j/slf4j-api/1.7.36/slf4j-api-1.7.36.jar", "org/slf4j/LoggerFactory.class"));
        return new KafkaRelease(ReleaseVersion.parse("v", "3.9.1"), List.of(), client, ReleaseSource.CACHED, 0,
                cache.resolve("kbench/releases/3.9.1.json"));
    }

    private static Path codeSource(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath().normalize();
    }

    /** By name: most of these jars are on the test's run-time class path only. */
    private static Path codeSource(String className) throws Exception {
        return codeSource(Class.forName(className, false, ClientClassPathTest.class.getClassLoader()));
    }

    @Test
    void noJarOfKbenchsKafkaStaysAndTheReleasesClientLibrariesReplaceKbenchs() throws Exception {
        KafkaRelease release = release391();
        // kbench's own class path as built, by where this JVM loaded each of these from (not java.class.path, which a
        // test runner may have replaced by a jar of its own).
        List<String> bundled = new ArrayList<>();
        for (String type : List.of("io.kbench.cli.ClientClassPath", "org.apache.kafka.clients.producer.KafkaProducer",
                "kafka.Kafka", "org.apache.kafka.server.config.AbstractKafkaConfig", "scala.Option",
                "net.jpountz.lz4.LZ4Factory", "com.github.luben.zstd.Zstd", "org.xerial.snappy.Snappy",
                "org.slf4j.LoggerFactory", "org.apache.logging.slf4j.SLF4JServiceProvider",
                "org.apache.logging.log4j.core.LoggerContext", "picocli.CommandLine")) {
            bundled.add(codeSource(type).toString());
        }
        List<Path> classPath = ClientClassPath.of(String.join(File.pathSeparator, bundled), release);

        List<Path> kafka = new ArrayList<>();
        for (Path entry : classPath) {
            if (Files.isRegularFile(entry) && ClientClassPath.packages(entry).stream()
                    .anyMatch(p -> p.startsWith("org/apache/kafka") || p.equals("kafka") || p.startsWith("kafka/"))) {
                kafka.add(entry);
            }
        }
        assertThat(kafka).as("the only jar with Kafka's classes").containsExactly(release.clientClassPath().get(0));
        assertThat(classPath).as("kbench's own Kafka, its lz4 (another group), zstd and snappy are gone")
                .doesNotContain(codeSource(org.apache.kafka.clients.producer.KafkaProducer.class),
                        codeSource("net.jpountz.lz4.LZ4Factory"), codeSource("com.github.luben.zstd.Zstd"),
                        codeSource("org.xerial.snappy.Snappy"), codeSource("scala.Option"));
        assertThat(classPath).as("the release's client libraries, not its SLF4J 1.7")
                .containsAll(release.clientClassPath().subList(0, 4)).doesNotContain(release.clientClassPath().get(4));
        assertThat(classPath).as("kbench's classes and logging stay")
                .contains(codeSource(ClientClassPath.class), codeSource(org.slf4j.LoggerFactory.class),
                        codeSource("org.apache.logging.slf4j.SLF4JServiceProvider"),
                        codeSource("org.apache.logging.log4j.core.LoggerContext"),
                        codeSource(picocli.CommandLine.class));
        assertThat(classPath).as("kbench's broker jars go too").doesNotContain(codeSource("kafka.Kafka"),
                codeSource("org.apache.kafka.server.config.AbstractKafkaConfig"));
        assertThat(classPath).doesNotHaveDuplicates();
    }

    /** The launcher's {@code target/lib/*}: a directory wildcard is read as the jars in it, in name order. */
    @Test
    void aWildcardEntryIsTheJarsOfItsDirectory() throws Exception {
        KafkaRelease release = release391();
        Path lib = Files.createDirectories(cache.resolve("lib"));
        Path kbenchKafka = jar("lib/kafka-clients-4.3.1.jar", "org/apache/kafka/clients/producer/KafkaProducer.class");
        Path broker = jar("lib/kafka_2.13-4.3.1.jar", "kafka/Kafka.class");
        Path lz4 = jar("lib/lz4-java-1.10.2.jar", "net/jpountz/lz4/LZ4Factory.class");
        Path multiRelease = jar("lib/zz-multi.jar", "META-INF/versions/11/org/xerial/snappy/Snappy.class");
        Path yaml = jar("lib/snakeyaml-2.5.jar", "org/yaml/snakeyaml/Yaml.class");
        Path classes = Files.createDirectories(cache.resolve("classes"));

        List<Path> classPath = ClientClassPath.of(classes + File.pathSeparator + lib + File.separator + "*", release);
        assertThat(classPath).startsWith(classes, yaml).doesNotContain(kbenchKafka, broker, lz4, multiRelease)
                .endsWith(release.clientClassPath().subList(0, 4).toArray(Path[]::new));
    }

    /** What the re-launched JVM is told: kbench's own release and class path, and that it runs the client release. */
    @Test
    void theReLaunchedJvmIsToldKbenchsOwnReleaseAndItsClientRelease() throws IOException {
        Map<String, String> told = ClientClassPath.handedDown(release391());
        assertThat(told).containsEntry(BundledRelease.CLASS_PATH_PROPERTY, System.getProperty("java.class.path"))
                .containsEntry(BundledRelease.VERSION_PROPERTY, BundledRelease.version().toString())
                .containsEntry(BundledRelease.CLIENT_RELEASE_PROPERTY, "3.9.1");
        assertThat(BundledRelease.version().toString()).as("kbench's own, read from its jar").isEqualTo("4.3.1");
        assertThat(ClientClassPath.release(null)).isNull();
        assertThat(ClientClassPath.release("4.3.1")).as("kbench's own release needs no re-launch").isNull();
    }
}
