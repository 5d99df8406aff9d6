package io.kbench.load;

/** Splits a whole (records, threads) over parts as evenly as it goes: the first parts get one more. */
final class EvenSplit {
    private EvenSplit() {
    }

    /** Part {@code index}'s portion of {@code total} over {@code parts}; the portions sum exactly to the total. */
    static long portion(long total, int parts, int index) {
        return total / parts + (index < total % parts ? 1 : 0);
    }
}
