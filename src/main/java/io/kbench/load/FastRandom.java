package io.kbench.load;

/** A seeded xorshift64* generator: allocation-free and deterministic, for choosing payloads and keys per record. */
final class FastRandom {
    private long state;

    FastRandom(long seed) {
        state = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
    }

    long nextLong() {
        state ^= state >>> 12;
        state ^= state << 25;
        state ^= state >>> 27;
        return state * 0x2545F4914F6CDD1DL;
    }

    /** Uniform in [0, bound). */
    int nextInt(int bound) {
        return (int) ((nextLong() >>> 33) % bound);
    }

    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }
}
