package io.kbench.experiment;

import io.kbench.client.ClusterProbe;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.ClusterSpec;
import io.kbench.spec.WorkloadSpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a campaign (a sweep over named external clusters, {@link SweepSpec#clusters()}) checks and how its points reach
 * their clusters. Every check is made before anything connects, so a campaign of five clusters does not fail on the
 * fifth after hours on the first four.
 */
final class Campaigns {
    /** The key of {@link #brokers} for the one cluster of a sweep that is no campaign. */
    static final String ONE_CLUSTER = "";

    private Campaigns() {
    }

    /**
     * A campaign names its clusters itself: --bootstrap-server (or bootstrap.servers in --command-config), workers
     * and a workload that sets up kbench's embedded cluster are refused, each naming what to remove.
     */
    static void check(SweepDesign design, RunContext context) {
        String names = design.spec().clusters().stream().map(CampaignCluster::name).toList().toString();
        if (context.external()) {
            throw InvalidInputException.field("clusters", names, "a campaign names its clusters' bootstrap servers;"
                    + " --bootstrap-server (or bootstrap.servers in --command-config) cannot be given with it");
        }
        if (context.distribution() != null) {
            throw InvalidInputException.field("clusters", names,
                    "a campaign's load comes from this process: --workers/--local-workers are not supported with it");
        }
        for (SweepPoint point : design.points()) {
            WorkloadSpec workload = design.workload(point);
            if (!workload.cluster().equals(ClusterSpec.defaults())) {
                // The cluster section describes the embedded cluster kbench starts; a campaign starts none.
                throw InvalidInputException.field("cluster", workload.cluster(), "sets up kbench's embedded cluster,"
                        + " but a campaign runs on its named external clusters: remove the workload's cluster section");
            }
        }
    }

    /** The context of the runs on {@code cluster}: its connection, and results tagged with its name and type. */
    static RunContext context(CampaignCluster cluster, RunContext base) {
        Map<String, String> connection = cluster.connection(base.connection(), System.getenv());
        return new RunContext(new RunContext.Cluster(connection, new ClusterTarget.External(cluster.bootstrapServers())),
                base.output().tagged(cluster.tags()), base.observers(), base.distribution());
    }

    /**
     * Every cluster answers, with the broker count its entry gives: a cluster with another count is another cluster
     * (or one with a broker down), and the cost per node would be wrong.
     */
    static void reachable(SweepDesign design, RunContext context) {
        for (CampaignCluster cluster : design.spec().clusters()) {
            Map<String, String> connection = cluster.connection(context.connection(), System.getenv());
            ClusterProbe.reachable(connection);
            int brokers = BrokerCount.of(connection);
            if (brokers != cluster.brokers()) {
                throw InvalidInputException.field("clusters[" + cluster.name() + "].brokers", cluster.brokers(),
                        "but the cluster at " + cluster.bootstrapServers() + " reports " + brokers + " broker(s)");
            }
        }
    }

    /**
     * The broker count of each external cluster the sweep runs on, by campaign cluster name ({@link #ONE_CLUSTER} for
     * --bootstrap-server), as the cluster reports it; empty on embedded clusters.
     */
    static Map<String, Integer> brokers(Sweep sweep) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        RunContext context = sweep.context();
        if (sweep.design().spec().campaign()) {
            sweep.design().spec().clusters().forEach(c ->
                    counts.put(c.name(), BrokerCount.of(c.connection(context.connection(), System.getenv()))));
        } else if (context.external()) {
            counts.put(ONE_CLUSTER, BrokerCount.of(context.connection()));
        }
        return counts;
    }

    /** The key of {@code point}'s cluster in {@link #brokers}. */
    static String key(SweepPoint point) {
        return point.cluster() == null ? ONE_CLUSTER : point.cluster().name();
    }
}
