package io.kbench.experiment;

import io.kbench.error.InvalidInputException;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.SearchMode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * find-max's independent searches, run one after another by a {@link SearchPlan}: each starts again from the start
 * rate with nothing carried over but the cluster (every probe has its own topic), so their answers spread as
 * repeated searches do.
 *
 * @param searches every search in order
 * @param stopped  why no further search ran, in words
 */
public record SearchSeries(List<SearchResult> searches, String stopped) {
    public SearchSeries {
        searches = List.copyOf(searches);
        if (searches.isEmpty()) {
            throw InvalidInputException.field("searches", 0, "at least one search runs");
        }
    }

    /**
     * Runs {@code search} as often as {@code plan} says, probing through {@code probeOf.apply(n)} in search n (from
     * 1), and prints each search's start and answer on {@code out} when there is more than one.
     */
    public static SearchSeries run(SearchPlan plan, Search search, IntFunction<RateProbe> probeOf, PrintStream out) {
        List<SearchResult> done = new ArrayList<>();
        boolean several = plan.mode() == SearchMode.AUTO || plan.count() > 1;
        while (true) {
            int n = done.size() + 1;
            if (several) {
                out.printf(Locale.ROOT, "%nfind-max: search %d %s%n", n, plan.mode() == SearchMode.AUTO
                        ? "(auto: at most " + plan.count() + ")" : "of " + plan.count());
            }
            RateProbe probe = probeOf.apply(n);
            SearchResult r = search.run(new RateProbe() {
                @Override
                public ProbeOutcome probe(double rate) {
                    return probe.probe(rate).inSearch(n);
                }

                @Override
                public void turned(String line) {
                    probe.turned(line);
                }
            });
            done.add(r);
            if (several) {
                out.printf(Locale.ROOT, "find-max: search %d: %s%n", n, r.outcome().hasRate()
                        ? String.format(Locale.ROOT, "%,.0f records/s (%s, %s)", r.maxRecordsPerSec(), r.outcome(), r.message())
                        : r.outcome() + ": " + r.message());
            }
            Optional<String> stop = plan.stop(done.size(), FindMaxFigures.answers(done));
            if (stop.isPresent()) {
                if (several) {
                    out.println("find-max: no further search: " + stop.get());
                }
                return new SearchSeries(done, stop.get());
            }
        }
    }

    /**
     * The search whose answer is the median, the lower of the two middle ones for an even count (the conservative
     * side); null when none found a rate. With one search, that search.
     */
    public Integer medianSearch() {
        List<Integer> rated = new ArrayList<>();
        for (int i = 0; i < searches.size(); i++) {
            if (searches.get(i).outcome().hasRate() && searches.get(i).maxRecordsPerSec() != null) {
                rated.add(i);
            }
        }
        if (rated.isEmpty()) {
            return null;
        }
        rated.sort((a, b) -> Double.compare(searches.get(a).maxRecordsPerSec(), searches.get(b).maxRecordsPerSec()));
        return rated.get((rated.size() - 1) / 2);
    }
}
