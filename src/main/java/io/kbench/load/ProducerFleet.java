package io.kbench.load;

import io.kbench.error.InvalidInputException;
import io.kbench.load.integrity.SendLog;
import io.kbench.measure.IntervalContributor;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.WorkloadSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;

/**
 * A run's producer threads of the Java client: builds each one's plan (its part of the rate, schedule phase, records
 * and seed), starts them, and answers for them together: their measured window, whether they measure yet, the first
 * failure.
 */
final class ProducerFleet implements ProducerSide {
    private final LoadRun run;
    private final WorkloadSpec spec;
    // Copy-on-write: a stop request iterates them on a signal thread while the run may still be adding workers.
    private final List<ProducerWorker> workers = new CopyOnWriteArrayList<>();
    /** Each producer's send outcomes when the run is verified, else empty. */
    private final List<SendLog> sendLogs = new ArrayList<>();

    ProducerFleet(LoadRun run) {
        this.run = run;
        this.spec = run.spec();
    }

    /** The Java threads create their clients as they start. */
    @Override
    public void prepare(int first, int count) {
    }

    /**
     * Starts producer threads {@code first} to {@code first + count - 1} of the workload (a slice's threads keep the
     * rate, phase and seed they have alone) on the schedule that begins at {@code startNanos}; returns their threads.
     * {@code autoWarmup} ends their warm-up when the workload's is auto, else it is null.
     */
    @Override
    public List<Thread> start(long startNanos, int first, int count, AutoWarmup autoWarmup) {
        ProducerSpec p = spec.producers();
        PayloadGenerator payloads = payloads(spec);
        KeyPool keys = new KeyPool(p.keys());
        if (p.staged()) {
            StageWindows.open(run.metrics().stageWindows, p, startNanos);
        }
        for (int i = first; i < first + count; i++) {
            SendLog sendLog = spec.verifies() ? new SendLog(i) : null;
            if (sendLog != null) {
                sendLogs.add(sendLog);
            }
            try {
                workers.add(new ProducerWorker(run, plan(p, i), properties(p, i), payloads.valuesForThread(i), keys,
                        startNanos, sendLog, autoWarmup));
            } catch (KafkaException e) {
                throw ClientFailure.of(e);
            }
        }
        if (run.stop().requested()) {
            requestStop();
        }
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            threads.add(StopSignal.start(workers.get(i), "kbench-producer-" + (first + i)));
        }
        return threads;
    }

    /** The workload's values, checked to leave room for the stamp and, with verify, the record id (any client). */
    static PayloadGenerator payloads(WorkloadSpec workload) {
        ProducerSpec p = workload.producers();
        PayloadGenerator payloads = new PayloadGenerator(p.payload(), p.recordSize());
        if (workload.consumers().endToEnd() && payloads.minValueBytes() < Stamp.BYTES) {
            throw InvalidInputException.field("producers.payload.file", p.payload().file(),
                    "has payloads shorter than " + Stamp.BYTES + " bytes; live consumers need room for the latency stamp");
        }
        if (workload.verifies() && payloads.minValueBytes() < Stamp.ID_BYTES) {
            throw InvalidInputException.field("producers.payload.file", p.payload().file(),
                    "has payloads shorter than " + Stamp.ID_BYTES + " bytes; verify needs room for each record's id");
        }
        return payloads;
    }

    /** Thread {@code i}'s part of the workload: its rate, schedule phase, warm-up and records. */
    private ProducerPlan plan(ProducerSpec p, int i) {
        return new ProducerPlan(spec.topic().name(),
                p.unlimitedRate() ? 0 : p.offeredRate() / p.count(), (double) i / p.count(),
                EvenSplit.portion(p.warmupRecords() == null ? 0 : p.warmupRecords(), p.count(), i),
                p.warmupDuration() == null ? Duration.ZERO : p.warmupDuration(),
                p.records() == null ? -1 : EvenSplit.portion(p.records(), p.count(), i),
                p.duration(), p.payload().seed() + i, p.staged() ? p.stages() : List.of(), 1.0 / p.count());
    }

    private Map<String, Object> properties(ProducerSpec p, int i) {
        Map<String, Object> props = run.clients().producer(p.properties(), i);
        if (p.transactional()) {
            props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                    p.transactions().transactionalIdOf(i, p.count(),
                            "kbench-txn-" + Integer.toHexString(run.stampMagic())));
        }
        return props;
    }

    @Override
    public void requestStop() {
        workers.forEach(ProducerWorker::requestStop);
    }

    @Override
    public boolean isEmpty() {
        return workers.isEmpty();
    }

    /** Whether a producer has sent a measured record (the warm-up is over). */
    @Override
    public boolean measuring() {
        return workers.stream().anyMatch(w -> w.firstMeasuredSendNanos() != Long.MAX_VALUE);
    }

    /** The intended time of the first measured send, or Long.MAX_VALUE before it. */
    @Override
    public long firstMeasuredSendNanos() {
        return workers.stream().mapToLong(ProducerWorker::firstMeasuredSendNanos).min().orElse(Long.MAX_VALUE);
    }

    /** The last measured acknowledgement, or Long.MIN_VALUE before it. */
    @Override
    public long lastMeasuredAckNanos() {
        return workers.stream().mapToLong(ProducerWorker::lastMeasuredAckNanos).max().orElse(Long.MIN_VALUE);
    }

    /** The first producer's failure as a one-line reason, or null. */
    @Override
    public String failure() {
        for (ProducerWorker w : workers) {
            if (w.failure() != null) {
                return "producer failed: " + w.failure().getMessage();
            }
        }
        return null;
    }

    @Override
    public List<SendLog> sendLogs() {
        return sendLogs;
    }

    @Override
    public List<IntervalContributor> contributors() {
        return List.of();
    }

    /** The threads closed their clients themselves. */
    @Override
    public void close() {
    }
}
