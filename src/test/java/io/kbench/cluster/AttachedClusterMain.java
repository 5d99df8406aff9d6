package io.kbench.cluster;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Test helper run as a child JVM: starts an attached 1-broker cluster, prints its pids, then waits forever. */
public final class AttachedClusterMain {
    private AttachedClusterMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ClusterParams params = new ClusterParams(1, null, false, Map.of(), null, ClusterTestSupport.TEST_HEAP,
                List.of(), null);
        EmbeddedCluster cluster = EmbeddedCluster.start(params, true, System.err);
        System.out.println("PIDS " + cluster.pids().stream().map(String::valueOf).collect(Collectors.joining(",")));
        System.out.println("DATA " + cluster.dataDir());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
