package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.cluster.ClusterParams;
import io.kbench.error.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class BrokerOptionsTest {
    @TempDir
    Path dir;

    @Command(name = "test")
    static final class Host {
        @Mixin
        BrokerOptions options;
    }

    private static BrokerOptions parse(String... args) {
        Host host = new Host();
        new CommandLine(host).parseArgs(args);
        return host.options;
    }

    @Test
    void flagsOverrideFileAndFileOverridesDefaults() throws Exception {
        Path file = dir.resolve("broker.properties");
        Files.writeString(file, "num.io.threads=4\nnum.network.threads=2\n");
        ClusterParams p = parse("--broker-config-file", file.toString(), "--broker-config", "num.io.threads=6",
                "--broker-heap", "512m", "--broker-jvm-flag=-XX:+UseZGC").toParams(3, dir, true, null);
        assertThat(p.brokerConfig()).containsEntry("num.io.threads", "6").containsEntry("num.network.threads", "2");
        assertThat(p.heap()).isEqualTo("512m");
        assertThat(p.jvmFlags()).containsExactly("-XX:+UseZGC");
        assertThat(p.brokers()).isEqualTo(3);
        assertThat(p.keepData()).isTrue();
    }

    @Test
    void missingConfigFileNamesThePath() {
        Path missing = dir.resolve("nope.properties");
        assertThatThrownBy(() -> parse("--broker-config-file", missing.toString()).toParams(1, null, false, null))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--broker-config-file").hasMessageContaining(missing.toString());
    }

    @Test
    void forbiddenKeyFromFlagIsRejected() {
        assertThatThrownBy(() -> parse("--broker-config", "node.id=7").toParams(1, null, false, null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("node.id");
    }

    @Test
    void defaultHeapIsOneGigabyte() {
        assertThat(parse().toParams(1, null, false, null).heap()).isEqualTo("1g");
    }
}
