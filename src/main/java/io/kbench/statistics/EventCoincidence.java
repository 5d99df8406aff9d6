package io.kbench.statistics;

import java.util.Arrays;

/**
 * Do the marked intervals of a series (the worst by latency) coincide with an event (a segment roll) more often than
 * chance? The statistic is how many marked intervals carry the event. Its distribution under "no relation" comes from
 * circular shifts: the event flags are rotated against the marks by every whole number of intervals, 1 to N - 1, which
 * keeps each series' own clustering (a roll's stall spans two intervals; rolls come at a steady pace) that a test
 * assuming independent intervals would mistake for evidence. This is the toroidal shift test of B. S. Lotwick and B.
 * W. Silverman (1982, "Methods for analysing spatial processes of several types of points", J. R. Statist. Soc. B
 * 44(3)) on a circle of intervals, applied as in event coincidence analysis (J. F. Donges, C.-F. Schleussner, J. F.
 * Siegmund and R. V. Donner 2016, "Event coincidence analysis for quantifying statistical interrelationships between
 * event time series", Eur. Phys. J. Special Topics 225). The p-value counts the unshifted arrangement with the
 * shifts, so the smallest is 1 / N, and larger where shifted flags line up with the marks as well (an event flagging
 * two neighbouring intervals matches again one shift away, so 2 / N): fewer than 1 / alpha intervals can never decide.
 */
public final class EventCoincidence {
    private EventCoincidence() {
    }

    /**
     * The outcome.
     *
     * @param observed   marked intervals that carry the event
     * @param marked     how many intervals are marked
     * @param expected   what chance gives on average over all N rotations: marked x (flagged / N)
     * @param pAbove     one-sided p that chance puts as many or more marked intervals at the event
     * @param detectable about the fewest coinciding marked intervals that would have been decided above chance at
     *                   alpha, or -1 when none could (too few intervals, flags whose shifted copies line up too, every
     *                   interval or none flagged, none marked)
     * @param shifts     the rotations compared, N - 1
     */
    public record Result(int observed, int marked, double expected, double pAbove, int detectable,
                         int shifts) {
        /** observed / expected: how many times chance's share the marked intervals carry the event. */
        public double lift() {
            return expected == 0 ? Double.NaN : observed / expected;
        }
    }

    /**
     * Tests {@code marked} against {@code flagged}, both one entry per interval in time order, at one-sided level
     * {@code alpha}.
     */
    public static Result test(boolean[] marked, boolean[] flagged, double alpha) {
        int n = marked.length;
        if (n != flagged.length || n < 2) {
            throw new IllegalArgumentException("marked and flagged: need the same length, 2 or more (got " + n + " and "
                    + flagged.length + ")");
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha: needs a level in (0, 1) (got " + alpha + ")");
        }
        int markedCount = 0;
        int flaggedCount = 0;
        for (int i = 0; i < n; i++) {
            markedCount += marked[i] ? 1 : 0;
            flaggedCount += flagged[i] ? 1 : 0;
        }
        int observed = coinciding(marked, flagged, 0);
        int[] shifted = new int[n - 1];
        for (int k = 1; k < n; k++) {
            shifted[k - 1] = coinciding(marked, flagged, k);
        }
        int atLeast = 1;
        for (int c : shifted) {
            atLeast += c >= observed ? 1 : 0;
        }
        int detectable = markedCount == 0 || flaggedCount == 0 || flaggedCount == n ? -1
                : detectable(shifted, Math.min(markedCount, flaggedCount), n, alpha);
        return new Result(observed, markedCount, markedCount * (double) flaggedCount / n, atLeast / (double) n,
                detectable, n - 1);
    }

    private static int coinciding(boolean[] marked, boolean[] flagged, int shift) {
        int n = marked.length;
        int c = 0;
        for (int i = 0; i < n; i++) {
            c += marked[i] && flagged[(i + shift) % n] ? 1 : 0;
        }
        return c;
    }

    /**
     * The smallest count c whose p, (1 + shifts reaching c) / N, is within alpha; -1 when no count up to {@code most}
     * (the marks or the flags, whichever are fewer) is. About: it holds the shifts' counts fixed, which other marks
     * would change.
     */
    private static int detectable(int[] shifted, int most, int n, double alpha) {
        int[] sorted = shifted.clone();
        Arrays.sort(sorted);
        for (int c = 0; c <= most; c++) {
            int reaching = sorted.length - lowerBound(sorted, c);
            if ((1 + reaching) / (double) n <= alpha) {
                return c;
            }
        }
        return -1;
    }

    private static int lowerBound(int[] sorted, int value) {
        int i = Arrays.binarySearch(sorted, value);
        if (i < 0) {
            return -i - 1;
        }
        while (i > 0 && sorted[i - 1] == value) {
            i--;
        }
        return i;
    }
}
