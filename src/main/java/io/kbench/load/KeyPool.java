package io.kbench.load;

import io.kbench.spec.KeySpec;
import io.kbench.spec.KeyType;
import java.nio.charset.StandardCharsets;

/** Pre-generated record keys, shared read-only by all producer threads. */
public final class KeyPool {
    private final KeyType type;
    private final byte[][] keys;
    /** Zipf keys only: key-0 is the hottest (rank 1); immutable, so threads share it. */
    private final ZipfSampler zipf;

    public KeyPool(KeySpec spec) {
        this.type = spec.type();
        this.keys = spec.type() == KeyType.NONE ? new byte[0][] : generate(spec.count());
        this.zipf = spec.type() == KeyType.ZIPF ? new ZipfSampler(spec.count(), spec.exponent()) : null;
    }

    private static byte[][] generate(int count) {
        byte[][] keys = new byte[count][];
        for (int i = 0; i < count; i++) {
            keys[i] = ("key-" + i).getBytes(StandardCharsets.US_ASCII);
        }
        return keys;
    }

    /** The key for record {@code index}, or null for no key; {@code random} is the calling thread's generator. */
    byte[] keyFor(long index, FastRandom random) {
        int i = indexFor(index, random);
        return i < 0 ? null : keys[i];
    }

    /** The index of record {@code index}'s key in {@link #key}, or -1 for no key (same choice as {@link #keyFor}). */
    int indexFor(long index, FastRandom random) {
        return switch (type) {
            case NONE -> -1;
            case ROUND_ROBIN -> (int) (index % keys.length);
            case RANDOM -> random.nextInt(keys.length);
            case ZIPF -> zipf.sample(random) - 1;
        };
    }

    /** Key number {@code i}, 0 to {@link #size()} - 1. */
    byte[] key(int i) {
        return keys[i];
    }

    /** How many keys there are; 0 for none. */
    int size() {
        return keys.length;
    }
}
