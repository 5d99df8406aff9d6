package io.kbench.release;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A Maven repository on disk in the standard layout (POM, jar and their SHA-1 files), for resolving through the real
 * Maven Resolver with a {@code file:} URL: the same code path as Maven Central, without the network.
 */
public final class FileRepository {
    private final Path root;

    public FileRepository(Path root) {
        this.root = root;
    }

    public String url() {
        return root.toUri().toString();
    }

    public Path root() {
        return root;
    }

    /**
     * A stand-in release {@code version} shaped like Kafka's: {@code kafka_2.13} depends on {@code kafka-clients} and
     * on {@code com.example:server-dep} (runtime) and on a test-scoped artifact that is never published;
     * {@code kafka-tools} on {@code kafka-clients} and on {@code connect-runtime}, which is not published either, so
     * resolution fails unless kbench's exclusion works.
     */
    public FileRepository kafkaLike(String version) throws IOException {
        artifact("org.apache.kafka", "kafka-clients", version, List.of());
        artifact("com.example", "server-dep", "1.0", List.of());
        artifact("org.apache.kafka", "kafka_2.13", version, List.of(
                dep("org.apache.kafka", "kafka-clients", version, "compile"),
                dep("com.example", "server-dep", "1.0", "runtime"),
                dep("com.example", "only-for-tests", "1.0", "test")));
        artifact("org.apache.kafka", "kafka-tools", version, List.of(
                dep("org.apache.kafka", "kafka-clients", version, "runtime"),
                dep("org.apache.kafka", "connect-runtime", version, "runtime")));
        return this;
    }

    public static String dep(String group, String artifact, String version, String scope) {
        return "<dependency><groupId>" + group + "</groupId><artifactId>" + artifact + "</artifactId><version>" + version
                + "</version><scope>" + scope + "</scope></dependency>";
    }

    /** Publishes {@code group:artifact:version} as a POM with {@code dependencies} and a jar with one entry. */
    public void artifact(String group, String artifact, String version, List<String> dependencies) throws IOException {
        Path dir = root.resolve(group.replace('.', '/')).resolve(artifact).resolve(version);
        Files.createDirectories(dir);
        String pom = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>"
                + "<groupId>" + group + "</groupId><artifactId>" + artifact + "</artifactId><version>" + version
                + "</version><dependencies>" + String.join("", dependencies) + "</dependencies></project>\n";
        write(dir.resolve(artifact + "-" + version + ".pom"), pom.getBytes(StandardCharsets.UTF_8));
        Path jar = dir.resolve(artifact + "-" + version + ".jar");
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry(artifact + ".properties"));
            zip.write(("version=" + version + "\n").getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        writeSha1(jar);
    }

    private static void write(Path file, byte[] bytes) throws IOException {
        Files.write(file, bytes);
        writeSha1(file);
    }

    private static void writeSha1(Path file) throws IOException {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(Files.readAllBytes(file));
            Files.writeString(file.resolveSibling(file.getFileName() + ".sha1"), HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
