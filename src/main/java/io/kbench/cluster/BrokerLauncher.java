package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import io.kbench.release.BundledRelease;
import io.kbench.release.KafkaRelease;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/** Writes a node's server.properties and starts its JVM on the cluster's {@link BrokerRuntime}. */
final class BrokerLauncher {
    /** The main class Kafka's own scripts run; kept on the command line so ops tools find the brokers. */
    static final String KAFKA_MAIN = "kafka.Kafka";

    /** Kafka's own kafka-run-class.sh defaults, so numbers compare with a stock broker. */
    static final List<String> DEFAULT_JVM_FLAGS = List.of(
            "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20", "-XX:InitiatingHeapOccupancyPercent=35",
            "-XX:+ExplicitGCInvokesConcurrent", "-Djava.awt.headless=true");

    /**
     * The test suite's hook, never set by users: flags (space-separated) every broker gets after kbench's defaults and
     * before --broker-jvm-flag. The suite starts some hundred short-lived brokers, and cheaper start-up flags (C1 only,
     * no bytecode verification) halve their CPU; a user's measured brokers never see them.
     */
    static final String TEST_JVM_FLAGS_ENV = "KBENCH_TEST_BROKER_JVM_FLAGS";

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    private final ClusterParams params;
    private final BrokerRuntime runtime;
    private final Path dataDir;
    private final Path logDir;
    private final Path log4jConfig;
    private final String clusterId;
    private final boolean attached;
    private final String scramUsers;

    BrokerLauncher(ClusterParams params, BrokerRuntime runtime, Path dataDir, Path logDir, Path log4jConfig,
                   String clusterId, boolean attached) {
        this(params, runtime, dataDir, logDir, log4jConfig, clusterId, attached, null);
    }

    /** {@code scramUsers}: the {@code --add-scram} values for formatting, or null (passed in the environment). */
    BrokerLauncher(ClusterParams params, BrokerRuntime runtime, Path dataDir, Path logDir, Path log4jConfig,
                   String clusterId, boolean attached, String scramUsers) {
        this.scramUsers = scramUsers;
        this.params = params;
        this.runtime = runtime;
        this.dataDir = dataDir;
        this.logDir = logDir;
        this.log4jConfig = log4jConfig;
        this.clusterId = clusterId;
        this.attached = attached;
    }

    /** What the brokers this launcher starts run. */
    BrokerRuntime runtime() {
        return runtime;
    }

    /**
     * This launcher, or one for brokers on Kafka {@code version} (a roll's {@code kafkaVersion}): kbench's own jars or
     * a release resolved before the cluster started ({@link ClusterParams#rollReleases}), on the same JDK, with the
     * logging configuration that release reads (log4j 2 or reload4j, {@link LoggingProfile}) written beside this one's.
     * Everything else (ports, dirs, JVM flags, cluster id) is the node's as before.
     */
    BrokerLauncher on(String version) {
        if (version == null || version.equals(runtime.kafkaVersion())) {
            return this;
        }
        KafkaRelease release = null;
        if (!version.equals(BundledRelease.version().toString())) {
            release = params.rollReleases().stream().filter(r -> r.version().toString().equals(version)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("Kafka " + version + " was not resolved before the"
                            + " cluster started"));
        }
        BrokerRuntime other = new BrokerRuntime(release, runtime.java(), LoggingProfile.of(release));
        return new BrokerLauncher(params, other, dataDir, logDir, BrokerLog4jConfig.write(logDir, other.logging()),
                clusterId, attached, scramUsers);
    }

    /** Writes {@code config} as the node's server.properties and starts the broker. */
    BrokerProcess launch(BrokerNode node, Map<String, String> config) {
        Path propertiesFile = BrokerConfigs.propertiesFile(dataDir, node.id());
        writeProperties(propertiesFile, config);
        Path logFile = BrokerLog4jConfig.logFile(logDir, node.id());
        Path outFile = BrokerLog4jConfig.outFile(logDir, node.id());
        Cgroups.Group cgroup = params.limits() == null ? null
                : Cgroups.create(Cgroups.ROOT, Cgroups.owned(clusterId + "-broker-" + node.id()), params.limits(),
                        dataDir);
        List<String> command = command(node, propertiesFile);
        Cgroups.Group joins = withEscape(cgroup);
        ProcessBuilder pb = new ProcessBuilder(joins == null ? command : joining(joins, command))
                .directory(BrokerConfigs.nodeDir(dataDir, node).toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(outFile.toFile()))
                // Attached: the parent holds the write end of the pipe open; its death closes it and the
                // broker's watchdog sees EOF. Detached: nothing to watch, the broker outlives kbench.
                .redirectInput(attached ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().remove(BrokerMain.ADD_SCRAM_ENV);
        if (scramUsers != null) {
            pb.environment().put(BrokerMain.ADD_SCRAM_ENV, scramUsers);
        }
        try {
            return new BrokerProcess(node, pb.start(), logFile, outFile, cgroup);
        } catch (IOException e) {
            if (cgroup != null) {
                cgroup.remove();
            }
            throw new RunFailedException("cannot start broker " + node.id() + " with " + runtime.java().javaExecutable()
                    + ": " + e.getMessage(), e);
        }
    }

    /** The full command line of a node's JVM. */
    List<String> command(BrokerNode node, Path propertiesFile) {
        List<String> cmd = new ArrayList<>();
        cmd.add(runtime.java().javaExecutable().toString());
        cmd.add("-Xms" + params.heap());
        cmd.add("-Xmx" + params.heap());
        cmd.addAll(DEFAULT_JVM_FLAGS);
        cmd.addAll(testJvmFlags(System.getenv(TEST_JVM_FLAGS_ENV)));
        cmd.addAll(params.jvmFlags());
        cmd.addAll(runtime.logging().flags(log4jConfig));
        cmd.add("-Dkafka.logs.dir=" + logDir);
        cmd.add("-D" + BrokerLog4jConfig.NODE_ID_PROPERTY + "=" + node.id());
        cmd.add("-D" + BrokerMain.CLUSTER_ID_PROPERTY + "=" + clusterId);
        cmd.addAll(jmxFlags(node));
        JmxAccess.create(dataDir);
        cmd.addAll(JmxAccess.flags(dataDir));
        if (attached) {
            cmd.add("-D" + BrokerMain.WATCH_PARENT_PROPERTY + "=true");
            if (params.dataDir() == null) {
                // kbench made this directory: the brokers remove it if kbench dies without doing so.
                cmd.add("-D" + BrokerMain.TEMP_DIR_PROPERTY + "=" + dataDir.toAbsolutePath());
            }
        }
        cmd.add("-cp");
        cmd.add(runtime.classPath(params.security()));
        cmd.add(BrokerMain.class.getName());
        cmd.add(KAFKA_MAIN);
        cmd.add(propertiesFile.toString());
        return cmd;
    }

    /** The flags of {@link #TEST_JVM_FLAGS_ENV}'s value; none when it is unset or blank. */
    static List<String> testJvmFlags(String value) {
        return value == null || value.isBlank() ? List.of() : List.of(value.strip().split("\\s+"));
    }

    /**
     * JMX remote on loopback, so kbench's telemetry (and jconsole) can read the broker's MBeans. Registry and RMI
     * server share one port, so one HOST:PORT names the broker; bound to 127.0.0.1 only, and password-protected by
     * {@link JmxAccess} (the flags that follow these; no TLS, as it never leaves the host).
     */
    static List<String> jmxFlags(BrokerNode node) {
        String port = Integer.toString(node.jmxPort());
        return List.of("-Dcom.sun.management.jmxremote", "-Dcom.sun.management.jmxremote.port=" + port,
                "-Dcom.sun.management.jmxremote.rmi.port=" + port,
                "-Dcom.sun.management.jmxremote.host=" + BrokerConfigs.HOST,
                "-Dcom.sun.management.jmxremote.local.only=true",
                "-Dcom.sun.management.jmxremote.ssl=false",
                "-Djava.rmi.server.hostname=" + BrokerConfigs.HOST);
    }

    /**
     * With --client-cpus, kbench runs in a restricted cpuset that a broker would inherit: the broker first moves back
     * to the group kbench came from (then into its own, if it has limits).
     */
    private static Cgroups.Group withEscape(Cgroups.Group cgroup) {
        Path escape = ClientCpus.escapeProcs();
        if (escape == null) {
            return cgroup;
        }
        List<Path> procs = new ArrayList<>();
        procs.add(escape);
        if (cgroup != null) {
            procs.addAll(cgroup.procs());
        }
        return new Cgroups.Group(procs, List.of());
    }

    /**
     * The command wrapped so the process joins its cgroups before exec'ing the JVM: the heap, the JIT and every page
     * of page cache are charged to the broker from the start, and the process keeps kafka.Kafka on its command line.
     */
    static List<String> joining(Cgroups.Group cgroup, List<String> command) {
        StringBuilder script = new StringBuilder();
        for (int i = 0; i < cgroup.procs().size(); i++) {
            script.append("echo $$ > \"$").append(i + 1).append("\" && ");
        }
        script.append("shift ").append(cgroup.procs().size()).append(" && exec \"$@\"");
        List<String> wrapped = new ArrayList<>(List.of("/bin/sh", "-c", script.toString(), "kbench-broker"));
        cgroup.procs().forEach(p -> wrapped.add(p.toString()));
        wrapped.addAll(command);
        return wrapped;
    }

    private static void writeProperties(Path file, Map<String, String> config) {
        Properties props = new Properties();
        props.putAll(config);
        try {
            DataDirectory.createMarked(file.getParent());
            // A secured cluster's file holds its private key and passwords: readable by the owner only.
            Files.deleteIfExists(file);
            Files.createFile(file, OWNER_ONLY);
            try (OutputStream out = Files.newOutputStream(file)) {
                props.store(out, "written by kbench; regenerated on every start");
            }
        } catch (IOException e) {
            throw new RunFailedException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
