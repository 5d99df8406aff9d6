package io.kbench.spec;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;

/**
 * Record keys: none (sticky partitioner), random from {@code count} distinct keys, round-robin over them, or Zipf
 * (skewed: a few hot keys, so a few hot partitions).
 *
 * @param type     none, random, round-robin or zipf
 * @param count    number of distinct keys for random, round-robin and zipf
 * @param exponent zipf only: the skew s (key of rank k has probability proportional to 1/k^s); default 1
 */
public record KeySpec(KeyType type, Integer count, Double exponent) {
    /** Upper bound on distinct keys; they are pre-generated so the send loop allocates nothing. */
    public static final int MAX_KEYS = 10_000_000;
    /** Upper bound on the Zipf exponent: beyond it nearly every record has the first key. */
    public static final double MAX_EXPONENT = 10;

    public KeySpec {
        type = type == null ? KeyType.NONE : type;
        if (type == KeyType.NONE) {
            if (count != null) {
                throw InvalidInputException.field("producers.keys.count", count, "only applies to random, round-robin or zipf keys");
            }
        } else {
            count = count == null ? 1000 : count;
            Checks.between("producers.keys.count", count, 1, MAX_KEYS);
        }
        if (type == KeyType.ZIPF) {
            exponent = exponent == null ? 1.0 : exponent;
            if (!(exponent > 0 && exponent <= MAX_EXPONENT)) {
                throw InvalidInputException.field("producers.keys.exponent", exponent,
                        "must be greater than 0 and at most " + (int) MAX_EXPONENT);
            }
        } else if (exponent != null) {
            throw InvalidInputException.field("producers.keys.exponent", exponent, "only applies to zipf keys");
        }
    }

    public static KeySpec none() {
        return new KeySpec(KeyType.NONE, null, null);
    }
}
