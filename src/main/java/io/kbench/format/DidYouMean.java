package io.kbench.format;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * The known name a misspelt one most likely meant ({@code lingr.ms} -> {@code linger.ms}), for input errors that say
 * "did you mean ...". The measure is the Levenshtein edit distance (Levenshtein 1966, "Binary codes capable of correcting
 * deletions, insertions, and reversals"; commons-text's implementation), the one picocli and Git use for the same
 * purpose; a name within {@code max(2, length / 4)} edits counts as close, so a dropped or doubled letter in a short
 * name is found while two unrelated short names ({@code acks}, {@code ssl}) are not offered for each other.
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
        LevenshteinDistance distance = new LevenshteinDistance(limit);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            if (candidate.equals(typed)) {
                return Optional.empty(); // the name is known: nothing was misspelt
            }
            int d = distance.apply(lower, candidate.toLowerCase(Locale.ROOT)); // -1: more than limit edits
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
}
