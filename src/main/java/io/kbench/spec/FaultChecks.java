package io.kbench.spec;

import io.kbench.error.InvalidInputException;
import io.kbench.unit.DurationText;
import java.time.Duration;
import java.util.List;

/** The checks of a fault list that need the whole workload: the measured window and the order of the faults. */
final class FaultChecks {
    private FaultChecks() {
    }

    static void check(List<FaultSpec> faults, ProducerSpec producers, TopicSpec topic) {
        for (int i = 0; i < faults.size(); i++) {
            FaultSpec f = faults.get(i);
            String name = "faults[" + i + "]";
            if (producers.count() == 0) {
                throw InvalidInputException.field(name, f.describe(), "faults need producers (their clock is the producers')");
            }
            Duration window = producers.duration();
            if (window == null) {
                throw InvalidInputException.field(name + ".at", DurationText.format(f.at()),
                        "faults need producers.duration (a measured window of known length), not producers.records");
            }
            if (f.at().compareTo(window) >= 0) {
                throw InvalidInputException.field(name + ".at", DurationText.format(f.at()),
                        "must be inside the measured window (0s to " + DurationText.format(window) + ")");
            }
            if (f.endsAt() != null && f.endsAt().compareTo(window) > 0) {
                throw InvalidInputException.field(name + ".duration", DurationText.format(f.duration()),
                        "would end at " + DurationText.format(f.endsAt()) + ", after the measured window ("
                                + DurationText.format(window) + ")");
            }
            if (f.action() == FaultAction.RESTART && f.target() == null && FaultSpec.previousStop(faults, i) < 0) {
                throw InvalidInputException.field(name + ".target", "nothing", "a restart without a target restarts"
                        + " the broker of an earlier kill or terminate without duration, and there is none");
            }
            checkPlanPartitions(name, f, topic);
        }
    }

    /** A plan may only name partitions the workload's topic has. */
    private static void checkPlanPartitions(String name, FaultSpec f, TopicSpec topic) {
        if (f.plan() == null) {
            return;
        }
        for (int partition : f.partitionPlan().keySet()) {
            if (partition >= topic.partitions()) {
                throw InvalidInputException.field(name + ".plan." + partition, f.partitionPlan().get(partition),
                        "no such partition: topic " + topic.name() + " has partitions 0 to " + (topic.partitions() - 1));
            }
        }
    }
}
