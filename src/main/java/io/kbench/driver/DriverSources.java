package io.kbench.driver;

import io.kbench.spec.ClientKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where a client's driver sources are ({@code drivers/<client>/} of the checkout kbench runs from) and their hash, the
 * key of the build cache: a changed byte of a source builds again, an unchanged checkout never does.
 *
 * @param client the client
 * @param dir    its sources; may not exist (a client whose driver is not in this kbench)
 */
public record DriverSources(ClientKind client, Path dir) {
    /** Overrides where the {@code drivers/} directory is (a packaged kbench elsewhere than its checkout). */
    public static final String ENV = "KBENCH_DRIVERS_DIR";

    /** The sources of {@code client} in the {@code drivers/} directory kbench runs from. */
    public static DriverSources of(ClientKind client) {
        return new DriverSources(client, driversDir().resolve(client.text()));
    }

    public boolean present() {
        return Files.isDirectory(dir);
    }

    /**
     * SHA-256 over each source file's path and bytes, in path order, plus {@code toolchain} (a new compiler builds
     * again). Files a build or an editor leaves in the directory (the binary built there by hand, hidden files) are not
     * sources.
     */
    public String hash(String toolchain) {
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> files = walk.filter(Files::isRegularFile).filter(this::isSource).sorted().toList();
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(toolchain.getBytes(StandardCharsets.UTF_8));
            for (Path f : files) {
                sha.update((dir.relativize(f).toString().replace('\\', '/') + "\0").getBytes(StandardCharsets.UTF_8));
                sha.update(Files.readAllBytes(f));
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (IOException e) {
            throw new UncheckedIOException("reading the " + client.text() + " driver's sources in " + dir, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private boolean isSource(Path file) {
        Path relative = dir.relativize(file);
        for (Path part : relative) {
            if (part.toString().startsWith(".") || part.toString().equals("target")) {
                return false;
            }
        }
        return !relative.toString().equals(DriverBuild.binaryName(client));
    }

    /**
     * {@code $KBENCH_DRIVERS_DIR}, else the {@code drivers/} directory of the checkout whose classes or jar kbench runs
     * from ({@code target/classes} or {@code target/kbench.jar}), else {@code ./drivers}.
     */
    static Path driversDir() {
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env).toAbsolutePath();
        }
        try {
            Path code = Path.of(DriverSources.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path p = code; p != null; p = p.getParent()) {
                // The checkout's root (its pom beside drivers/), not target/drivers where a test may put a binary.
                if (Files.isDirectory(p.resolve("drivers")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                    return p.resolve("drivers");
                }
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // no code source to start from: the working directory below
        }
        return Path.of("drivers").toAbsolutePath();
    }
}
