package io.kbench.load;

/**
 * Observes a backlog consume phase in the terms of Kafka's kafka-consumer-perf-test (start, end, group-join
 * time), so {@code kbench consume} can print that tool's CSV lines. Called on the runner's own thread, never
 * from a consumer's poll loop, so an observer costs the consumers nothing.
 */
public interface ConsumePhaseListener {
    /** Observes nothing. */
    ConsumePhaseListener NONE = new ConsumePhaseListener() {
    };

    /** The consumers exist and are about to subscribe; the perf tool's start time. */
    default void started(Snapshot start) {
    }

    /** Records arrived since the last call; called at most every few tens of milliseconds. */
    default void progress(Snapshot now) {
    }

    /** The requested records were read, the idle timeout passed, or the run was stopped. */
    default void finished(Snapshot end) {
    }

    /**
     * Cumulative figures of the consume phase at one moment.
     *
     * @param timeMillis       wall clock (epoch milliseconds)
     * @param records          records read so far (all consumers)
     * @param bytes            key and value bytes read so far
     * @param rebalanceMillis  time spent joining the group so far (the longest of the consumers)
     */
    record Snapshot(long timeMillis, long records, long bytes, long rebalanceMillis) {
    }
}
