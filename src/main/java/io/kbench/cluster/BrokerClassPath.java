package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import io.kbench.release.BundledRelease;
import io.kbench.release.KafkaRelease;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipFile;

/**
 * The class path of a broker JVM. kbench's own Kafka: kbench's whole class path, as it always was. Another release:
 * kbench's own classes (the broker agent: {@link BrokerMain}, {@link BrokerBatchRead}, and the TLS engine factory of
 * {@code tlsProvider: conscrypt}) and that release's broker jars, never a jar of kbench's own Kafka, so that no class
 * of two Kafka releases meets in one JVM. Only the logging back end may come from kbench ({@link LoggingProfile}).
 */
final class BrokerClassPath {
    /** Groups of the logging jars a log4j 2 broker takes from kbench instead of the release (slf4j, log4j 2). */
    private static final List<String> KBENCH_LOGGING_GROUPS = List.of("org.slf4j", "org.apache.logging.log4j");
    /**
     * System property with the class path of kbench as built (its own Kafka included), for a kbench re-launched on
     * another class path (clients of another release): its bundled brokers keep kbench's own Kafka. Unset: the class
     * path of this JVM.
     */
    static final String BUNDLED_CLASS_PATH_PROPERTY = BundledRelease.CLASS_PATH_PROPERTY;
    /** The class of the Conscrypt jar kbench's TLS engine factory needs beside it. */
    static final String CONSCRYPT_CLASS = "org.conscrypt.Conscrypt";

    private BrokerClassPath() {
    }

    /**
     * The class path for {@code release} (null: kbench's own Kafka) logging with {@code logging}; with a TLS engine
     * factory ({@code ssl.engine.factory.class}, Conscrypt) its jar too.
     */
    static String of(KafkaRelease release, LoggingProfile logging, String engineFactoryClass) {
        if (release == null) {
            return absoluteClassPath(BundledRelease.classPath());
        }
        List<String> classPath = new ArrayList<>();
        for (Path p : entries(release, logging, engineFactoryClass != null)) {
            classPath.add(p.toString());
        }
        return String.join(File.pathSeparator, classPath);
    }

    /** The entries for a release, in order: kbench's classes, kbench's logging (log4j 2 only), the release, TLS. */
    static List<Path> entries(KafkaRelease release, LoggingProfile logging, boolean conscrypt) {
        Set<Path> entries = new LinkedHashSet<>();
        entries.add(kbenchClasses());
        if (logging == LoggingProfile.LOG4J2) {
            // kbench's SLF4J 2 with its log4j 2 binding: 4.x releases bring log4j 2 and SLF4J 1.7 but no binding.
            entries.add(codeSource(org.slf4j.LoggerFactory.class));
            entries.add(codeSource(org.apache.logging.slf4j.SLF4JServiceProvider.class));
            entries.add(codeSource(org.apache.logging.log4j.LogManager.class));
            entries.add(codeSource(org.apache.logging.log4j.core.LoggerContext.class));
        }
        for (Path jar : release.brokerClassPath()) {
            boolean replaced = logging == LoggingProfile.LOG4J2
                    && KBENCH_LOGGING_GROUPS.stream().anyMatch(group -> inGroup(release.cacheRoot(), jar, group));
            if (!replaced) {
                entries.add(jar.toAbsolutePath().normalize());
            }
        }
        if (conscrypt) {
            entries.add(codeSource(CONSCRYPT_CLASS));
        }
        return List.copyOf(entries);
    }

    /**
     * Where kbench's own classes are: a directory ({@code target/classes}, {@code /opt/kbench/classes}). A jar holding
     * Kafka's classes as well would bring kbench's Kafka into the other release's JVM: refused.
     */
    static Path kbenchClasses() {
        Path classes = codeSource(BrokerMain.class);
        if (!Files.isDirectory(classes)) {
            try (ZipFile jar = new ZipFile(classes.toFile())) {
                if (jar.getEntry("kafka/Kafka.class") != null || jar.getEntry("org/apache/kafka/common/utils/Utils.class") != null) {
                    throw new RunFailedException("kbench's classes are in " + classes + ", which holds Kafka "
                            + "itself; another release's brokers need kbench's classes apart from its Kafka");
                }
            } catch (IOException e) {
                throw new RunFailedException("cannot read " + classes + ": " + e.getMessage(), e);
            }
        }
        return classes;
    }

    /**
     * Whether {@code jar} is an artifact of {@code group} by its place in the Maven repository {@code root}
     * ({@code <root>/<group as directories>/<artifact>/<version>/<file>}), which is where every release's jars are kept.
     */
    static boolean inGroup(Path root, Path jar, String group) {
        Path version = jar.toAbsolutePath().normalize().getParent();
        Path artifact = version == null ? null : version.getParent();
        Path groupDir = artifact == null ? null : artifact.getParent();
        Path expected = root.toAbsolutePath().normalize().resolve(Path.of("", group.split("\\.")));
        return groupDir != null && groupDir.equals(expected);
    }

    private static Path codeSource(String className) {
        try {
            return codeSource(Class.forName(className, false, BrokerClassPath.class.getClassLoader()));
        } catch (ClassNotFoundException e) {
            throw new RunFailedException(className + " is not on kbench's class path: " + e.getMessage(), e);
        }
    }

    /** The jar or directory {@code type} was loaded from. */
    static Path codeSource(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | RuntimeException e) {
            throw new RunFailedException("cannot tell where " + type.getName() + " was loaded from: " + e, e);
        }
    }

    /** The broker runs in its node dir, so relative class path entries must be made absolute. */
    static String absoluteClassPath(String classPath) {
        List<String> entries = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            if (entry.equals("*") || entry.endsWith(File.separator + "*")) {
                String dir = entry.substring(0, entry.length() - 1);
                entries.add(Path.of(dir.isEmpty() ? "." : dir).toAbsolutePath().normalize() + File.separator + "*");
            } else {
                entries.add(Path.of(entry).toAbsolutePath().normalize().toString());
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
