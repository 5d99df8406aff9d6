package io.kbench.capacity;

import io.kbench.result.Figure;
import io.kbench.result.plan.PlanResult;
import io.kbench.unit.Units;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Pure computation of a capacity plan from validated inputs; no I/O. */
public final class CapacityPlan {
    /** Used for the network broker count when the user names no NIC: the largest size we recommend. */
    public static final double DEFAULT_NIC_GBPS = 100;

    private CapacityPlan() {
    }

    public static PlanResult compute(PlanInput in) {
        return compute(in, null);
    }

    public static PlanResult compute(PlanInput in, String description) {
        double u = in.targetUtilisation();
        int rf = in.replicationFactor();
        List<String> warnings = new ArrayList<>();

        List<Figure> inputs = new ArrayList<>();
        inputs.add(new Figure("ingressLogical", "ingress (logical)", Units.mib(in.ingress().bytesPerSec()), "MiB/s",
                in.ingress().recordsPerSec() != null && in.ingress().recordSizeBytes() != null
                        ? Figure.format(in.ingress().recordsPerSec()) + " records/s x " + in.ingress().recordSizeBytes() + " B / 2^20"
                        : "given"));
        inputs.add(new Figure("replicationFactor", "replication factor (RF)", rf, "copies", "input"));
        inputs.add(new Figure("fanOut", "consumer fan-out", in.fanOut(), "groups", "input"));
        inputs.add(new Figure("retentionDays", "retention", in.retention().toMillis() / 86_400_000.0, "days", "input " + RetentionText.format(in.retention())));
        inputs.add(new Figure("targetUtilisation", "target utilisation", u * 100, "%", "input (headroom = 100% - this)"));
        inputs.add(new Figure("compressionRatio", "compression ratio", in.compressionRatio(), "logical:stored", "input"));

        // Kafka moves and stores compressed batches, so wire and disk figures use the compressed rate.
        double wire = in.ingress().bytesPerSec() / in.compressionRatio();
        double replication = wire * (rf - 1);
        double egress = wire * in.fanOut();
        double inbound = wire + replication;
        double outbound = replication + egress;
        double total = wire + replication + egress;

        List<Figure> traffic = new ArrayList<>();
        traffic.add(new Figure("ingressMib", "ingress", Units.mib(wire), "MiB/s", "logical ingress / compression ratio"));
        traffic.add(new Figure("ingressGbps", "ingress", Units.gbps(wire), "Gbps", "ingress B/s x 8 / 10^9"));
        traffic.add(new Figure("ingressGibps", "ingress (S3 table 'network')", wire * 8 / Units.BITS_PER_GIBIT, "Gibit/s",
                "ingress B/s x 8 / 2^30"));
        traffic.add(new Figure("replicationMib", "replication", Units.mib(replication), "MiB/s", "ingress x (RF - 1)"));
        traffic.add(new Figure("replicationGbps", "replication", Units.gbps(replication), "Gbps", "ingress x (RF - 1) x 8 / 10^9"));
        traffic.add(new Figure("egressMib", "egress to consumers", Units.mib(egress), "MiB/s", "ingress x fan-out"));
        traffic.add(new Figure("egressGbps", "egress to consumers", Units.gbps(egress), "Gbps", "ingress x fan-out x 8 / 10^9"));
        traffic.add(new Figure("totalMib", "total", Units.mib(total), "MiB/s", "ingress + replication + egress"));
        traffic.add(new Figure("totalGbps", "total", Units.gbps(total), "Gbps", "(ingress + replication + egress) x 8 / 10^9"));

        double bytesPerDay = wire * rf * Units.SECONDS_PER_DAY;
        double retentionDays = in.retention().toMillis() / 86_400_000.0;
        double storage = bytesPerDay * retentionDays;
        List<Figure> volume = new ArrayList<>();
        if (in.ingress().recordsPerSec() != null) {
            volume.add(new Figure("eventsPerDay", "events per day", in.ingress().recordsPerSec() * Units.SECONDS_PER_DAY, "events",
                    "records/s x 86,400 s"));
        }
        volume.add(new Figure("bytesPerDayTb", "written per day incl. replicas", bytesPerDay / Units.BYTES_PER_TB, "TB",
                "ingress x RF x 86,400 s / 10^12"));
        volume.add(new Figure("bytesPerDayTib", "written per day incl. replicas", bytesPerDay / Units.BYTES_PER_TIB, "TiB",
                "ingress x RF x 86,400 s / 2^40"));
        volume.add(new Figure("storageTb", "storage for retention", storage / Units.BYTES_PER_TB, "TB",
                "written per day x " + Figure.format(retentionDays) + " d / 10^12"));
        volume.add(new Figure("storageTib", "storage for retention", storage / Units.BYTES_PER_TIB, "TiB",
                "written per day x " + Figure.format(retentionDays) + " d / 2^40"));

        // Brokers needed, per constraint; insertion order breaks ties in the binding constraint's name.
        Map<String, Integer> needs = new LinkedHashMap<>();
        List<Figure> counts = new ArrayList<>();
        if (in.perBrokerCapacity() != null) {
            double cap = in.perBrokerCapacity().bytesPerSec();
            int n = ceil(in.ingress().bytesPerSec() / (cap * u));
            needs.put("throughput", n);
            counts.add(new Figure("brokersForThroughput", "brokers for throughput", n, "brokers",
                    "ceil(logical ingress " + Figure.format(Units.mib(in.ingress().bytesPerSec())) + " MiB/s / (per-broker "
                            + Figure.format(Units.mib(cap)) + " MiB/s x " + Figure.format(u) + "))"));
        }
        if (in.brokerStorageTb() != null) {
            int n = ceil(storage / (in.brokerStorageTb() * Units.BYTES_PER_TB * u));
            needs.put("storage", n);
            counts.add(new Figure("brokersForStorage", "brokers for storage", n, "brokers",
                    "ceil(storage " + Figure.format(storage / Units.BYTES_PER_TB) + " TB / (" + Figure.format(in.brokerStorageTb())
                            + " TB per broker x " + Figure.format(u) + "))"));
        }
        double nicGbps = in.brokerNicGbps() != null ? in.brokerNicGbps() : DEFAULT_NIC_GBPS;
        // Ethernet is full duplex: the busier direction, not the sum, has to fit the NIC.
        double busierGbps = Units.gbps(Math.max(inbound, outbound));
        int forNetwork = ceil(busierGbps / (nicGbps * u));
        needs.put("network", forNetwork);
        counts.add(new Figure("brokersForNetwork", "brokers for network", forNetwork, "brokers",
                "ceil(max(in, out) " + Figure.format(busierGbps) + " Gbps / (" + Figure.format(nicGbps) + " Gbps NIC"
                        + (in.brokerNicGbps() == null ? " (largest offered)" : "") + " x " + Figure.format(u) + "))"));
        needs.put("replication", rf);
        counts.add(new Figure("brokersForReplication", "brokers for replication", rf, "brokers", "RF (one replica per broker)"));

        String binding = null;
        int needed = 0;
        for (Map.Entry<String, Integer> e : needs.entrySet()) {
            if (e.getValue() > needed) {
                needed = e.getValue();
                binding = e.getKey();
            }
        }
        counts.add(new Figure("brokersNeeded", "brokers needed", needed, "brokers", "max of the above (binding: " + binding + ")"));
        int brokers = needed;
        if (in.brokers() != null) {
            brokers = in.brokers();
            binding = "given (" + brokers + " brokers; plan needs " + needed + ", bound by " + binding + ")";
            counts.add(new Figure("brokersGiven", "brokers given", brokers, "brokers", "input"));
            if (brokers < needed) {
                warnings.add(brokers + " brokers given but the plan needs " + needed + "; per-broker figures below exceed the target utilisation");
            }
        }

        double inPerBroker = Units.gbps(inbound) / brokers;
        double outPerBroker = Units.gbps(outbound) / brokers;
        double required = Math.max(inPerBroker, outPerBroker) / u;
        Integer nic = NicSize.smallestFitting(required).orElse(null);
        List<Figure> network = new ArrayList<>();
        network.add(new Figure("perBrokerInMib", "in per broker", Units.mib(inbound) / brokers, "MiB/s", "(ingress + replication) / brokers"));
        network.add(new Figure("perBrokerInGbps", "in per broker", inPerBroker, "Gbps", "(ingress + replication) x 8 / 10^9 / brokers"));
        network.add(new Figure("perBrokerOutMib", "out per broker", Units.mib(outbound) / brokers, "MiB/s", "(replication + egress) / brokers"));
        network.add(new Figure("perBrokerOutGbps", "out per broker", outPerBroker, "Gbps", "(replication + egress) x 8 / 10^9 / brokers"));
        network.add(new Figure("perBrokerTotalMib", "total per broker", Units.mib(total) / brokers, "MiB/s", "total / brokers"));
        network.add(new Figure("perBrokerTotalGbps", "total per broker", Units.gbps(total) / brokers, "Gbps", "total x 8 / 10^9 / brokers"));
        network.add(new Figure("nicRequiredGbps", "NIC line rate needed", required, "Gbps",
                "max(in, out) per broker / target utilisation " + Figure.format(u)));
        if (nic != null) {
            network.add(new Figure("nicRecommendedGbe", "NIC recommended", nic, "GbE", "smallest of 10/25/40/100 GbE >= line rate needed"));
        } else {
            warnings.add("no NIC of 10/25/40/100 GbE covers " + Figure.format(required) + " Gbps per broker at " + brokers + " brokers");
        }

        List<Figure> endurance = new ArrayList<>();
        if (!in.drives().isEmpty()) {
            double perDrivePerDay = bytesPerDay / (brokers * (double) in.drivesPerBroker());
            endurance.add(new Figure("perDriveTbPerDay", "written per day per drive", perDrivePerDay / Units.BYTES_PER_TB, "TB/day",
                    "written per day / (" + brokers + " brokers x " + in.drivesPerBroker() + " drives)"));
            for (DriveSpec d : in.drives()) {
                double years = d.lifetimeWriteBytes() / (perDrivePerDay * Units.DAYS_PER_YEAR);
                endurance.add(new Figure("enduranceYears." + d.name(), d.name() + " lifetime", years, "years",
                        d.ratingFormula() + " / (" + Figure.format(perDrivePerDay / Units.BYTES_PER_TB) + " TB/day x 365 d)"));
            }
        }

        return new PlanResult(description,
                in.perBrokerCapacity() == null ? null : in.perBrokerCapacity().source(),
                inputs, traffic, volume, counts, brokers, binding, network, nic, endurance, warnings,
                in.disk() == null ? List.of() : in.disk().figures());
    }

    private static int ceil(double x) {
        // Guard against 3.0000000000000004 brokers from floating-point noise.
        return (int) Math.ceil(x - 1e-9);
    }
}
