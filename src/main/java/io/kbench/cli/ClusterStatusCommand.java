package io.kbench.cli;

import io.kbench.cluster.ClusterStatus;
import io.kbench.cluster.RecordedCluster;
import io.kbench.console.ClusterStatusText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kbench cluster status}: which brokers of a long-lived cluster still run; exit 0 only if all do. */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Show each broker's pid and whether it is alive; exit 0 if all are, 1 otherwise.")
final class ClusterStatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = ClusterCommand.DEFAULT_DIR,
            description = "Cluster directory given to 'cluster start' (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Override
    public Integer call() {
        ClusterStatus status = RecordedCluster.status(dir.toAbsolutePath().normalize());
        PrintWriter out = spec.commandLine().getOut();
        ClusterStatusText.print(status, out);
        out.flush();
        return status.allAlive() ? 0 : 1;
    }
}
