package io.kbench.release;

import io.kbench.error.RunFailedException;
import io.kbench.format.StrictMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where releases are kept: a Maven local repository, by default the one {@code ./mvnw} fills when it builds kbench
 * ({@code ~/.m2/repository}), so kbench's own Kafka is already there and a cache is copied like any Maven repository.
 * Each resolved release has a manifest, {@code kbench/releases/<version>.json}, listing its files: a release whose
 * files are all present is used without network and without the resolver.
 */
public final class ReleaseCache {
    /** Environment variable naming another cache directory. */
    public static final String ENV = "KBENCH_KAFKA_CACHE";

    private final Path root;

    public ReleaseCache(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** {@code KBENCH_KAFKA_CACHE}, else Maven's {@code -Dmaven.repo.local}, else {@code ~/.m2/repository}. */
    public static ReleaseCache standard() {
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return new ReleaseCache(Path.of(env));
        }
        String maven = System.getProperty("maven.repo.local");
        if (maven != null && !maven.isBlank()) {
            return new ReleaseCache(Path.of(maven));
        }
        return new ReleaseCache(Path.of(System.getProperty("user.home"), ".m2", "repository"));
    }

    public Path root() {
        return root;
    }

    public Path manifestPath(ReleaseVersion version) {
        return manifests().resolve(version + ".json");
    }

    private Path manifests() {
        return root.resolve("kbench").resolve("releases");
    }

    /** The release from its manifest when every file it lists is present, without touching the network. */
    public Optional<KafkaRelease> complete(ReleaseVersion version) {
        return read(manifestPath(version)).filter(m -> missing(m) == 0).map(m -> release(version, m, ReleaseSource.CACHED));
    }

    /** The jars of {@code manifest} as absolute paths in this cache. */
    public KafkaRelease release(ReleaseVersion version, ReleaseManifest manifest, ReleaseSource source) {
        return new KafkaRelease(version, paths(manifest.broker()), paths(manifest.client()), source, manifest.bytes(),
                manifestPath(version));
    }

    private List<Path> paths(List<ReleaseFile> files) {
        return files.stream().map(f -> root.resolve(f.path())).toList();
    }

    /** Files of {@code manifest} that are gone or no longer have the recorded size. */
    public int missing(ReleaseManifest manifest) {
        int missing = 0;
        for (ReleaseFile f : manifest.files()) {
            Path p = root.resolve(f.path());
            try {
                if (!Files.isRegularFile(p) || Files.size(p) != f.bytes()) {
                    missing++;
                }
            } catch (IOException e) {
                missing++;
            }
        }
        return missing;
    }

    /** Writes the manifest atomically: a reader sees the old one or the new one, never half a file. */
    public void store(ReleaseManifest manifest) {
        Path target = manifests().resolve(manifest.version() + ".json");
        try {
            Files.createDirectories(target.getParent());
            Path tmp = Files.createTempFile(target.getParent(), manifest.version() + ".", ".tmp");
            StrictMapper.json().writeValue(tmp.toFile(), manifest);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new RunFailedException("cannot write the release manifest " + target + ": " + e.getMessage(), e);
        }
    }

    /** Every release with a manifest here, oldest first. */
    public List<CachedRelease> list() {
        Path dir = manifests();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<CachedRelease> releases = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.sorted().toList()) {
                String name = p.getFileName().toString();
                if (!name.endsWith(".json")) {
                    continue;
                }
                ReleaseVersion version;
                try {
                    version = ReleaseVersion.parse("manifest", name.substring(0, name.length() - ".json".length()));
                } catch (RuntimeException notARelease) {
                    continue; // not a file kbench wrote: leave it alone
                }
                Optional<ReleaseManifest> m = read(p);
                releases.add(new CachedRelease(version, p, m.orElse(null), m.map(this::missing).orElse(0)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        releases.sort(Comparator.comparing(CachedRelease::version));
        return releases;
    }

    /** An absent or unreadable manifest reads as none: resolving again rewrites it. */
    private static Optional<ReleaseManifest> read(Path manifest) {
        if (!Files.isRegularFile(manifest)) {
            return Optional.empty();
        }
        try {
            return Optional.of(StrictMapper.tolerantJson().readValue(manifest.toFile(), ReleaseManifest.class));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
