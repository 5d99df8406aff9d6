package io.kbench.capacity;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.time.Duration;
import java.util.List;

/**
 * Everything a capacity plan needs, validated; optional parts are null when not given.
 *
 * @param compressionRatio logical bytes / compressed bytes (1 = uncompressed); applies to wire and disk
 * @param perBrokerCapacity null: brokers for throughput are not computed
 * @param brokerStorageTb usable disk per broker in decimal TB; null: brokers for storage are not computed
 * @param brokerNicGbps NIC per broker for the network broker count; null: the largest size, 100 GbE
 * @param brokers a fixed broker count (e.g. an existing cluster); null: use the count the plan needs
 * @param disk a cloud disk's size-dependent limits to report; null: none
 */
public record PlanInput(
        Ingress ingress,
        int replicationFactor,
        int fanOut,
        Duration retention,
        double targetUtilisation,
        double compressionRatio,
        BrokerCapacity perBrokerCapacity,
        Double brokerStorageTb,
        Double brokerNicGbps,
        Integer brokers,
        int drivesPerBroker,
        List<DriveSpec> drives,
        DiskLimits disk) {

    public static final int DEFAULT_REPLICATION_FACTOR = 3;
    public static final int DEFAULT_FAN_OUT = 1;
    public static final String DEFAULT_RETENTION = "7d";
    public static final double DEFAULT_TARGET_UTILISATION = 0.6;
    public static final double DEFAULT_COMPRESSION_RATIO = 1.0;

    public PlanInput {
        if (ingress == null) {
            throw InvalidInputException.field("ingress", null, "required");
        }
        Checks.atLeast("replicationFactor", replicationFactor, 1);
        Checks.atLeast("fanOut", fanOut, 0);
        if (retention == null || retention.isZero() || retention.isNegative()) {
            throw InvalidInputException.field("retention", retention, "must be greater than zero");
        }
        Checks.positive("targetUtilisation", targetUtilisation);
        if (targetUtilisation > 1) {
            throw InvalidInputException.field("targetUtilisation", targetUtilisation,
                    "is a fraction: must be in (0, 1], e.g. 0.6 for 60%");
        }
        Checks.positive("compressionRatio", compressionRatio);
        if (brokerStorageTb != null) {
            Checks.positive("brokerStorageTb", brokerStorageTb);
        }
        if (brokerNicGbps != null) {
            Checks.positive("brokerNicGbps", brokerNicGbps);
        }
        if (brokers != null) {
            Checks.atLeast("brokers", brokers, 1);
        }
        Checks.atLeast("drivesPerBroker", drivesPerBroker, 1);
        drives = drives == null ? List.of() : List.copyOf(drives);
    }

    /** A plan without disk limits. */
    public PlanInput(Ingress ingress, int replicationFactor, int fanOut, Duration retention, double targetUtilisation,
                     double compressionRatio, BrokerCapacity perBrokerCapacity, Double brokerStorageTb, Double brokerNicGbps,
                     Integer brokers, int drivesPerBroker, List<DriveSpec> drives) {
        this(ingress, replicationFactor, fanOut, retention, targetUtilisation, compressionRatio, perBrokerCapacity,
                brokerStorageTb, brokerNicGbps, brokers, drivesPerBroker, drives, null);
    }
}
