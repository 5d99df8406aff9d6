package io.kbench.load;

import io.kbench.measure.LatencyMetric;
import io.kbench.measure.LiveMetrics;
import io.kbench.measure.RunMetrics;
import io.kbench.unit.Units;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;

/**
 * What a group consumer and a share consumer have in common: the poll loop (subscribe, poll until stopped, hand each
 * poll with records to the subclass, close on every exit path), the stop and failure bookkeeping, and the hot-path
 * accounting of what was consumed. The accounting methods allocate nothing and take no locks: they run per record or
 * per poll on the consumer's own thread.
 */
abstract class ConsumerLoop implements Runnable {
    private static final Duration POLL_TIMEOUT = Duration.ofMillis(100);
    /** How long close may take (offset commit, leaving the group) at the end of a run. */
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);
    /** The same after Ctrl-C, when the cluster may be going away and the result is waiting. */
    private static final Duration STOP_NOW_CLOSE_TIMEOUT = Duration.ofSeconds(2);

    final RunMetrics metrics;
    final NanoClock clock;
    private final LiveMetrics live;
    private final int stampMagic;
    /** Where a backlog read ends; set before the thread starts (Thread.start publishes it). */
    private ReadLimit readLimit = ReadLimit.NONE;
    private volatile boolean stopRequested;
    private volatile boolean stopNow;
    private volatile long firstRecordNanos = Long.MAX_VALUE;
    private volatile long lastRecordNanos = Long.MIN_VALUE;
    private volatile Throwable failure;

    /** Counts into {@code run}'s metrics on its clock; records without its stamp number are other runs'. */
    ConsumerLoop(LoadRun run) {
        this.stampMagic = run.stampMagic();
        this.metrics = run.metrics();
        this.clock = run.clock();
        this.live = run.live();
    }

    @Override
    public final void run() {
        try {
            subscribe();
            while (!stopRequested) {
                beforePoll();
                ConsumerRecords<byte[], byte[]> records = poll(POLL_TIMEOUT);
                if (!records.isEmpty()) {
                    // The poll's return is when these records reached the application: one clock read serves them all.
                    handle(records, clock.nanoTime());
                }
                if (readLimit.reached()) {
                    // The stock tool's check, once per poll: at most one poll past the limit (ReadLimit).
                    break;
                }
            }
        } catch (InterruptException | WakeupException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            try {
                live.consumerClosing(this::clientMetrics);
            } finally {
                close(stopNow ? STOP_NOW_CLOSE_TIMEOUT : CLOSE_TIMEOUT);
            }
        }
    }

    abstract void subscribe();

    /** Runs on the consumer's thread before each poll (a pause or resume is applied there); once per poll, not per record. */
    void beforePoll() {
    }

    abstract ConsumerRecords<byte[], byte[]> poll(Duration timeout);

    /** One poll's records, received at {@code receivedNanos}. */
    abstract void handle(ConsumerRecords<byte[], byte[]> records, long receivedNanos);

    abstract void close(Duration timeout);

    /** The consumer client's own metrics ({@link ClientMetricNames}), before it closes. */
    abstract Map<String, Object> clientMetrics();

    /** The record's size as the perf tools count it: serialized key and value. */
    static long size(ConsumerRecord<byte[], byte[]> r) {
        return Math.max(0, r.serializedValueSize()) + Math.max(0, r.serializedKeySize());
    }

    /** Whether {@code value} is a measured record of this run (not warm-up, not another run's). */
    final boolean measured(byte[] value) {
        return Stamp.isOurs(value, stampMagic) && Stamp.isMeasured(value);
    }

    /** Whether {@code value} is a record this run's producers sent in a transaction they aborted. */
    final boolean aborted(byte[] value) {
        return Stamp.isAborted(value, stampMagic);
    }

    /**
     * Records the end-to-end latency of a measured record received at {@code receivedNanos}, also in the fault window
     * and the rate stage its intended send time falls in, and returns it.
     */
    final long recordEndToEnd(byte[] value, long receivedNanos) {
        long sent = Stamp.sendNanos(value);
        long micros = Units.micros(receivedNanos - sent);
        metrics.latency(LatencyMetric.END_TO_END).recorder().recordMicros(micros);
        metrics.faultWindows.endToEnd(sent, micros);
        metrics.stageWindows.endToEnd(sent, micros);
        return micros;
    }

    /** Counts what one poll consumed ({@code measured} of it measured), done at {@code atNanos}. */
    final void consumed(long all, long allBytes, long measured, long measuredBytes, long atNanos) {
        metrics.consumedAll.add(all, allBytes);
        if (measured > 0) {
            metrics.consumedMeasured.add(measured, measuredBytes);
            if (firstRecordNanos == Long.MAX_VALUE) {
                firstRecordNanos = atNanos;
            }
            lastRecordNanos = atNanos;
        }
    }

    void requestStop() {
        stopRequested = true;
    }

    /** Stops this consumer after the poll in which the consumers together reach {@code limit}; before it starts. */
    void stopAt(ReadLimit limit) {
        this.readLimit = limit;
    }

    /** Whether no stop was requested yet. */
    boolean running() {
        return !stopRequested;
    }

    /** Stops like {@link #requestStop}, with a shorter close: the run was interrupted. */
    void stopNow() {
        stopNow = true;
        stopRequested = true;
    }

    long firstRecordNanos() {
        return firstRecordNanos;
    }

    long lastRecordNanos() {
        return lastRecordNanos;
    }

    Throwable failure() {
        return failure;
    }
}
