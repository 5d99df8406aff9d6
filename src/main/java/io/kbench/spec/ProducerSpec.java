package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.time.Duration;
import java.util.Map;

/**
 * The producing side of a workload: traffic shape here, opaque Kafka client settings in {@code properties}.
 *
 * @param count          producer threads, each with its own KafkaProducer
 * @param rate           target total records/s split evenly over the threads; absent or -1 means unlimited
 * @param records        measured records to send in total (excludes warm-up); exclusive with duration
 * @param duration       how long to send after warm-up; exclusive with records
 * @param warmupRecords  records sent first and excluded from the results; exclusive with warmupDuration
 * @param warmupDuration time spent sending first, excluded from the results
 * @param warmup         a warm-up that ends when the run is steady ({@code auto}); exclusive with the two above
 * @param recordSize     record value size in bytes, fixed or a distribution
 * @param keys           record keys
 * @param payload        record value contents
 * @param properties     any Kafka producer property (acks, batch.size, linger.ms, compression.type, ...)
 * @param payloadEncryption end-to-end encryption of the values (producers encrypt, consumers decrypt); absent: none
 * @param transactions   transactional producers (commit every N records or after a duration, abort a share); absent:
 *                       none
 * @param warmup         see above
 * @param client         the client library that sends (docs/clients.md); absent: java, and not written
 */
public record ProducerSpec(Integer count, Double rate, Long records, Duration duration, Long warmupRecords,
                           Duration warmupDuration, RecordSizeSpec recordSize, KeySpec keys, PayloadSpec payload,
                           Map<String, String> properties, PayloadEncryptionSpec payloadEncryption,
                           TransactionSpec transactions, WarmupSpec warmup,
                           @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = ClientKind.OmitJava.class)
                           ClientKind client) {
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);
    /** Kafka's producer property naming a transactional producer; kbench sets it from {@link TransactionSpec}. */
    public static final String TRANSACTIONAL_ID = "transactional.id";

    public ProducerSpec {
        count = count == null ? 1 : count;
        Checks.between("producers.count", count, 0, 1024);
        if (rate != null && rate != -1) {
            Checks.positive("producers.rate", rate);
        }
        rate = rate == null || rate == -1 ? null : rate;
        if (records != null && duration != null) {
            throw InvalidInputException.field("producers", "records and duration", "give records or duration, not both");
        }
        if (records == null && duration == null) {
            duration = DEFAULT_DURATION;
        }
        if (records != null) {
            Checks.atLeast("producers.records", records, count == 0 ? 0 : count);
        }
        if (duration != null) {
            Checks.positive("producers.duration", duration);
        }
        if (warmupRecords != null && warmupDuration != null) {
            throw InvalidInputException.field("producers", "warmupRecords and warmupDuration",
                    "give warmupRecords or warmupDuration, not both");
        }
        if (warmupRecords != null) {
            Checks.atLeast("producers.warmupRecords", warmupRecords, 0);
        }
        if (warmupDuration != null && warmupDuration.isNegative()) {
            throw InvalidInputException.field("producers.warmupDuration", warmupDuration, "must not be negative");
        }
        if (warmup != null && (warmupRecords != null || warmupDuration != null)) {
            throw InvalidInputException.field("producers.warmup", "auto",
                    "give warmup: auto or a fixed warmupDuration/warmupRecords, not both");
        }
        if (warmup != null && count == 0) {
            throw InvalidInputException.field("producers.warmup", "auto", "needs producers (count is 0): it judges their sends");
        }
        recordSize = recordSize == null ? RecordSizeSpec.fixed(1024) : recordSize;
        keys = keys == null ? KeySpec.none() : keys;
        payload = payload == null ? PayloadSpec.random() : payload;
        properties = properties == null ? Map.of() : Map.copyOf(properties);
        if (properties.containsKey(TRANSACTIONAL_ID)) {
            throw InvalidInputException.field("producers.properties." + TRANSACTIONAL_ID,
                    "'" + properties.get(TRANSACTIONAL_ID) + "'",
                    "kbench runs the transactions: set producers.transactions.transactionalId instead");
        }
        client = client == null ? ClientKind.JAVA : client;
        if (client.external()) {
            notInContractV1(client, "producers.transactions", transactions != null, null);
            notInContractV1(client, "producers.payloadEncryption", payloadEncryption != null, null);
        }
    }

    /**
     * What a driver of contract v1 cannot do (docs/drivers.md): refused by name before anything starts, rather than
     * measured without it.
     */
    static void notInContractV1(ClientKind client, String field, boolean given, String detail) {
        if (given) {
            throw InvalidInputException.field(field, "client " + client.text() + (detail == null ? "" : ", " + detail),
                    "runs with client java only; the " + client.text()
                            + " driver does not do it yet (docs/clients.md#not-with-every-client)");
        }
    }

    public static ProducerSpec defaults() {
        return new ProducerSpec(null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    public boolean unlimitedRate() {
        return rate == null;
    }

    /** Whether the producers send in transactions. */
    public boolean transactional() {
        return transactions != null;
    }

    /** Whether the warm-up ends when the run is steady (warmup: auto) rather than after a fixed time or count. */
    public boolean autoWarmup() {
        return warmup != null;
    }

    public boolean hasWarmup() {
        return warmup != null || (warmupRecords != null && warmupRecords > 0) || (warmupDuration != null && !warmupDuration.isZero());
    }
}
