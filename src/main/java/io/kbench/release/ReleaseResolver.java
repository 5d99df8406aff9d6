package io.kbench.release;

import io.kbench.error.RunFailedException;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.aether.ConfigurationProperties;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession.CloseableSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.graph.Exclusion;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.repository.RepositoryPolicy;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.transfer.AbstractTransferListener;
import org.eclipse.aether.transfer.TransferEvent;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;
import org.eclipse.aether.util.repository.SimpleArtifactDescriptorPolicy;
import org.eclipse.aether.util.repository.SimpleResolutionErrorPolicy;

/**
 * Makes a Kafka release available: from its manifest in the cache when complete (no network), otherwise resolved
 * with Maven Resolver, Maven's own dependency resolution (the same POMs, exclusions, version mediation and local
 * repository layout as {@code ./mvnw}), then recorded in a manifest. The broker side is {@code kafka_2.13} and
 * {@code kafka-tools} without Kafka Connect, as kbench's pom.xml takes them; the client side is {@code kafka-clients}.
 */
public final class ReleaseResolver {
    /** The default remote: Maven Central, where the build gets Kafka too. */
    public static final String MAVEN_CENTRAL = "https://repo.maven.apache.org/maven2/";
    /** Environment variable naming another Maven repository (a mirror, or a {@code file:} URL). */
    public static final String REPOSITORY_ENV = "KBENCH_KAFKA_REPOSITORY";

    static final String GROUP = "org.apache.kafka";
    static final String BROKER_ARTIFACT = "kafka_2.13";
    /** The perf tools and the features tool need none of Connect; it would drag Jetty in (as in pom.xml). */
    private static final List<Exclusion> TOOLS_EXCLUSIONS = List.of(
            new Exclusion(GROUP, "connect-runtime", "*", "*"),
            new Exclusion(GROUP, "connect-api", "*", "*"),
            new Exclusion(GROUP, "connect-json", "*", "*"),
            new Exclusion(GROUP, "connect-transforms", "*", "*"),
            new Exclusion("com.fasterxml.jackson.jakarta.rs", "jackson-jakarta-rs-json-provider", "*", "*"),
            new Exclusion("com.fasterxml.jackson.jaxrs", "jackson-jaxrs-json-provider", "*", "*"));
    /** A stalled download fails instead of hanging a run for Maven's default half hour. */
    private static final int REQUEST_TIMEOUT_MS = 120_000;

    private final ReleaseCache cache;
    private final String repository;

    public ReleaseResolver(ReleaseCache cache, String repository) {
        this.cache = cache;
        this.repository = repository.endsWith("/") ? repository : repository + "/";
    }

    /** The standard cache ({@link ReleaseCache#standard()}) and {@code KBENCH_KAFKA_REPOSITORY} or Maven Central. */
    public static ReleaseResolver standard() {
        return new ReleaseResolver(ReleaseCache.standard(), standardRepository());
    }

    /** {@code KBENCH_KAFKA_REPOSITORY}, else Maven Central. */
    public static String standardRepository() {
        String env = System.getenv(REPOSITORY_ENV);
        return env == null || env.isBlank() ? MAVEN_CENTRAL : env;
    }

    public ReleaseCache cache() {
        return cache;
    }

    /** How messages name the remote: "Maven Central" for the default, else its URL (the user's own setting). */
    public String repositoryName() {
        return repository.equals(MAVEN_CENTRAL) ? "Maven Central" : repository;
    }

    /**
     * The release, from the cache when its manifest is complete, else resolved (downloading what the cache lacks).
     * {@code field} names where the version was asked for ({@code cluster.kafkaVersion}, {@code kafka fetch}) in the
     * one-line error when it cannot be had: exit 2 when the remote has no such release, exit 1 when it cannot be
     * reached.
     */
    public KafkaRelease obtain(String field, ReleaseVersion version) {
        Optional<KafkaRelease> cached = cache.complete(version);
        return cached.isPresent() ? cached.get() : resolve(field, version);
    }

    private KafkaRelease resolve(String field, ReleaseVersion version) {
        AtomicInteger downloads = new AtomicInteger();
        RemoteRepository remote = remote();
        try (RepositorySystem system = new RepositorySystemSupplier().get();
                CloseableSession session = session(system, downloads)) {
            List<ReleaseFile> broker = closure(system, session, remote, List.of(
                    dependency(BROKER_ARTIFACT, version, List.of()),
                    dependency("kafka-tools", version, TOOLS_EXCLUSIONS)));
            List<ReleaseFile> client = closure(system, session, remote, List.of(
                    dependency("kafka-clients", version, List.of())));
            ReleaseManifest manifest = new ReleaseManifest(version.toString(), Instant.now(), repository, broker, client);
            cache.store(manifest);
            return cache.release(version, manifest, downloads.get() > 0 ? ReleaseSource.FETCHED : ReleaseSource.CACHED);
        } catch (DependencyResolutionException e) {
            throw ReleaseErrors.of(field, version, e, cache.root(), repositoryName());
        }
    }

    private CloseableSession session(RepositorySystem system, AtomicInteger downloads) {
        return new SessionBuilderSupplier(system).get()
                .withLocalRepositoryBaseDirectories(cache.root())
                // A POM missing anywhere in the closure fails the resolution, naming it, instead of silently dropping
                // that artifact's dependencies (Maven's default ignores it), which would give a broker that cannot
                // start. A POM the model builder finds invalid is tolerated, as Maven tolerates it.
                .setArtifactDescriptorPolicy(new SimpleArtifactDescriptorPolicy(false, true))
                // Do not remember "not found" or transfer errors: a release published later, or the network back,
                // must work on the next call.
                .setResolutionErrorPolicy(new SimpleResolutionErrorPolicy(false, false))
                .setConfigProperty(ConfigurationProperties.REQUEST_TIMEOUT, REQUEST_TIMEOUT_MS)
                .setTransferListener(new AbstractTransferListener() {
                    @Override
                    public void transferSucceeded(TransferEvent event) {
                        if (event.getRequestType() == TransferEvent.RequestType.GET) {
                            downloads.incrementAndGet();
                        }
                    }
                })
                .build();
    }

    private RemoteRepository remote() {
        // The id "central" is the one ./mvnw records for what it downloaded, so Maven's local repository manager
        // accepts the jars the build already fetched (kbench's own Kafka) without asking the remote again.
        return new RemoteRepository.Builder("central", "default", repository)
                .setReleasePolicy(new RepositoryPolicy(true, RepositoryPolicy.UPDATE_POLICY_NEVER,
                        RepositoryPolicy.CHECKSUM_POLICY_FAIL))
                .setSnapshotPolicy(new RepositoryPolicy(false, RepositoryPolicy.UPDATE_POLICY_NEVER,
                        RepositoryPolicy.CHECKSUM_POLICY_FAIL))
                .build();
    }

    private static Dependency dependency(String artifactId, ReleaseVersion version, List<Exclusion> exclusions) {
        return new Dependency(new DefaultArtifact(GROUP, artifactId, "jar", version.toString()), JavaScopes.RUNTIME,
                false, exclusions);
    }

    private List<ReleaseFile> closure(RepositorySystem system, CloseableSession session, RemoteRepository remote,
            List<Dependency> roots) throws DependencyResolutionException {
        CollectRequest collect = new CollectRequest(new ArrayList<>(roots), new ArrayList<>(),
                new ArrayList<>(List.of(remote)));
        DependencyRequest request = new DependencyRequest(collect, DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME));
        List<ArtifactResult> results = system.resolveDependencies(session, request).getArtifactResults();
        return results.stream().map(r -> file(r.getArtifact())).toList();
    }

    private ReleaseFile file(Artifact artifact) {
        Path path = artifact.getPath().toAbsolutePath().normalize();
        String relative = cache.root().relativize(path).toString().replace(File.separatorChar, '/');
        String classifier = artifact.getClassifier().isEmpty() ? "" : ":" + artifact.getClassifier();
        try {
            return new ReleaseFile(artifact.getGroupId() + ":" + artifact.getArtifactId() + ":" + artifact.getVersion()
                    + classifier, relative, Files.size(path), sha1(path));
        } catch (IOException e) {
            throw new RunFailedException("cannot read " + path + " just resolved: " + e.getMessage(), e);
        }
    }

    private static String sha1(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-1");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0;) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }
}
