package io.kbench.experiment;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.spec.ClusterSpec;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** The one embedded cluster of a sweep: kept while the points' cluster settings stay the same, else restarted. */
final class SweepClusters implements AutoCloseable {
    private final ClusterTarget.ParamsFactory params;
    private final Path logDir;
    private final PrintStream out;
    private EmbeddedCluster cluster;
    private ClusterSpec spec;
    private boolean proxies;
    private int started;

    /** Clusters from {@code params}, each logging below its own {@code logDir/cluster-N}. */
    SweepClusters(ClusterTarget.ParamsFactory params, Path logDir, PrintStream out) {
        this.params = params;
        this.logDir = logDir;
        this.out = out;
    }

    /** The cluster for this workload: behind kbench's network proxies when it has a network fault. */
    EmbeddedCluster runFor(WorkloadSpec workload) {
        ClusterSpec wanted = workload.cluster();
        boolean wantProxies = workload.faults().stream().anyMatch(f -> f.action().isNetwork());
        if (cluster != null && wanted.equals(spec) && wantProxies == proxies) {
            return cluster;
        }
        if (cluster != null) {
            out.println("sweep: cluster settings change, restarting the embedded cluster");
            discard();
        }
        started++;
        cluster = EmbeddedCluster.start(params.create(wanted, List.of(), logDir.resolve("cluster-" + started)),
                true, out, EmbeddedCluster.DEFAULT_READY_TIMEOUT, wantProxies);
        spec = wanted;
        proxies = wantProxies;
        return cluster;
    }

    /** Stops the cluster (it may be what failed); the next repetition starts a fresh one. */
    void discard() {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }

    @Override
    public void close() {
        discard();
    }
}
