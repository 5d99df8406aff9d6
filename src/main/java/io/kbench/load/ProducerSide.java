package io.kbench.load;

import io.kbench.load.integrity.SendLog;
import io.kbench.measure.IntervalContributor;
import java.util.List;

/**
 * A run's producers, whichever client sends: the Java client's threads in kbench's JVM ({@link ProducerFleet}) or a
 * driver process of another client ({@link DriverProducers}, docs/drivers.md). {@link LoadPhases} runs either the same
 * way: prepared, started on the common schedule, joined, asked for their measured window and first failure.
 */
interface ProducerSide {
    /**
     * Gets threads {@code first .. first+count-1} ready to send before the schedule's start is fixed: a driver is
     * started and connected here, so its start-up is not charged to the first records' latency. Nothing for Java.
     */
    void prepare(int first, int count);

    /**
     * Starts producer threads {@code first} to {@code first + count - 1} on the schedule that begins at
     * {@code startNanos}; returns the threads that end when the producers have (a driver: one thread following its
     * events). {@code autoWarmup} ends their warm-up when the workload's is auto, else it is null.
     */
    List<Thread> start(long startNanos, int first, int count, AutoWarmup autoWarmup);

    /** Stops sending as soon as possible (Ctrl-C). */
    void requestStop();

    boolean isEmpty();

    /** Whether a producer has sent a measured record (the warm-up is over). */
    boolean measuring();

    /** The intended time of the first measured send, or Long.MAX_VALUE before it. */
    long firstMeasuredSendNanos();

    /** The last measured acknowledgement, or Long.MIN_VALUE before it. */
    long lastMeasuredAckNanos();

    /** The first failure as a one-line reason, or null. */
    String failure();

    /** Each producer's send outcomes when the run is verified, else empty. */
    List<SendLog> sendLogs();

    /** The intervals measured outside kbench's JVM, to merge into its own (a driver's); none for Java. */
    List<IntervalContributor> contributors();

    /** Releases what is still held (a driver process on a failure path, its files); safe after a normal end. */
    void close();
}
