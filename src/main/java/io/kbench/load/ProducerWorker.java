package io.kbench.load;

import io.kbench.error.InvalidInputException;
import io.kbench.load.integrity.SendLog;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.LatencyRecorder;
import io.kbench.measure.LiveMetrics;
import io.kbench.measure.PartitionBreakdown;
import io.kbench.measure.RunMetrics;
import io.kbench.spec.PayloadType;
import io.kbench.spec.TransactionSpec;
import io.kbench.unit.Units;
import java.time.Duration;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.jctools.queues.MpscArrayQueue;

/**
 * One producer thread with its own producer client (a KafkaProducer, a mock in unit tests). The loop sends on a
 * fixed schedule (or as fast as the client accepts), stamps each value with its intended send time, and allocates
 * nothing of its own per record: values, keys, the ProducerRecords around them ({@link RecordPool}; built per send only with many keys)
 * and callbacks are pre-built.
 */
final class ProducerWorker implements Runnable {
    /** Bounds the pooled callbacks (about 32 bytes each) so many producer threads stay cheap. */
    private static final int MAX_CALLBACK_POOL = 1 << 18;
    /** How long close waits for in-flight records at the end of a run. */
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);
    /**
     * How long close waits for in-flight records after a stop request (Ctrl-C): acks from a live broker take
     * milliseconds, and a broker that went away sends none, so waiting longer only delays the result.
     */
    private static final Duration STOP_CLOSE_TIMEOUT = Duration.ofSeconds(3);

    private final ProducerPlan plan;
    /** The run's stamp number, written into every value. */
    private final int stampMagic;
    private final Producer<byte[], byte[]> producer;
    private final byte[][] values;
    /** Whether each value is the record's number, made per send (producers.payload.type monotonic). */
    private final boolean monotonic;
    private final KeyPool keys;
    private final RecordPool records;
    private final RunMetrics metrics;
    private final LiveMetrics live;
    private final NanoClock clock;
    private final Pacer pacer;
    private final long startNanos;
    private final MpscArrayQueue<PendingSend> callbacks;
    private final FastRandom random;
    /** Every send's outcome by sequence number, or null when the run is not verified. */
    private final SendLog sendLog;
    /** Begins, commits and aborts transactions, or null when the producers are not transactional. */
    private final TransactionCadence transactions;
    /** Measured acknowledgements per partition. */
    private final PartitionBreakdown partitions;
    /** The auto warm-up that says when measuring starts, or null for a fixed warm-up (or none). */
    private final AutoWarmup autoWarmup;
    /**
     * Measured publish latencies from the send() call, for the stock tool's line at a fixed rate (unlimited, they are the
     * publish latencies themselves, so they are not recorded twice). Written only by the producer's I/O
     * thread (successful sends complete there), so a plain histogram: no atomics per record. Handed to the run's
     * metrics once the producer is closed.
     */
    private final Histogram fromSendCall = LatencyRecorder.newHistogram();
    private volatile boolean stopRequested;
    private volatile long firstMeasuredSendNanos = Long.MAX_VALUE;
    private volatile long lastMeasuredAckNanos = Long.MIN_VALUE;
    private volatile Throwable failure;

    /**
     * Thread {@code plan} of {@code run}: its client from the run's producer factory (once, here), configured by
     * {@code clientProperties} (a transactional producer's hold its transactional.id); it picks its values from
     * {@code values} and its keys from {@code keys} on the schedule that begins at {@code startNanos}. {@code sendLog}
     * non-null: every send's outcome is logged (a verified run). {@code autoWarmup} non-null: it, not the plan's
     * fixed warm-up, ends the warm-up.
     */
    ProducerWorker(LoadRun run, ProducerPlan plan, Map<String, Object> clientProperties, byte[][] values, KeyPool keys,
                   long startNanos, SendLog sendLog, AutoWarmup autoWarmup) {
        this.plan = plan;
        this.stampMagic = run.stampMagic();
        this.producer = run.producerFactory().create(clientProperties, run.valueSerializer());
        this.values = values;
        this.monotonic = run.spec().producers().payload().type() == PayloadType.MONOTONIC;
        this.keys = keys;
        this.records = new RecordPool(plan.topic(), values, keys);
        this.metrics = run.metrics();
        this.live = run.live();
        this.clock = run.clock();
        this.pacer = new Pacer(clock, Pacer.Sleeper.PARK, Pacer.WAKE_UP_NANOS);
        this.startNanos = startNanos;
        this.random = new FastRandom(plan.seed());
        this.sendLog = sendLog;
        TransactionSpec transactionSpec = run.spec().producers().transactions();
        this.transactions = transactionSpec == null ? null
                : new TransactionCadence(producer, transactionSpec, run.transactions(), clock, plan.seed());
        this.partitions = run.breakdown();
        this.autoWarmup = autoWarmup;
        int pool = callbackPoolSize(clientProperties, values);
        this.callbacks = new MpscArrayQueue<>(pool);
        for (int i = 0; i < pool; i++) {
            callbacks.offer(new PendingSend(this));
        }
    }

    /**
     * As many callbacks as records can be in flight: buffer.memory over the smallest value, so that after start-up
     * the send loop never allocates one (beyond the pool it falls back to allocating, never to waiting).
     */
    static int callbackPoolSize(Map<String, Object> clientProperties, byte[][] values) {
        Object buffer = clientProperties.getOrDefault("buffer.memory", 33_554_432L);
        long bufferBytes;
        try {
            bufferBytes = Long.parseLong(String.valueOf(buffer).trim());
        } catch (NumberFormatException e) {
            throw InvalidInputException.field("producers.properties.buffer.memory", buffer, "must be a whole number of bytes");
        }
        int smallest = Integer.MAX_VALUE;
        for (byte[] v : values) {
            smallest = Math.min(smallest, Math.max(1, v.length));
        }
        long inFlight = bufferBytes / smallest + 1024;
        return (int) Math.min(MAX_CALLBACK_POOL, Math.max(1024, inFlight));
    }

    @Override
    public void run() {
        try {
            if (transactions != null) {
                transactions.init();
            }
            sendAll();
            if (!stopRequested) {
                if (transactions != null) {
                    transactions.end(); // the last, partly filled transaction
                }
                // After a stop request close(STOP_CLOSE_TIMEOUT) waits for in-flight records, bounded; flush is not.
                producer.flush();
            }
        } catch (org.apache.kafka.common.errors.InterruptException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            try {
                try {
                    // Flushed and not yet closed: where the stock tool reads the metrics it prints (--print-metrics).
                    live.producerClosing(() -> ClientMetricNames.of(producer.metrics()));
                } finally {
                    producer.close(stopRequested ? STOP_CLOSE_TIMEOUT : CLOSE_TIMEOUT);
                }
            } finally {
                // Close joins the I/O thread before it can throw: its writes to the histogram are visible here.
                metrics.addPublishFromSendCall(fromSendCall);
            }
        }
    }

    private void sendAll() {
        SendSchedule schedule = plan.schedule(startNanos);
        long warmupEndNanos = startNanos + plan.warmupDuration().toNanos();
        long measuredDeadlineNanos = Long.MAX_VALUE;
        long measuredSent = 0;
        for (long i = 0; !stopRequested; i++) {
            long intended = schedule == null ? clock.nanoTime() : schedule.intendedSendNanos(i);
            if (intended == SendSchedule.END) {
                return; // the last stage ended
            }
            long now = schedule == null ? intended : pacer.awaitUntil(intended);
            if (now < intended) {
                return; // the wait was cancelled by requestStop
            }
            boolean measured = i >= plan.warmupRecords()
                    && intended >= (autoWarmup == null ? warmupEndNanos : autoWarmup.endNanos());
            if (measured) {
                if (measuredSent == 0) {
                    firstMeasuredSendNanos = intended;
                    if (plan.measuredDuration() != null) {
                        measuredDeadlineNanos = intended + plan.measuredDuration().toNanos();
                    }
                }
                if (measuredSent == plan.measuredRecords() || intended >= measuredDeadlineNanos) {
                    return;
                }
                if (schedule != null) {
                    metrics.latency(LatencyMetric.SEND_DELAY).recorder().recordMicros(Units.micros(now - intended));
                }
                measuredSent++;
            }
            if (transactions == null) {
                send(i, intended, now, measured, false);
            } else {
                boolean aborted = transactions.beforeSend(now);
                transactions.afterSend(send(i, intended, now, measured, aborted), measured, now);
            }
        }
    }

    /** Sends record {@code index} (due at {@code intendedNanos}, sent at {@code nowNanos}) and returns its value's size. */
    private int send(long index, long intendedNanos, long nowNanos, boolean measured, boolean aborted) {
        int valueIndex = values.length == 1 ? 0 : random.nextInt(values.length);
        // A monotonic value is the record's number and nothing else: never stamped (the workload allows no reader of
        // stamps with it).
        byte[] value = monotonic ? PayloadGenerator.monotonic(index) : values[valueIndex];
        if (!monotonic && value.length >= Stamp.BYTES) {
            Stamp.write(value, stampMagic, measured, aborted, intendedNanos);
        }
        if (sendLog != null) {
            // The send index is the record's sequence number: unique per producer, in send order.
            sendLog.sending(index);
            Stamp.writeId(value, sendLog.producer(), index);
        }
        PendingSend callback = callbacks.relaxedPoll();
        if (callback == null) {
            callback = new PendingSend(this);
        }
        callback.startNanos = intendedNanos;
        callback.sendCallNanos = nowNanos;
        callback.bytes = value.length;
        callback.measured = measured;
        callback.seq = index;
        // send() copies key and value into the batch before returning, so reusing the arrays (and the immutable
        // ProducerRecord around them) is safe.
        int keyIndex = keys.indexFor(index, random);
        producer.send(monotonic ? records.record(value, keyIndex) : records.record(valueIndex, keyIndex), callback);
        return value.length;
    }

    /** Runs on the producer's I/O thread (or the sending thread when send fails synchronously). */
    void completed(PendingSend send, RecordMetadata metadata, Exception exception) {
        long now = clock.nanoTime();
        if (sendLog != null) {
            if (exception != null) {
                sendLog.failed(send.seq, exception);
            } else {
                sendLog.acknowledged(send.seq, metadata.partition(), metadata.offset());
            }
        }
        if (exception != null) {
            // Once stopped, failures are the stop's doing (close aborting what is in flight, or a broker already
            // gone), not the workload's: such records count neither as produced nor as errors.
            if (!stopRequested) {
                (send.measured ? metrics.produceErrors : metrics.warmupProduceErrors).count(exception);
                if (send.measured) {
                    metrics.faultWindows.failed(send.startNanos);
                    metrics.stageWindows.failed(send.startNanos);
                }
            }
        } else {
            metrics.producedAll.add(1, send.bytes);
            if (send.measured) {
                metrics.latency(LatencyMetric.PUBLISH).recorder().recordMicros(Units.micros(now - send.startNanos));
                if (!plan.unlimited()) {
                    // Unlimited, the send call is the start: the publish latency above is the same figure.
                    fromSendCall.recordValue(Math.min(LatencyRecorder.HIGHEST_TRACKABLE_MICROS,
                            Math.max(0, Units.micros(now - send.sendCallNanos))));
                }
                partitions.produced(metadata.partition(), Units.micros(now - send.startNanos));
                metrics.faultWindows.acknowledged(send.startNanos, Units.micros(now - send.startNanos));
                metrics.stageWindows.acknowledged(send.startNanos, Units.micros(now - send.startNanos));
                metrics.producedMeasured.add(1, send.bytes);
                lastMeasuredAckNanos = now;
            } else if (autoWarmup != null) {
                autoWarmup.acknowledged(Units.micros(now - send.startNanos));
            }
        }
        callbacks.relaxedOffer(send);
    }

    /** Ends the send loop (also a wait for the schedule) and makes close wait at most STOP_CLOSE_TIMEOUT. */
    void requestStop() {
        stopRequested = true;
        pacer.cancel();
    }

    long firstMeasuredSendNanos() {
        return firstMeasuredSendNanos;
    }

    long lastMeasuredAckNanos() {
        return lastMeasuredAckNanos;
    }

    Throwable failure() {
        return failure;
    }
}
