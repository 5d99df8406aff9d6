package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.unit.DurationText;
import java.time.Duration;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One scheduled fault of a workload ({@code faults:} in YAML, {@code --fault} on the command line).
 *
 * @param at        when it starts, measured from the start of the measured window (after warm-up)
 * @param action    kill, terminate, pause, restart or exec
 * @param target    broker id, leader, controller or random; a restart without one restarts the broker the latest
 *                  earlier kill or terminate hit
 * @param duration  for kill, terminate and pause: when the broker comes back (restart, resume); absent: it stays down
 *                  (paused brokers are resumed when the run ends)
 * @param partition for target leader: the partition of the workload's topic whose leader is hit (default 0)
 * @param command   for exec: the shell command line; {broker} is replaced by the target's broker id
 * @param seed      for target random: the seed of the choice (default 1), so a run can be repeated
 * @param delay     for action delay: how much later each chunk of bytes is forwarded
 * @param jitter    for action delay: each chunk's delay is drawn uniformly from delay +- jitter (default 0)
 * @param scope     for network actions: clients, peers or all (default all)
 * @param plan      for reassign: partition of the workload's topic -> its new replicas (the first is the preferred
 *                  leader); absent: the topic's partitions are spread over every running broker
 * @param throttle  for reassign and remove-broker: the replication throttle while the replicas move, e.g. 10MiB/s
 * @param roll      for roll: the changed broker settings, the order and the pauses; absent: a plain rolling restart
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultSpec(Duration at, FaultAction action, FaultTarget target, Duration duration, Integer partition,
                        String command, Long seed, Duration delay, Duration jitter, FaultScope scope,
                        Map<String, List<Integer>> plan, ReplicationThrottle throttle, RollSpec roll) {
    /** The longest delay a network fault may add (the proxy holds what is in flight in memory). */
    public static final Duration MAX_DELAY = Duration.ofSeconds(10);

    public FaultSpec {
        if (at == null) {
            throw new ElementFieldException("at", "nothing", "is required: the time into the measured window, e.g. 20s");
        }
        if (at.isNegative()) {
            throw new ElementFieldException("at", DurationText.format(at), "must not be negative");
        }
        if (action == null) {
            throw new ElementFieldException("action", "nothing", "is required: kill, terminate, pause, restart, exec,"
                    + " delay, drop, isolate, add-broker, reassign, remove-broker or roll");
        }
        if (target == null && action != FaultAction.RESTART && action.takesTarget()) {
            throw new ElementFieldException("target", "nothing", "is required: a broker id, leader, controller or random");
        }
        if (target != null && !action.takesTarget()) {
            throw new ElementFieldException("target", target, switch (action) {
                case ADD_BROKER -> "does not apply to add-broker (the new broker takes the next free id)";
                case ROLL -> "does not apply to roll (every broker is restarted, in roll.order)";
                default -> "does not apply to reassign (give a plan, or none to spread over every running broker)";
            });
        }
        if (duration != null && !action.takesDuration()) {
            throw new ElementFieldException("duration", DurationText.format(duration),
                    "only applies to kill, terminate and pause, and to the network actions delay, drop and isolate");
        }
        if (duration != null && (duration.isZero() || duration.isNegative())) {
            throw new ElementFieldException("duration", DurationText.format(duration), "must be a positive duration");
        }
        if (partition != null && (target == null || (target.kind() != FaultTargetKind.LEADER
                && target.kind() != FaultTargetKind.FOLLOWER))) {
            throw new ElementFieldException("partition", partition, "only applies to target leader or follower");
        }
        if (partition != null && partition < 0) {
            throw new ElementFieldException("partition", partition, "must not be negative");
        }
        if (seed != null && (target == null || target.kind() != FaultTargetKind.RANDOM)) {
            throw new ElementFieldException("seed", seed, "only applies to target random");
        }
        if ((action == FaultAction.EXEC) != (command != null)) {
            throw new ElementFieldException("command", command == null ? "nothing" : "'" + command + "'",
                    action == FaultAction.EXEC ? "is required for action exec" : "only applies to action exec");
        }
        if (command != null && command.isBlank()) {
            throw new ElementFieldException("command", "''", "must not be empty");
        }
        checkNetwork(action, delay, jitter, scope);
        plan = checkPlan(action, plan);
        if (throttle != null && !action.movesReplicas()) {
            throw new ElementFieldException("throttle", throttle, "only applies to reassign and remove-broker");
        }
        if (roll != null && action != FaultAction.ROLL) {
            throw new ElementFieldException("roll", roll.describe(), "only applies to action roll");
        }
    }

    /** The roll's settings; a plain rolling restart when none are given. */
    public RollSpec rollOrPlain() {
        return roll == null ? RollSpec.plain() : roll;
    }

    /**
     * The plan in partition order, each key a partition number and each replica list checked; null stays null. Keys
     * are read as text so that a wrong key is named with its path ({@code faults[0].plan.x}).
     */
    private static Map<String, List<Integer>> checkPlan(FaultAction action, Map<String, List<Integer>> plan) {
        if (plan == null) {
            return null;
        }
        if (action != FaultAction.REASSIGN) {
            throw new ElementFieldException("plan", plan, "only applies to action reassign");
        }
        if (plan.isEmpty()) {
            throw new ElementFieldException("plan", "{}", "must name at least one partition, e.g. {0: [1, 4]}");
        }
        Map<Integer, List<Integer>> sorted = new TreeMap<>();
        plan.forEach((key, replicas) -> {
            if (key == null || !key.strip().matches("\\d{1,6}")) {
                throw new ElementFieldException("plan." + key, "'" + key + "'", "partitions are numbers from 0");
            }
            if (replicas == null || replicas.isEmpty() || replicas.stream().anyMatch(r -> r == null || r < 1)) {
                throw new ElementFieldException("plan." + key, replicas,
                        "must be a list of broker ids (1 or more), e.g. [1, 4]");
            }
            if (new HashSet<>(replicas).size() != replicas.size()) {
                throw new ElementFieldException("plan." + key, replicas, "names a broker twice");
            }
            sorted.put(Integer.parseInt(key.strip()), List.copyOf(replicas));
        });
        Map<String, List<Integer>> byText = new LinkedHashMap<>();
        sorted.forEach((partition, replicas) -> byText.put(Integer.toString(partition), replicas));
        return Collections.unmodifiableMap(byText);
    }

    /** The plan by partition number, in partition order; null when there is none. */
    public Map<Integer, List<Integer>> partitionPlan() {
        if (plan == null) {
            return null;
        }
        Map<Integer, List<Integer>> byPartition = new TreeMap<>();
        plan.forEach((key, replicas) -> byPartition.put(Integer.parseInt(key), replicas));
        return byPartition;
    }

    private static void checkNetwork(FaultAction action, Duration delay, Duration jitter, FaultScope scope) {
        if ((action == FaultAction.DELAY) != (delay != null)) {
            throw new ElementFieldException("delay", delay == null ? "nothing" : DurationText.format(delay),
                    action == FaultAction.DELAY ? "is required for action delay, e.g. 50ms" : "only applies to action delay");
        }
        if (delay != null && (delay.isNegative() || delay.isZero() || delay.compareTo(MAX_DELAY) > 0)) {
            throw new ElementFieldException("delay", DurationText.format(delay),
                    "must be positive and at most " + DurationText.format(MAX_DELAY));
        }
        if (jitter != null && action != FaultAction.DELAY) {
            throw new ElementFieldException("jitter", DurationText.format(jitter), "only applies to action delay");
        }
        if (jitter != null && (jitter.isNegative() || jitter.compareTo(delay) > 0)) {
            throw new ElementFieldException("jitter", DurationText.format(jitter),
                    "must be between 0 and the delay (" + DurationText.format(delay) + ")");
        }
        if (scope != null && !action.isNetwork()) {
            throw new ElementFieldException("scope", scope.name().toLowerCase(Locale.ROOT),
                    "only applies to network actions (delay, drop, isolate)");
        }
    }

    /** The listeners a network fault acts on (all when not given). */
    public FaultScope networkScope() {
        return scope == null ? FaultScope.ALL : scope;
    }

    /** The jitter of a delay (zero when not given). */
    public Duration delayJitter() {
        return jitter == null ? Duration.ZERO : jitter;
    }

    /** When the fault ends on its own, or null when it does not. */
    public Duration endsAt() {
        return duration == null ? null : at.plus(duration);
    }

    /** The partition whose leader (or follower) a leader (or follower) target hits. */
    public int leaderPartition() {
        return partition == null ? 0 : partition;
    }

    /** The seed of a random target. */
    public long randomSeed() {
        return seed == null ? 1 : seed;
    }

    /** One short line: {@code kill leader at 20s for 10s}. */
    public String describe() {
        return action.word() + (target == null ? "" : " " + target)
                + (plan == null ? "" : " " + plan)
                + (throttle == null ? "" : " throttled to " + throttle)
                + (action == FaultAction.ROLL ? " (" + rollOrPlain().describe() + ")" : "")
                + (partition == null ? "" : " of partition " + partition)
                + (delay == null ? "" : " by " + DurationText.format(delay))
                + (jitter == null ? "" : " +- " + DurationText.format(jitter))
                + (action.isNetwork() ? " (" + networkScope().name().toLowerCase(Locale.ROOT) + ")" : "")
                + " at " + DurationText.format(at) + (duration == null ? "" : " for " + DurationText.format(duration));
    }

    /**
     * The fault a target-less restart at {@code restart} undoes: the latest earlier kill or terminate without a
     * duration; -1 when there is none.
     */
    public static int previousStop(List<FaultSpec> faults, int restart) {
        int found = -1;
        Duration at = faults.get(restart).at();
        for (int i = 0; i < faults.size(); i++) {
            FaultSpec f = faults.get(i);
            if (i != restart && f.action().stopsBroker() && f.duration() == null && f.at().compareTo(at) < 0
                    && (found < 0 || f.at().compareTo(faults.get(found).at()) >= 0)) {
                found = i;
            }
        }
        return found;
    }
}
