package io.kbench.fault;

import io.kbench.cluster.BrokerChange;
import io.kbench.cluster.ClusterSecurity;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.FaultAction;
import io.kbench.spec.FaultSpec;
import io.kbench.spec.FaultTargetKind;
import java.util.List;
import java.util.Locale;

/** The checks of a fault schedule that need to know the cluster, made before any broker starts. */
public final class FaultPreflight {
    /** The fewest brokers a roll runs on (see {@link #checkRoll}). */
    static final int MIN_ROLL_BROKERS = 3;

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
            if (embeddedBrokers == null && f.action() != FaultAction.EXEC && f.action() != FaultAction.REASSIGN) {
                throw InvalidInputException.field(name + ".action", f.action().word(), "needs kbench's embedded"
                        + " cluster; against an external cluster only actions exec and reassign run");
            }
            if (embeddedBrokers == null) {
                continue;
            }
            if (f.action() == FaultAction.ROLL) {
                checkRoll(name, f, embeddedBrokers);
            }
            int brokers = brokersWhenFired(faults, i, embeddedBrokers);
            if (f.target() != null && f.target().kind() == FaultTargetKind.BROKER
                    && (f.target().brokerId() < 1 || f.target().brokerId() > brokers)) {
                throw InvalidInputException.field(name + ".target", f.target().brokerId(), noSuchBroker(brokers));
            }
            if (f.plan() != null) {
                f.partitionPlan().forEach((partition, replicas) -> replicas.stream().filter(r -> r > brokers).findFirst()
                        .ifPresent(r -> {
                            throw InvalidInputException.field(name + ".plan." + partition, replicas,
                                    "broker " + r + ": " + noSuchBroker(brokers));
                        }));
            }
        }
    }

    /**
     * A roll stops each broker in turn: the cluster must keep its controller quorum with one node away, so it needs
     * the three controllers kbench starts with three brokers or more (with one or two, every node is a voter and the
     * quorum is lost with any of them). Its settings must be ones a restart can change.
     */
    private static void checkRoll(String name, FaultSpec f, int embeddedBrokers) {
        if (embeddedBrokers < MIN_ROLL_BROKERS) {
            throw InvalidInputException.field(name + ".action", "roll", "needs an embedded cluster of at least "
                    + MIN_ROLL_BROKERS + " brokers (this one has " + embeddedBrokers + "): with fewer, every broker is a"
                    + " KRaft controller and the quorum is lost while one restarts");
        }
        BrokerChange.check(name + ".roll.brokerConfig", f.rollOrPlain().changes());
    }

    /**
     * A sweep's runs share its embedded cluster: a roll that leaves the brokers on another release would hand the next
     * run a cluster other than the one its point describes.
     */
    public static void checkSharedCluster(List<FaultSpec> faults) {
        for (int i = 0; i < faults.size(); i++) {
            FaultSpec f = faults.get(i);
            if (f.roll() != null && f.roll().kafkaVersion() != null) {
                throw InvalidInputException.field("faults[" + i + "].roll.kafkaVersion", f.roll().kafkaVersion(),
                        "not in a sweep, whose runs share one cluster that the upgrade would leave on Kafka "
                                + f.roll().kafkaVersion() + " for the next run; run the rolling upgrade as a single run");
            }
        }
    }

    /** The brokers of the embedded cluster when fault {@code index} fires: those started, and those added before it. */
    static int brokersWhenFired(List<FaultSpec> faults, int index, int started) {
        int brokers = started;
        FaultSpec f = faults.get(index);
        for (int j = 0; j < faults.size(); j++) {
            FaultSpec other = faults.get(j);
            int order = other.at().compareTo(f.at());
            if (other.action() == FaultAction.ADD_BROKER && (order < 0 || (order == 0 && j < index))) {
                brokers++;
            }
        }
        return brokers;
    }

    private static String noSuchBroker(int brokers) {
        return "no such broker: the embedded cluster has brokers 1 to " + brokers + " when this fault fires"
                + " (add-broker faults before it included)";
    }

    /** Brokers added to emulated storage would need mounts of their own, which are made before the cluster starts. */
    public static void checkStorage(List<FaultSpec> faults, boolean emulatedStorage) {
        for (int i = 0; i < faults.size(); i++) {
            if (emulatedStorage && faults.get(i).action() == FaultAction.ADD_BROKER) {
                throw InvalidInputException.field("faults[" + i + "].action", "add-broker",
                        "cannot be combined with cluster.storage (the added broker would have no emulated disk)");
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
