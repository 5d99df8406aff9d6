package io.kbench.cli;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.KeySpec;
import io.kbench.spec.KeyType;
import io.kbench.spec.PayloadSpec;
import io.kbench.spec.PayloadType;
import io.kbench.spec.RecordSizeSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * What kafka-producer-perf-test's records look like, in its flags: the payload (one of --record-size, --payload-file
 * and --payload-monotonic, {@link Choice}), the payload file's delimiter, and the keys and seed that
 * Kafka 4.4 added (--key-distribution, --record-key-range, --random-seed). Errors name these flags, not the workload
 * fields they become.
 */
public final class ProducerRecordOptions {
    /** The stock tool's one-of-three payload: exactly one is given. */
    static final class Choice {
        @Option(names = "--record-size", converter = ByteSizeConverter.class,
                description = "Record size in bytes; random letters A-Z as in the stock tool.")
        Integer recordSize;

        @Option(names = "--payload-file", description = "File of payloads, split on --payload-delimiter; one is picked at random per record.")
        Path payloadFile;

        @Option(names = "--payload-monotonic",
                description = "Each value is the decimal text of the record's number (0, 1, 2, ...; each producer thread counts its own).")
        boolean payloadMonotonic;

        /** Exactly one of the three, as the stock tool requires; one of them given twice is one (the last value wins). */
        void checkExactlyOne() {
            List<String> given = new ArrayList<>();
            if (recordSize != null) {
                given.add("--record-size");
            }
            if (payloadFile != null) {
                given.add("--payload-file");
            }
            if (payloadMonotonic) {
                given.add("--payload-monotonic");
            }
            if (given.size() != 1) {
                throw new InvalidInputException("--record-size, --payload-file, --payload-monotonic: give exactly one of"
                        + " them, as kafka-producer-perf-test requires (got " + (given.isEmpty() ? "none" : String.join(" and ", given)) + ")");
            }
        }
    }

    /** Separator of payloads in --payload-file, a Java regex in the stock tool ({@link PayloadDelimiter}). */
    @Option(names = "--payload-delimiter", defaultValue = "\\n", paramLabel = "DELIMITER",
            description = "Separator of payloads in --payload-file (default: \\n); the stock tool's regex escapes"
                    + " (\\n \\t \\r \\| ...) are understood, other regex syntax is refused.")
    String payloadDelimiter;

    /** Kafka 4.4's key distribution. */
    @Option(names = "--key-distribution", paramLabel = "none|range|random", converter = KeyDistribution.Name.class,
            description = "Record keys: none (default), range (round-robin over --record-key-range keys) or random"
                    + " (uniform over them), as in Kafka 4.4's tool.")
    KeyDistribution keyDistribution;

    /** How many distinct keys range and random draw from. */
    @Option(names = "--record-key-range", paramLabel = "KEYS",
            description = "Number of distinct keys for --key-distribution range or random (required with them).")
    Integer recordKeyRange;

    /** Seed of the payload, payload-file and key choices. */
    @Option(names = "--random-seed", paramLabel = "SEED",
            description = "Seed of the random payloads, the payload-file picks and random keys (default: kbench's 42; runs are"
                    + " repeatable either way).")
    Long randomSeed;

    /** The stock tool's key distributions; kbench's keys are named key-0 to key-(N-1) (the stock tool's 0 to N-1). */
    enum KeyDistribution {
        NONE(KeyType.NONE), RANGE(KeyType.ROUND_ROBIN), RANDOM(KeyType.RANDOM);

        private final KeyType type;

        KeyDistribution(KeyType type) {
            this.type = type;
        }

        /** The stock tool's lower-case names, whatever picocli's enum settings are for this command. */
        static final class Name implements ITypeConverter<KeyDistribution> {
            @Override
            public KeyDistribution convert(String value) {
                for (KeyDistribution d : values()) {
                    if (d.name().equalsIgnoreCase(value)) {
                        return d;
                    }
                }
                throw new TypeConversionException("must be none, range or random");
            }
        }
    }

    /** The keys the flags ask for, checked together as the stock tool checks them. */
    KeySpec keys() {
        KeyDistribution d = keyDistribution == null ? KeyDistribution.NONE : keyDistribution;
        if (d == KeyDistribution.NONE) {
            if (recordKeyRange != null) {
                throw InvalidInputException.field("--record-key-range", recordKeyRange,
                        "only applies with --key-distribution range or random");
            }
            return KeySpec.none();
        }
        if (recordKeyRange == null) {
            throw InvalidInputException.field("--key-distribution", d.name().toLowerCase(Locale.ROOT),
                    "needs --record-key-range (the number of distinct keys)");
        }
        if (recordKeyRange < 1 || recordKeyRange > KeySpec.MAX_KEYS) {
            throw InvalidInputException.field("--record-key-range", recordKeyRange,
                    "must be between 1 and " + KeySpec.MAX_KEYS);
        }
        return new KeySpec(d.type, recordKeyRange, null);
    }

    /** The record size of {@code choice}: its --record-size, else null (the value's size is set by the payload). */
    static RecordSizeSpec recordSize(Choice choice) {
        Integer size = choice.recordSize;
        if (size == null) {
            return null;
        }
        if (size < 1 || size > RecordSizeSpec.MAX_BYTES) {
            throw InvalidInputException.field("--record-size", size, "must be between 1 and " + RecordSizeSpec.MAX_BYTES);
        }
        return RecordSizeSpec.fixed(size);
    }

    /** The payload of {@code choice} with these options' delimiter and seed. */
    PayloadSpec payload(Choice choice) {
        if (choice.payloadFile != null) {
            if (!Files.isRegularFile(choice.payloadFile)) {
                throw InvalidInputException.field("--payload-file", choice.payloadFile, "file not found");
            }
            return new PayloadSpec(PayloadType.FILE, null, randomSeed, choice.payloadFile.toString(),
                    PayloadDelimiter.literal(payloadDelimiter));
        }
        if (choice.payloadMonotonic) {
            return new PayloadSpec(PayloadType.MONOTONIC, null, randomSeed, null, null);
        }
        // The stock tool's --record-size values are random letters A to Z, which compress as random bytes do not.
        return new PayloadSpec(PayloadType.LETTERS, null, randomSeed, null, null);
    }
}
