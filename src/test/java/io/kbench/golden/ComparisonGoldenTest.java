package io.kbench.golden;

import static io.kbench.golden.GoldenFiles.assertMatchesInBothLocales;
import static io.kbench.golden.GoldenFiles.printed;
import static io.kbench.golden.GoldenFiles.resource;

import io.kbench.compare.Comparison;
import io.kbench.compare.NamedComparison;
import io.kbench.compare.RunSet;
import io.kbench.console.ComparisonTable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The table of {@code kbench compare}: sides read from result.json files (through the typed reader) and from sweep
 * point directories holding rep-N/result.json.
 */
class ComparisonGoldenTest {
    @Test
    void twoSingleRuns() {
        Comparison c = Comparison.of(List.of(RunSet.load(resource("compare/single/result.json")),
                RunSet.load(resource("report/run-sample/result.json"))));
        assertMatchesInBothLocales("compare-two-runs.txt", () -> printed(out -> ComparisonTable.print(c, out)));
    }

    /** Repetitions on every side: median [min..max] cells and the noise verdicts. */
    @Test
    void threeSidesWithRepetitions() {
        Comparison c = Comparison.of(List.of(RunSet.load(resource("compare/a")), RunSet.load(resource("compare/b")),
                RunSet.load(resource("compare/c"))));
        assertMatchesInBothLocales("compare-three-sides.txt", () -> printed(out -> ComparisonTable.print(c, out)));
    }

    /**
     * Three repetitions a side over 10 s windows: one side equivalent to A within ±5%, one decided lower (latency
     * higher), one too noisy to decide, with the effect that its repetitions could have detected.
     */
    @Test
    void effectsEquivalentLowerAndUndecided() {
        Comparison c = Comparison.of(List.of(RunSet.load(resource("compare/effect/base")),
                RunSet.load(resource("compare/effect/same")), RunSet.load(resource("compare/effect/slower")),
                RunSet.load(resource("compare/effect/noisy"))));
        assertMatchesInBothLocales("compare-effects.txt", () -> printed(out -> ComparisonTable.print(c, out)));
    }

    /** Two sweeps compared point by point: a heading per point. */
    @Test
    void pointByPoint() {
        List<NamedComparison> points = List.of(
                new NamedComparison("acks=1", Comparison.of(List.of(RunSet.load(resource("compare/a")),
                        RunSet.load(resource("compare/b"))))),
                new NamedComparison("acks=all", Comparison.of(List.of(RunSet.load(resource("compare/c")),
                        RunSet.load(resource("compare/single"))))));
        assertMatchesInBothLocales("compare-point-by-point.txt", () -> printed(out -> ComparisonTable.print(points, out)));
    }
}
