package io.kbench.cli;

import io.kbench.cluster.ClusterStatus;
import io.kbench.cluster.RecordedCluster;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kbench cluster stop}: stops the brokers of a long-lived cluster, keeping data unless asked. */
@Command(name = "stop", mixinStandardHelpOptions = true,
        description = "Stop the cluster's brokers (SIGTERM, SIGKILL after 20 s); data is kept unless --delete-data.")
final class ClusterStopCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = ClusterCommand.DEFAULT_DIR,
            description = "Cluster directory given to 'cluster start' (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Option(names = "--delete-data",
            description = "Also delete the broker data and logs kbench wrote into the directory.")
    boolean deleteData;

    @Override
    public Integer call() {
        Path d = dir.toAbsolutePath().normalize();
        ClusterStatus before = RecordedCluster.stop(d, deleteData);
        long stopped = before.brokers().stream().filter(b -> b.alive()).count();
        PrintWriter out = spec.commandLine().getOut();
        out.println("cluster: stopped " + stopped + " of " + before.brokers().size() + " broker(s) in " + d
                + (deleteData ? "; data deleted" : "; data kept"));
        out.flush();
        return 0;
    }
}
