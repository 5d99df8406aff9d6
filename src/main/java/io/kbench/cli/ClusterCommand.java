package io.kbench.cli;

import picocli.CommandLine.Command;

/** {@code kbench cluster}: a long-lived embedded cluster that outlives the command that started it. */
@Command(name = "cluster",
        mixinStandardHelpOptions = true,
        description = "Start, inspect and stop a long-lived local Kafka cluster (KRaft, one JVM per broker).",
        subcommands = {
            ClusterStartCommand.class,
            ClusterStatusCommand.class,
            ClusterStopCommand.class,
        })
public final class ClusterCommand {
    /** The cluster directory used when --dir is not given. */
    static final String DEFAULT_DIR = "kbench-cluster";
}
