package io.kbench.cli;

import io.kbench.cluster.ClusterParams;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.JmxAddressFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kbench cluster start}: starts detached brokers and prints the bootstrap servers last. */
@Command(name = "start", mixinStandardHelpOptions = true,
        description = "Start a detached cluster; the last line of output is the bootstrap servers.")
final class ClusterStartCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--brokers", paramLabel = "N", defaultValue = "1",
            description = "Number of brokers, 1-9; the first 3 are also controllers (default: ${DEFAULT-VALUE}).")
    int brokers;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = ClusterCommand.DEFAULT_DIR,
            description = "Cluster directory for data, logs and cluster.json (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Mixin
    BrokerOptions brokerOptions;

    @Mixin
    UncheckedOption unchecked = new UncheckedOption();

    @Override
    public Integer call() {
        ClusterParams params = brokerOptions.toParams(brokers, dir, true, null, unchecked.properties());
        // Progress goes to stderr so that stdout stays script-friendly.
        EmbeddedCluster cluster = EmbeddedCluster.start(params, false, CommandOutput.err(spec));
        PrintWriter out = spec.commandLine().getOut();
        out.println("cluster: " + cluster.brokerCount() + " broker(s) running in " + cluster.dataDir() + " (pids "
                + cluster.pids().stream().map(String::valueOf).collect(Collectors.joining(","))
                + "); stop with: kbench cluster stop --dir " + cluster.dataDir());
        // Telemetry against this cluster as if it were external: kbench run --broker-jmx ADDRESS (one per broker).
        out.println("jmx: " + String.join(",", cluster.jmxAddresses()) + " (also in "
                + cluster.dataDir().resolve(JmxAddressFile.FILE_NAME) + ")");
        if (cluster.security().secured()) {
            Path clientConfig = cluster.writeClientProperties(cluster.dataDir().resolve(EmbeddedCluster.CLIENT_PROPERTIES));
            out.println("cluster: " + cluster.security().describe() + "; client settings (with generated secrets,"
                    + " owner-only) in " + clientConfig + "; use --command-config " + clientConfig);
        }
        out.println(cluster.bootstrapServers());
        out.flush();
        return 0;
    }
}
