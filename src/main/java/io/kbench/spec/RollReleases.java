package io.kbench.spec;

import io.kbench.error.InvalidInputException;
import io.kbench.release.ReleaseVersion;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The releases a run's rolls restart the brokers on, checked in the order the rolls fire against the release the
 * cluster starts on. A roll to an older release is a software downgrade, which Kafka allows only while the cluster's
 * finalized {@code metadata.version} is one the older release supports: metadata.version can be raised but not lowered
 * (KIP-778; KIP-1155 proposes downgrades, not adopted), a newer release supports more metadata versions than an older
 * one, and kbench formats a cluster at the newest metadata.version of the release it starts on. So a downgrade to an
 * older release line than the one whose metadata.version the cluster has (its start, or a roll's {@code finalize}) is
 * refused before anything starts; one within that line (a patch release) or above it is not.
 */
public final class RollReleases {
    private RollReleases() {
    }

    /**
     * Each roll's release by its field ({@code faults[2].roll.kafkaVersion}), in the order the rolls fire; refuses a
     * downgrade Kafka would refuse, in one line naming the roll, the versions and why.
     */
    public static Map<String, ReleaseVersion> check(List<FaultSpec> faults, ReleaseVersion starting) {
        Map<String, ReleaseVersion> releases = new LinkedHashMap<>();
        ReleaseVersion running = starting;
        ReleaseVersion metadataLine = starting;
        String metadataFrom = "the cluster starts on Kafka " + starting + ", formatted at its newest metadata.version";
        String hint = "to roll back and forth, start the cluster on the older release (cluster.kafkaVersion)";
        List<Integer> byTime = IntStream.range(0, faults.size()).boxed()
                .sorted(Comparator.comparing((Integer i) -> faults.get(i).at()).thenComparing(i -> i)).toList();
        for (int i : byTime) {
            FaultSpec f = faults.get(i);
            if (f.action() != FaultAction.ROLL || f.roll() == null || f.roll().release().isEmpty()) {
                continue;
            }
            String field = "faults[" + i + "].roll.kafkaVersion";
            ReleaseVersion target = f.roll().release().get();
            if (target.olderLineThan(metadataLine)) {
                throw InvalidInputException.field(field, target, "a downgrade from Kafka " + running + " that Kafka"
                        + " refuses: " + metadataFrom + " (" + metadataLine.line() + "), which " + target + " does not"
                        + " support, and metadata.version cannot be lowered (KIP-778); " + hint);
            }
            releases.put(field, target);
            running = target;
            if (f.roll().metadataFinalize() == MetadataFinalize.FINALIZE && metadataLine.olderLineThan(target)) {
                metadataLine = target;
                metadataFrom = "faults[" + i + "].roll.finalize raises metadata.version to the newest of Kafka " + target;
                hint = "leave out faults[" + i + "].roll.finalize to keep the way back open";
            }
        }
        return releases;
    }
}
