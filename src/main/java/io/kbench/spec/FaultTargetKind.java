package io.kbench.spec;

/** How a fault picks its broker. */
public enum FaultTargetKind {
    /** A broker id given in the workload. */
    BROKER,
    /** The leader of a partition of the workload's topic, looked up when the fault fires. */
    LEADER,
    /** A follower of a partition (its first in-sync replica that is not the leader), looked up when the fault fires. */
    FOLLOWER,
    /** The active KRaft controller, looked up when the fault fires. */
    CONTROLLER,
    /** One of the running brokers, chosen by a seeded random number. */
    RANDOM
}
