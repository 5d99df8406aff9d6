package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.cluster.ClusterParams;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.ClusterSpec;
import io.kbench.spec.UncheckedProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.kafka.common.utils.AppInfoParser;
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

    @Test
    void aKafkaVersionBelowTheFloorIsRefusedBeforeAnythingIsFetched() {
        assertThatThrownBy(() -> parse("--kafka-version", "3.6.2").toParams(1, null, false, null))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--kafka-version: must be a KRaft release from 3.7.0 on (got 3.6.2)");
        assertThatThrownBy(() -> parse("--kafka-version", "4.4").toParams(1, null, false, null))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("--kafka-version: must be a Kafka"
                        + " release version major.minor.patch");
    }

    @Test
    void kbenchsOwnVersionNeedsNoReleaseItsJarsAreKbenchsClassPath() {
        assertThat(parse("--kafka-version", AppInfoParser.getVersion()).toParams(1, null, false, null).release()).isNull();
        assertThat(parse().toParams(1, null, false, null).release()).isNull();
    }

    @Command(name = "embedded")
    static final class EmbeddedHost {
        @Mixin
        EmbeddedOptions options;
    }

    private static ClusterParams embedded(ClusterSpec spec, String... args) {
        EmbeddedHost host = new EmbeddedHost();
        new CommandLine(host).parseArgs(args);
        return host.options.toParams(spec, null, UncheckedProperties.none(UncheckedProperties.FLAG));
    }

    private static ClusterSpec cluster(String kafkaVersion, String javaHome) {
        return new ClusterSpec(null, null, null, null, null, null, null, kafkaVersion, javaHome);
    }

    /** A directory that passes for a JDK home where only bin/java is checked before the JDK's version is read. */
    private Path jdk(String name) throws Exception {
        Path java = Files.createDirectories(dir.resolve(name).resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\n");
        assertThat(java.toFile().setExecutable(true)).isTrue();
        return dir.resolve(name);
    }

    @Test
    void theWorkloadsJavaHomeRunsTheBrokersUnlessTheFlagNamesAnother() throws Exception {
        Path workloadJdk = jdk("workload-jdk");
        Path flagJdk = jdk("flag-jdk");

        assertThat(embedded(cluster(null, workloadJdk.toString())).brokerJavaHome()).isEqualTo(workloadJdk);
        assertThat(embedded(cluster(null, workloadJdk.toString()), "--broker-java-home", flagJdk.toString())
                .brokerJavaHome()).isEqualTo(flagJdk);
        assertThat(embedded(cluster(null, null)).brokerJavaHome()).isNull();
    }

    @Test
    void theKafkaVersionFlagWinsOverTheWorkloadsWhichIsThenNotResolved() {
        // 3.9.1 would be a release from the cache (non-null); the flag's kbench's own version means none.
        assertThat(embedded(cluster("3.9.1", null), "--kafka-version", AppInfoParser.getVersion()).release()).isNull();
        assertThat(embedded(cluster(AppInfoParser.getVersion(), null)).release()).isNull();
    }

    @Test
    void aJavaHomeThatIsNoJdkNamesTheKeyAndTheFlag() {
        assertThatThrownBy(() -> embedded(cluster(null, dir.resolve("nothing").toString())))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("cluster.javaHome (--broker-java-home): no executable bin/java under it");
    }
}
