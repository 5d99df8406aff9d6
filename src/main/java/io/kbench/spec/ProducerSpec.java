package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.unit.DurationText;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
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
 * @param stages         an offered load that changes over the run (docs/workloads.md#rate-stages): constant stages and
 *                       ramps, one after the other after a fixed warm-up at the first stage's starting rate; exclusive
 *                       with rate and records, and they set duration
 * @param shape          a curve that stands for stages (docs/workloads.md#rate-shapes): a day compressed into minutes
 *                       or bursts on a period; the stages are made from it (stages given beside it must be those)
 */
public record ProducerSpec(Integer count, Double rate, Long records, Duration duration, Long warmupRecords,
                           Duration warmupDuration, RecordSizeSpec recordSize, KeySpec keys, PayloadSpec payload,
                           Map<String, String> properties, PayloadEncryptionSpec payloadEncryption,
                           TransactionSpec transactions, WarmupSpec warmup,
                           @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = ClientKind.OmitJava.class)
                           ClientKind client, List<RateStage> stages, RateShape shape) {
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);
    /** Kafka's producer property naming a transactional producer; kbench sets it from {@link TransactionSpec}. */
    public static final String TRANSACTIONAL_ID = "transactional.id";

    /** The most stages a workload may have: each is a window the run measures on its own. */
    public static final int MAX_STAGES = 64;

    public ProducerSpec {
        count = count == null ? 1 : count;
        Checks.between("producers.count", count, 0, 1024);
        if (rate != null && rate != -1) {
            Checks.positive("producers.rate", rate);
        }
        rate = rate == null || rate == -1 ? null : rate;
        if (shape != null) {
            List<RateStage> fromShape = shape.stages();
            if (stages != null && !List.copyOf(stages).equals(fromShape)) {
                throw InvalidInputException.field("producers.stages", stages.size() + " stage(s)",
                        "give stages or shape, not both (the shape makes the stages)");
            }
            stages = fromShape;
        }
        if (stages != null) {
            for (int i = 0; i < stages.size(); i++) {
                if (stages.get(i) == null) {
                    throw InvalidInputException.field("producers.stages[" + i + "]", "nothing",
                            "must be a stage: {duration: 30s, rate: 5000} or {duration: 30s, from: 5000, to: 20000}");
                }
            }
            stages = List.copyOf(stages);
            duration = checkStages(stages, count, rate, records, duration, warmupRecords, warmup);
        }
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
            notInContractV1(client, shape != null ? "producers.shape" : "producers.stages", stages != null, null);
        }
        if (stages != null && stages.get(0).startRate() == 0 && warmupDuration != null && !warmupDuration.isZero()) {
            throw InvalidInputException.field("producers.warmupDuration", DurationText.format(warmupDuration),
                    "the warm-up runs at the first stage's starting rate, which is 0: it would send nothing (start the"
                            + " first stage above 0 or leave the warm-up out)");
        }
    }

    /**
     * What stages exclude, checked before the defaults are filled in; returns the producers' duration: the stages' own
     * length (a duration given beside them must be that length, as the resolved workload in result.json carries it).
     */
    private static Duration checkStages(List<RateStage> stages, int count, Double rate, Long records, Duration duration,
                                        Long warmupRecords, WarmupSpec warmup) {
        if (stages.isEmpty() || stages.size() > MAX_STAGES) {
            throw InvalidInputException.field("producers.stages", stages.size() + " stage(s)",
                    "must list 1 to " + MAX_STAGES + " stages");
        }
        String problem = count == 0 ? "need producers (count is 0)"
                : rate != null ? "set the rate stage by stage: leave producers.rate out"
                : records != null ? "set how long the producers send: leave producers.records out"
                : warmupRecords != null || warmup != null ? "start after a fixed warm-up: give warmupDuration (e.g. 10s),"
                        + " not " + (warmupRecords != null ? "warmupRecords" : "warmup")
                : null;
        if (problem != null) {
            throw InvalidInputException.field("producers.stages", stages.size() + " stage(s)", problem);
        }
        Duration total = stages.stream().map(RateStage::duration).reduce(Duration.ZERO, Duration::plus);
        if (duration != null && !duration.equals(total)) {
            throw InvalidInputException.field("producers.duration", DurationText.format(duration),
                    "the stages last " + DurationText.format(total) + " and set the duration: leave it out");
        }
        return total;
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
        return new ProducerSpec(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null);
    }

    /** Whether the producers send as fast as they can: no rate and no stages. */
    public boolean unlimitedRate() {
        return rate == null && stages == null;
    }

    /** Whether the offered load changes over the run ({@code stages}). */
    public boolean staged() {
        return stages != null;
    }

    /**
     * The offered records/s over the measured window: the rate, or the stages' records over their length; NaN when
     * unlimited.
     */
    public double offeredRate() {
        if (stages == null) {
            return rate == null ? Double.NaN : rate;
        }
        double records = stages.stream().mapToDouble(RateStage::offeredRecords).sum();
        return records / (duration.toNanos() / 1e9);
    }

    /**
     * The offered load in words: {@code open (unlimited)}, {@code 5,000 records/s}, or the stages, e.g. {@code 5,000
     * records/s for 30s, then 5,000 -> 20,000 records/s over 10s}.
     */
    public String offeredLoadText() {
        if (shape != null) {
            return shape.text();
        }
        if (stages != null) {
            return String.join(", then ", stages.stream().map(RateStage::text).toList());
        }
        return rate == null ? "open (unlimited)" : String.format(Locale.ROOT, "%,.0f records/s", rate);
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
