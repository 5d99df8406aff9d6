package io.kbench.spec;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;

/**
 * Record keys: none (sticky partitioner), random from {@code count} distinct keys, or round-robin over them.
 *
 * @param type  none, random or round-robin
 * @param count number of distinct keys for random and round-robin
 */
public record KeySpec(KeyType type, Integer count) {
    /** Upper bound on distinct keys; they are pre-generated so the send loop allocates nothing. */
    public static final int MAX_KEYS = 10_000_000;

    public KeySpec {
        type = type == null ? KeyType.NONE : type;
        if (type == KeyType.NONE) {
            if (count != null) {
                throw InvalidInputException.field("producers.keys.count", count, "only applies to random or round-robin keys");
            }
        } else {
            count = count == null ? 1000 : count;
            Checks.between("producers.keys.count", count, 1, MAX_KEYS);
        }
    }

    public static KeySpec none() {
        return new KeySpec(KeyType.NONE, null);
    }
}
