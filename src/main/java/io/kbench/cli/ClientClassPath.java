package io.kbench.cli;

import io.kbench.error.RunFailedException;
import io.kbench.release.BundledRelease;
import io.kbench.release.KafkaRelease;
import io.kbench.release.ReleaseResolver;
import io.kbench.release.ReleaseVersion;
import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A kbench re-launched on another release's Kafka client ({@code clients.kafkaVersion}, {@code
 * --client-kafka-version}; {@link ClientJvm} re-launches it): a JVM of its own rather than a class loader, because
 * every part of the load (producers, consumers, topic set-up, verification, telemetry's client metrics) is written
 * against Kafka's client classes, and one JVM keeps all of them working on the other client. Its run records the
 * client version read from the client jars it ran ({@code environment.kafkaClientVersion}); it is told kbench's own
 * release and class path ({@link #handedDown}), which its embedded brokers of kbench's Kafka keep.
 *
 * <p>Its class path: kbench's own class path without any jar of its own Kafka (broker, tools and client alike) and
 * without Scala, which only the broker needs, plus the release's client jars ({@code kafka-clients} and its compression
 * libraries), so that the two clients never meet in one JVM.
 *
 * <p>A jar is told apart by the packages of its classes, not by its name or Maven coordinates: Kafka's own jars carry
 * no Maven metadata (Gradle builds them), a jar's group may change between releases (lz4-java is {@code org.lz4} in
 * 3.9.1 and {@code at.yawk.lz4} from 4.x on) and the launcher's {@code target/lib} has file names only. kbench's jar of
 * a library the release brings too (zstd-jni, lz4-java, snappy-java) gives way to the release's, except for SLF4J:
 * kbench keeps its SLF4J 2 API with its log4j 2 binding, and the release's SLF4J 1.7 API is left out (the 1.7 API
 * would find no binding; SLF4J 2 serves the 1.7 client's calls, which it keeps binary compatible).
 */
final class ClientClassPath {
    /** Kafka's own packages: the client's ({@code org.apache.kafka}) and the broker's Scala ones ({@code kafka}). */
    private static final List<String> KAFKA_PACKAGES = List.of("org/apache/kafka", "kafka");
    /** Scala's runtime: the broker's, which kbench's own code never calls. */
    private static final List<String> BROKER_ONLY_PACKAGES = List.of("scala");
    /** kbench's logging facade, kept over the release's. */
    private static final String SLF4J = "org/slf4j";

    /** The workload field naming the client release; {@code --client-kafka-version} is applied as an override of it. */
    static final String FIELD = "clients.kafkaVersion";

    private ClientClassPath() {
    }

    /**
     * The Kafka client release {@code version} names, from the release cache, fetched into it when absent there, as
     * {@code cluster.kafkaVersion} is; null for none, for kbench's own version (its client is this JVM's) and in a
     * JVM re-launched on the release already. Called before any broker starts: a release the repository does not
     * have is exit 2, one neither cached nor reachable exit 1, each one line naming {@code clients.kafkaVersion}.
     */
    static KafkaRelease release(String version) {
        if (version == null || !BundledRelease.onClassPath()) {
            return null;
        }
        ReleaseVersion v = ReleaseVersion.parse(FIELD, version);
        return v.equals(BundledRelease.version()) ? null : ReleaseResolver.standard().obtain(FIELD, v);
    }

    /** The class path of a kbench re-launched on {@code release}'s client, from kbench's own. */
    static String of(KafkaRelease release) {
        return String.join(File.pathSeparator, of(BundledRelease.classPath(), release).stream().map(Path::toString).toList());
    }

    /**
     * What a kbench re-launched on {@code release}'s client is told (system properties, none secret): kbench's own
     * class path and version, which its embedded brokers of kbench's Kafka keep (the start line and cluster.json name
     * that version, not the client's), and the client release, so that it neither re-launches again nor looks for
     * broker classes it does not have ({@link BundledRelease#onClassPath}).
     */
    static Map<String, String> handedDown(KafkaRelease release) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(BundledRelease.CLASS_PATH_PROPERTY, BundledRelease.classPath());
        properties.put(BundledRelease.VERSION_PROPERTY, BundledRelease.version().toString());
        properties.put(BundledRelease.CLIENT_RELEASE_PROPERTY, release.version().toString());
        return properties;
    }

    /** {@code bundled} (kbench's class path as built, {@code dir/*} entries allowed) with {@code release}'s client. */
    static List<Path> of(String bundled, KafkaRelease release) {
        List<Path> entries = new ArrayList<>();
        for (String entry : bundled.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.addAll(expanded(entry));
            }
        }
        return of(entries, release);
    }

    /** As {@link #of(String, KafkaRelease)} on class path entries that are jars or directories. */
    static List<Path> of(List<Path> bundled, KafkaRelease release) {
        List<Path> clientJars = new ArrayList<>();
        Set<String> clientPackages = new HashSet<>();
        for (Path jar : release.clientClassPath()) {
            Set<String> packages = packages(jar);
            if (!startsWithAny(packages, List.of(SLF4J))) {
                clientJars.add(jar.toAbsolutePath().normalize());
                packages.stream().filter(p -> !startsWithAny(Set.of(p), KAFKA_PACKAGES)).forEach(clientPackages::add);
            }
        }
        Set<Path> classPath = new LinkedHashSet<>();
        for (Path entry : bundled) {
            Path absolute = entry.toAbsolutePath().normalize();
            if (Files.isDirectory(absolute)) {
                classPath.add(absolute); // kbench's own classes (target/classes, a test's classes)
                continue;
            }
            if (!Files.isRegularFile(absolute)) {
                continue; // an entry the JVM would skip too
            }
            Set<String> packages = packages(absolute);
            boolean replaced = startsWithAny(packages, KAFKA_PACKAGES) || startsWithAny(packages, BROKER_ONLY_PACKAGES)
                    || packages.stream().anyMatch(clientPackages::contains);
            if (!replaced) {
                classPath.add(absolute);
            }
        }
        classPath.addAll(clientJars);
        return List.copyOf(classPath);
    }

    /** A class path entry as the JVM reads it: {@code dir/*} is every jar in {@code dir}, in name order. */
    private static List<Path> expanded(String entry) {
        if (!entry.equals("*") && !entry.endsWith(File.separator + "*")) {
            return List.of(Path.of(entry));
        }
        Path dir = Path.of(entry.length() == 1 ? "." : entry.substring(0, entry.length() - 2));
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.{jar,JAR}")) {
            files.forEach(jars::add);
        } catch (IOException e) {
            return List.of(); // as the JVM: a directory it cannot list adds nothing
        }
        jars.sort(null);
        return jars;
    }

    /** The packages of the classes in {@code jar}, as paths ({@code org/apache/kafka/clients}). */
    static Set<String> packages(Path jar) {
        Set<String> packages = new HashSet<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> all = zip.entries();
            while (all.hasMoreElements()) {
                String name = all.nextElement().getName();
                if (name.startsWith("META-INF/versions/")) {
                    // A multi-release jar's class for a newer JDK: META-INF/versions/<n>/<package>/<class>.class
                    int third = name.indexOf('/', "META-INF/versions/".length());
                    name = third < 0 ? "" : name.substring(third + 1);
                }
                int slash = name.lastIndexOf('/');
                if (name.endsWith(".class") && slash > 0 && !name.startsWith("META-INF/")) {
                    packages.add(name.substring(0, slash));
                }
            }
        } catch (IOException e) {
            throw new RunFailedException("cannot read " + jar + " for the client class path: " + e.getMessage(), e);
        }
        return packages;
    }

    private static boolean startsWithAny(Set<String> packages, List<String> roots) {
        return packages.stream().anyMatch(p -> roots.stream().anyMatch(r -> p.equals(r) || p.startsWith(r + "/")));
    }
}
