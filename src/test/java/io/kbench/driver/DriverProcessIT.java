package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cluster.EmbeddedKafka;
import io.kbench.spec.ClientKind;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link DriverSupervision} with the franz-go driver, built by kbench's own {@link DriverBuild} with the machine's Go,
 * its version read from the driver itself. Needs Go; without it the class is skipped (DriverBuildTest covers the
 * one-line error).
 */
@EmbeddedKafka
class DriverProcessIT extends DriverSupervision {
    private static DriverBinary binary;

    @BeforeAll
    static void build() {
        assumeTrue(Toolchain.find(ClientKind.FRANZ_GO).present(), "go is not on the PATH");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        binary = new DriverBuild(Path.of("target/driver-cache").toAbsolutePath()).binary(ClientKind.FRANZ_GO,
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(binary.version().clientVersion()).as("franz-go's version, from the driver itself").isEqualTo("v1.22.3");
    }

    @Override
    ClientKind kind() {
        return ClientKind.FRANZ_GO;
    }

    @Override
    DriverBinary driverBinary() {
        return binary;
    }

    @Override
    String clientVersion() {
        return "v1.22.3";
    }

    @Override
    Map<String, String> javaProperties() {
        return Map.of("acks", "all", "linger.ms", "1");
    }

    @Override
    void checkMapped(Map<String, String> mapped) {
        assertThat(mapped).containsEntry("acks", "all").containsEntry("linger.ms", "1");
    }
}
