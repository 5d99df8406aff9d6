package io.kbench.cli;

import io.kbench.cluster.ClusterParams;
import io.kbench.error.InvalidInputException;
import io.kbench.release.BundledRelease;
import io.kbench.release.KafkaRelease;
import io.kbench.release.ReleaseResolver;
import io.kbench.release.ReleaseVersion;
import io.kbench.spec.KafkaConfigCheck;
import io.kbench.spec.PropertyKind;
import io.kbench.spec.SecuritySpec;
import io.kbench.spec.UncheckedProperties;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options shaping the embedded brokers, shared by every command that starts a cluster. */
public final class BrokerOptions {

    @Option(names = "--broker-config", paramLabel = "KEY=VALUE",
            description = "Broker (server.properties) setting; overrides kbench defaults and --broker-config-file. Repeatable.")
    Map<String, String> brokerConfig = new LinkedHashMap<>();

    @Option(names = "--broker-config-file", paramLabel = "FILE",
            description = "A server.properties-style file of broker settings; overrides kbench defaults.")
    Path brokerConfigFile;

    @Option(names = "--broker-java-home", paramLabel = "DIR",
            description = "JDK that runs the brokers (default: the JDK running kbench).")
    Path brokerJavaHome;

    @Option(names = "--kafka-version", paramLabel = "VERSION",
            description = "Kafka release the brokers run, 3.7.0 or later, e.g. 3.9.1 (default: the workload's"
                    + " cluster.kafkaVersion, else kbench's own); fetched into the release cache on first use.")
    String kafkaVersion;

    @Option(names = "--broker-heap", paramLabel = "SIZE",
            description = "Heap of each broker JVM, used for -Xms and -Xmx (default: the workload's cluster.heap, else "
                    + ClusterParams.DEFAULT_HEAP + ").")
    String brokerHeap;

    @Option(names = "--broker-jvm-flag", paramLabel = "FLAG",
            description = "Extra JVM flag for each broker, e.g. --broker-jvm-flag=-XX:+UseZGC. Repeatable.")
    List<String> brokerJvmFlags = new ArrayList<>();

    @Mixin
    SecurityOptions security = new SecurityOptions();

    /** The cluster parameters these options describe, for a cluster with no workload (kbench cluster start). */
    public ClusterParams toParams(int brokers, Path dataDir, boolean keepData, Path logDir) {
        return toParams(brokers, dataDir, keepData, logDir, null, UncheckedProperties.none(UncheckedProperties.FLAG));
    }

    /** As {@link #toParams(int, Path, boolean, Path)}, letting the names of --unchecked-property through. */
    ClusterParams toParams(int brokers, Path dataDir, boolean keepData, Path logDir, UncheckedProperties unchecked) {
        return toParams(brokers, dataDir, keepData, logDir, null, unchecked);
    }

    /**
     * The cluster parameters these options describe; the security flags apply over {@code workloadSecurity} (null:
     * plaintext), so a flag such as --tls-provider may complete the workload's protocol.
     */
    ClusterParams toParams(int brokers, Path dataDir, boolean keepData, Path logDir, SecuritySpec workloadSecurity,
                           UncheckedProperties unchecked) {
        Map<String, String> config = new LinkedHashMap<>();
        if (brokerConfigFile != null) {
            Map<String, String> file = readPropertiesFile(brokerConfigFile);
            KafkaConfigCheck.flags("--broker-config-file " + brokerConfigFile + ": ", file, PropertyKind.BROKER, unchecked);
            config.putAll(file);
        }
        KafkaConfigCheck.flags("--broker-config ", brokerConfig, PropertyKind.BROKER, unchecked);
        config.putAll(brokerConfig);
        // Re-launched on --client-java-home: the brokers stay on the JDK that started kbench.
        String relaunchDefault = System.getProperty(ClientJvm.DEFAULT_BROKER_JAVA_HOME);
        Path javaHome = brokerJavaHome != null ? brokerJavaHome : relaunchDefault == null ? null : Path.of(relaunchDefault);
        return new ClusterParams(brokers, dataDir, keepData, config, javaHome, brokerHeap, brokerJvmFlags,
                logDir, null, SecurityOptions.toCluster(security.merge(workloadSecurity)), null,
                release("--kafka-version", kafkaVersion));
    }

    /**
     * The release {@code version} names, from the release cache, fetched into it when absent there (null: kbench's
     * own Kafka, also when {@code version} is kbench's own version: its jars are on kbench's class path already).
     * Called before any broker starts: a version below 3.7.0 (exit 2), one the repository does not have (exit 2) and
     * one neither cached nor reachable (exit 1) end the command with one line naming {@code field}.
     */
    static KafkaRelease release(String field, String version) {
        if (version == null) {
            return null;
        }
        ReleaseVersion v = ReleaseVersion.parse(field, version);
        return v.equals(BundledRelease.version()) ? null : ReleaseResolver.standard().obtain(field, v);
    }

    private static Map<String, String> readPropertiesFile(Path file) {
        if (!Files.isRegularFile(file)) {
            throw InvalidInputException.field("--broker-config-file", file, "file not found");
        }
        Properties props = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            props.load(in);
        } catch (IOException | IllegalArgumentException e) {
            throw InvalidInputException.field("--broker-config-file", file, "cannot read it: " + e.getMessage());
        }
        Map<String, String> map = new LinkedHashMap<>();
        for (String key : props.stringPropertyNames()) {
            map.put(key, props.getProperty(key).trim());
        }
        return map;
    }
}
