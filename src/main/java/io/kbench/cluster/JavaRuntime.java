package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/** A JDK that can run brokers: its home, its java executable and its {@code java.version}. */
record JavaRuntime(Path home, String version) {

    /** Kafka 4 brokers need Java 17 or newer. */
    static final int MIN_FEATURE_VERSION = 17;

    /** The JDK at {@code home}, or the one running kbench when {@code home} is null. */
    static JavaRuntime of(Path home) {
        Path resolved = home != null ? home : Path.of(System.getProperty("java.home"));
        if (!Files.isExecutable(java(resolved))) {
            throw InvalidInputException.field("cluster.javaHome (--broker-java-home)", resolved, "no executable bin/java under it");
        }
        String version = home == null ? System.getProperty("java.version") : readVersion(resolved);
        int feature = featureVersion(version);
        if (feature < MIN_FEATURE_VERSION) {
            throw InvalidInputException.field("cluster.javaHome (--broker-java-home)", resolved,
                    "Kafka brokers need Java " + MIN_FEATURE_VERSION + " or newer, this is " + version);
        }
        return new JavaRuntime(resolved, version);
    }

    Path javaExecutable() {
        return java(home);
    }

    private static Path java(Path home) {
        return home.resolve("bin").resolve("java");
    }

    /** The feature number of a java.version string: 17 for "17.0.15", 8 for "1.8.0_402". */
    static int featureVersion(String version) {
        String[] parts = version.split("[._+-]");
        try {
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String readVersion(Path home) {
        // The release file answers without starting a JVM; not every JDK build ships one.
        Path release = home.resolve("release");
        if (Files.isRegularFile(release)) {
            try (InputStream in = Files.newInputStream(release)) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("JAVA_VERSION");
                if (v != null && !v.isBlank()) {
                    return v.replace("\"", "").trim();
                }
            } catch (IOException e) {
                // Fall through to asking the JVM itself.
            }
        }
        return askJvm(home);
    }

    private static String askJvm(Path home) {
        try {
            Process p = new ProcessBuilder(java(home).toString(), "-XshowSettings:properties", "-version")
                    .redirectErrorStream(true)
                    .start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            for (String line : out.split("\\R")) {
                String t = line.trim();
                if (t.startsWith("java.version =")) {
                    return t.substring("java.version =".length()).trim();
                }
            }
            throw new RunFailedException("cannot read java.version from " + java(home) + ": " + out.strip());
        } catch (IOException e) {
            throw new RunFailedException("cannot run " + java(home) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while checking " + java(home), e);
        }
    }
}
