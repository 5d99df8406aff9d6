package io.kbench.format;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The known name a misspelt one most likely meant ({@code lingr.ms} -> {@code linger.ms}), for input errors that say
 * "did you mean ...". The measure is the Damerau-Levenshtein edit distance in its restricted form (optimal string
 * alignment, where no part of the text is edited twice): insertions, deletions, substitutions and transpositions of two
 * adjacent characters, each one edit. Damerau (1964, "A technique for computer detection and correction of spelling
 * errors", CACM 7(3)) found single errors of these four kinds in over 80% of misspelt words; the dynamic program is
 * Wagner and Fischer's (1974, "The string-to-string correction problem", JACM 21(1)) with Damerau's transposition as
 * a fourth case. Plain Levenshtein counts a swap as two edits, and among Kafka's names that offers the wrong one:
 * {@code fetch.mni.bytes} is two edits from both {@code fetch.min.bytes} and {@code fetch.max.bytes},
 * {@code key.esrializer} two from {@code key.serializer} and {@code key.deserializer}.
 * Implemented here: commons-text, which kbench uses, has a Damerau-Levenshtein class only from 1.15.0, which brings a
 * newer commons-lang3 than the build's offline repository holds; the program is twenty lines. A name within
 * {@code max(2, length / 4)} edits counts as close, so a dropped, doubled or swapped letter in a short name is found
 * while two unrelated short names ({@code acks}, {@code ssl}) are not offered for each other.
 */
public final class DidYouMean {
    private DidYouMean() {
    }

    /**
     * The candidate closest to {@code typed}, if one is close enough; on a tie the one first in alphabetical order, so
     * the answer does not depend on the order of {@code candidates}. A name that differs only in case is always close.
     */
    public static Optional<String> nearest(String typed, Collection<String> candidates) {
        if (typed == null || typed.isEmpty() || candidates.isEmpty()) {
            return Optional.empty();
        }
        String lower = typed.toLowerCase(Locale.ROOT);
        int limit = Math.max(2, typed.length() / 4);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            if (candidate.equals(typed)) {
                return Optional.empty(); // the name is known: nothing was misspelt
            }
            int d = distance(lower, candidate.toLowerCase(Locale.ROOT), limit); // -1: more than limit edits
            if (d >= 0 && (d < bestDistance || d == bestDistance && candidate.compareTo(best) < 0)) {
                best = candidate;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** {@code "; did you mean linger.ms?"}, or empty when no candidate is close. */
    public static String hint(String typed, Collection<String> candidates) {
        return nearest(typed, candidates).map(n -> "; did you mean " + n + "?").orElse("");
    }

    /**
     * The optimal string alignment distance of {@code a} and {@code b}, or -1 when it exceeds {@code limit}: a row
     * whose every cell is above the limit can only lead to a larger distance, so the program stops there.
     */
    static int distance(String a, String b, int limit) {
        if (Math.abs(a.length() - b.length()) > limit) {
            return -1;
        }
        int[] twoBack = new int[b.length() + 1];
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            int rowMin = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int d = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d = Math.min(d, twoBack[j - 2] + 1); // the two characters swapped
                }
                current[j] = d;
                rowMin = Math.min(rowMin, d);
            }
            if (rowMin > limit) {
                return -1;
            }
            int[] recycled = twoBack;
            twoBack = previous;
            previous = current;
            current = recycled;
        }
        return previous[b.length()] > limit ? -1 : previous[b.length()];
    }
}
