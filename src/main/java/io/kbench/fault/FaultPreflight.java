package io.kbench.fault;

import io.kbench.cluster.ClusterSecurity;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.FaultAction;
import io.kbench.spec.FaultSpec;
import io.kbench.spec.FaultTargetKind;
import java.util.List;
import java.util.Locale;

/** The checks of a fault schedule that need to know the cluster, made before any broker starts. */
public final class FaultPreflight {
    private FaultPreflight() {
    }

    /**
     * {@code embeddedBrokers}: the size of the embedded cluster kbench will start, or null for an external cluster
     * (where only exec can run: kbench cannot stop someone else's brokers).
     */
    public static void check(List<FaultSpec> faults, Integer embeddedBrokers) {
        for (int i = 0; i < faults.size(); i++) {
            FaultSpec f = faults.get(i);
            String name = "faults[" + i + "]";
            if (embeddedBrokers == null && f.action() != FaultAction.EXEC) {
                throw InvalidInputException.field(name + ".action", f.action().name().toLowerCase(Locale.ROOT),
                        "needs kbench's embedded cluster; against an external cluster only action exec runs");
            }
            if (embeddedBrokers != null && f.target() != null && f.target().kind() == FaultTargetKind.BROKER
                    && (f.target().brokerId() < 1 || f.target().brokerId() > embeddedBrokers)) {
                throw InvalidInputException.field(name + ".target", f.target().brokerId(),
                        "no such broker: the embedded cluster has brokers 1 to " + embeddedBrokers);
            }
        }
    }

    /**
     * Network faults need replication on a listener of its own, to be proxied apart from the clients: a secured
     * cluster must keep inter-broker traffic on its plaintext listener.
     */
    public static void checkNetwork(List<FaultSpec> faults, ClusterSecurity security) {
        for (int i = 0; i < faults.size(); i++) {
            if (faults.get(i).action().isNetwork() && security.secured() && !security.separateInterBrokerListener()) {
                throw InvalidInputException.field("faults[" + i + "].action",
                        faults.get(i).action().name().toLowerCase(Locale.ROOT), "network faults on a secured cluster"
                                + " need replication on its own listener (cluster.security.interBroker: plaintext)");
            }
        }
    }
}
