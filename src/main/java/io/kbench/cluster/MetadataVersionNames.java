package io.kbench.cluster;

import io.kbench.release.BundledRelease;
import io.kbench.release.KafkaRelease;
import io.kbench.release.ReleaseVersion;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The name of a {@code metadata.version} feature level ({@code 28} -> {@code 4.3-IV0}...), from a release's own table
 * ({@code org.apache.kafka.server.common.MetadataVersion} in its server-common jar). The Admin API gives levels only,
 * and kbench's own Kafka does not know the levels of a newer release, so the newest release the cluster has jars of
 * names it, each release's classes in a class loader of their own.
 */
final class MetadataVersionNames {
    private static final String TABLE = "org.apache.kafka.server.common.MetadataVersion";

    private MetadataVersionNames() {
    }

    /** {@code level} named by the newest of {@code releases} (null stands for kbench's own) that knows it. */
    static Optional<String> name(short level, List<KafkaRelease> releases) {
        List<KafkaRelease> newestFirst = new ArrayList<>(releases);
        newestFirst.sort(Comparator.comparing(MetadataVersionNames::version).reversed());
        for (KafkaRelease r : newestFirst) {
            Optional<String> name = r == null ? name(level, MetadataVersionNames.class.getClassLoader()) : inRelease(level, r);
            if (name.isPresent()) {
                return name;
            }
        }
        return Optional.empty();
    }

    private static ReleaseVersion version(KafkaRelease r) {
        return r == null ? BundledRelease.version() : r.version();
    }

    private static Optional<String> inRelease(short level, KafkaRelease release) {
        List<URL> urls = new ArrayList<>();
        for (var jar : release.brokerClassPath()) {
            try {
                urls.add(jar.toUri().toURL());
            } catch (MalformedURLException e) {
                return Optional.empty();
            }
        }
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            return name(level, loader);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> name(short level, ClassLoader loader) {
        try {
            Object version = Class.forName(TABLE, true, loader).getMethod("fromFeatureLevel", short.class)
                    .invoke(null, level);
            return Optional.of(String.valueOf(version.getClass().getMethod("version").invoke(version)));
        } catch (ReflectiveOperationException | LinkageError | RuntimeException unknown) {
            return Optional.empty();
        }
    }
}
