package io.kbench.load;

import io.kbench.client.ClientProperties;
import io.kbench.measure.LiveMetrics;
import io.kbench.measure.PartitionBreakdown;
import io.kbench.measure.RunMetrics;
import io.kbench.measure.TransactionMetrics;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.util.Objects;
import javax.crypto.SecretKey;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The facts every part of one run's load shares (or one worker's slice of a distributed run), built once when the run
 * starts and handed whole to the fleets, the workers and the phases instead of position by position. Immutable; the
 * objects it holds (metrics, breakdown, stop signal) are the run's shared, thread-safe recorders.
 *
 * @param spec             the workload
 * @param clients          the resolved client properties (connection, security)
 * @param consumerGroup    the consumer or share group the run's consumers join
 * @param producerFactory  creates each producer thread's client
 * @param consumerFactory  creates each consumer thread's client
 * @param clock            the run's monotonic clock (a slice's is the cluster's shared clock)
 * @param stop             the run's stop request (Ctrl-C) and stop-aware thread handling
 * @param stampMagic       the run's number in every record's {@link Stamp}: records without it are other runs'
 * @param metrics          where producers and consumers count and record latencies
 * @param breakdown        per-partition figures
 * @param payloadKey       the payload encryption key, or null when payloads are not encrypted
 * @param transactions     the transactions' figures, or null unless the producers are transactional
 * @param out              the run's console
 * @param consumePhase     observes a backlog consume phase (kbench consume's perf-tool lines)
 * @param live             receives each report interval (--metrics-port)
 * @param ticks            the run's start and each interval's end (telemetry sampling)
 * @param drivers          where driver processes come from and log to (a side whose client is not java)
 */
record LoadRun(WorkloadSpec spec, ClientProperties clients, String consumerGroup, ProducerFactory producerFactory,
               ConsumerFactory consumerFactory, NanoClock clock, StopSignal stop, int stampMagic, RunMetrics metrics,
               PartitionBreakdown breakdown, SecretKey payloadKey, TransactionMetrics transactions, PrintStream out,
               ConsumePhaseListener consumePhase, LiveMetrics live, IntervalTicks ticks, DriverLaunch drivers) {
    LoadRun {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(clients, "clients");
        Objects.requireNonNull(consumerGroup, "consumerGroup");
        Objects.requireNonNull(producerFactory, "producerFactory");
        Objects.requireNonNull(consumerFactory, "consumerFactory");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(breakdown, "breakdown");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(consumePhase, "consumePhase");
        Objects.requireNonNull(live, "live");
        Objects.requireNonNull(ticks, "ticks");
        Objects.requireNonNull(drivers, "drivers");
        if (transactions == null && spec.producers().transactional()) {
            throw new IllegalArgumentException("transactions: required for transactional producers");
        }
    }

    static Builder builder() {
        return new Builder();
    }

    /** The run's topic name. */
    String topic() {
        return spec.topic().name();
    }

    /** A new value serializer for one producer: encrypting when the run has a payload key. */
    Serializer<byte[]> valueSerializer() {
        return payloadKey == null ? new ByteArraySerializer() : new PayloadCipher.Encrypting(payloadKey);
    }

    /** A new value deserializer for one consumer: decrypting with a payload key (failures count as consume errors). */
    Deserializer<byte[]> valueDeserializer() {
        return payloadKey == null ? new ByteArrayDeserializer()
                : new PayloadCipher.Decrypting(payloadKey, metrics.consumeErrors);
    }

    /**
     * Collects a run's parts: the runner fills what it knows when it is created and adds the stamp, metrics and
     * breakdown when the run starts. The clients default to Kafka's, the observers to none.
     */
    static final class Builder {
        private WorkloadSpec spec;
        private ClientProperties clients;
        private String consumerGroup;
        private ProducerFactory producerFactory = ProducerFactory.KAFKA;
        private ConsumerFactory consumerFactory = ConsumerFactory.KAFKA;
        private NanoClock clock = NanoClock.SYSTEM;
        private StopSignal stop;
        private int stampMagic;
        private RunMetrics metrics;
        private PartitionBreakdown breakdown;
        private SecretKey payloadKey;
        private TransactionMetrics transactions;
        private PrintStream out;
        private ConsumePhaseListener consumePhase = ConsumePhaseListener.NONE;
        private LiveMetrics live = LiveMetrics.NONE;
        private IntervalTicks ticks = IntervalTicks.NONE;
        private DriverLaunch drivers;

        private Builder() {
        }

        Builder spec(WorkloadSpec value) {
            spec = value;
            return this;
        }

        Builder clients(ClientProperties value) {
            clients = value;
            return this;
        }

        Builder consumerGroup(String value) {
            consumerGroup = value;
            return this;
        }

        Builder producerFactory(ProducerFactory value) {
            producerFactory = value;
            return this;
        }

        Builder consumerFactory(ConsumerFactory value) {
            consumerFactory = value;
            return this;
        }

        Builder clock(NanoClock value) {
            clock = value;
            return this;
        }

        Builder stop(StopSignal value) {
            stop = value;
            return this;
        }

        Builder stampMagic(int value) {
            stampMagic = value;
            return this;
        }

        Builder metrics(RunMetrics value) {
            metrics = value;
            return this;
        }

        Builder breakdown(PartitionBreakdown value) {
            breakdown = value;
            return this;
        }

        Builder payloadKey(SecretKey value) {
            payloadKey = value;
            return this;
        }

        Builder transactions(TransactionMetrics value) {
            transactions = value;
            return this;
        }

        Builder out(PrintStream value) {
            out = value;
            return this;
        }

        Builder consumePhase(ConsumePhaseListener value) {
            consumePhase = value;
            return this;
        }

        Builder live(LiveMetrics value) {
            live = value;
            return this;
        }

        Builder ticks(IntervalTicks value) {
            ticks = value;
            return this;
        }

        Builder drivers(DriverLaunch value) {
            drivers = value;
            return this;
        }

        /** The workload given so far (the runner reads it before the run starts). */
        WorkloadSpec spec() {
            return spec;
        }

        ClientProperties clients() {
            return clients;
        }

        PrintStream out() {
            return out;
        }

        LoadRun build() {
            return new LoadRun(spec, clients, consumerGroup, producerFactory, consumerFactory, clock, stop, stampMagic,
                    metrics, breakdown, payloadKey, transactions, out, consumePhase, live, ticks,
                    drivers != null ? drivers : DriverLaunch.standard(out, null));
        }
    }
}
