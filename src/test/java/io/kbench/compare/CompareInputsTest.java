package io.kbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.node.TextNode;
import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Metric;
import io.kbench.report.ComparisonPage;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.RunStatus;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sweeps as compare inputs, built in a temp dir from the committed point fixtures (a: 10,000/12,000 records/s,
 * b: 20,000/22,000, c: 11,000/13,000), and the HTML page of a comparison.
 */
class CompareInputsTest {
    @TempDir
    Path dir;

    @Test
    void oneSweepComparesItsCompletedPointsAgainstTheFirst() throws IOException {
        Path sweep = sweep("s1", Map.of("fast", "b", "slow", "a"), List.of("slow", "fast", "never"));
        List<NamedComparison> result = CompareInputs.resolve(List.of(sweep));
        assertThat(result).hasSize(1);
        Comparison c = result.get(0).comparison();
        assertThat(result.get(0).point()).isNull();
        assertThat(c.sides()).extracting(RunSet::label).as("'never' completed no repetition").containsExactly("slow", "fast");
        assertThat(rate(c).changes().get(0).effect().ratio()).isCloseTo(Math.sqrt(20000.0 * 22000 / (10000.0 * 12000)), within(1e-9));
        assertThat(CompareInputs.resolve(List.of(sweep.resolve("sweep.json"))).get(0).comparison().sides()).hasSize(2);
    }

    @Test
    void twoSweepsAreComparedPointByPointOnTheirCommonPoints() throws IOException {
        Path jdk17 = sweep("jdk17", Map.of("p1", "a", "p2", "b"), List.of("p1", "p2"));
        Path jdk25 = sweep("jdk25", Map.of("p1", "c", "p2", "b", "p3", "a"), List.of("p3", "p1", "p2"));
        List<NamedComparison> result = CompareInputs.resolve(List.of(jdk17, jdk25));
        assertThat(result).extracting(NamedComparison::point).containsExactly("p1", "p2");
        Comparison p1 = result.get(0).comparison();
        assertThat(p1.sides()).extracting(RunSet::label).containsExactly("jdk17", "jdk25");
        assertThat(rate(p1).changes().get(0).effect().ratio()).isCloseTo(Math.sqrt(11000.0 * 13000 / (10000.0 * 12000)),
                within(1e-9));
        assertThat(rate(p1).changes().get(0).effect().runsB()).isEqualTo(2);
        assertThat(rate(result.get(1).comparison()).changes().get(0).effect().ratio()).isCloseTo(1.0, within(1e-12));
        ComparisonDocument json = ComparisonDocument.of(result);
        assertThat(json.points()).extracting(ComparisonDocument.Point::point).containsExactly("p1", "p2");
        assertThat(json.kind()).isEqualTo("compare");
        assertThat(json.rows()).isNull();
    }

    @Test
    void aSweepNextToARunContributesOneSidePerPoint() throws IOException {
        Path sweep = sweep("s", Map.of("x", "b", "y", "c"), List.of("x", "y"));
        Comparison c = CompareInputs.resolve(List.of(CompareTest.FIXTURES.resolve("a"), sweep)).get(0).comparison();
        assertThat(c.sides()).extracting(RunSet::label).containsExactly("a", "x", "y");
        Path other = sweep("t", Map.of("x", "c"), List.of("x"));
        Comparison two = CompareInputs.resolve(List.of(CompareTest.FIXTURES.resolve("a"), sweep, other)).get(0).comparison();
        assertThat(two.sides()).extracting(RunSet::label).as("points of two sweeps say which sweep")
                .containsExactly("a", "s/x", "s/y", "t/x");
    }

    @Test
    void sweepsWithTheSameDirectoryNameAreToldApartByTheirParent() throws IOException {
        Path jdk17 = sweep("jdk17/20261121-233809-s1", Map.of("p", "a"), List.of("p"));
        Path jdk25 = sweep("jdk25/20261121-233856-s1", Map.of("p", "b"), List.of("p"));
        assertThat(CompareInputs.resolve(List.of(jdk17, jdk25)).get(0).comparison().sides()).extracting(RunSet::label)
                .as("the same sweep run twice differs in its parent, not its timestamped name")
                .containsExactly("jdk17/20261121-233809-s1", "jdk25/20261121-233856-s1");
    }

    @Test
    void tooFewSidesOrNothingInCommonAreInputErrors() throws IOException {
        assertThatThrownBy(() -> CompareInputs.resolve(List.of(CompareTest.FIXTURES.resolve("a"))))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("at least two sides");
        Path one = sweep("one", Map.of("p1", "a"), List.of("p1"));
        Path other = sweep("other", Map.of("p2", "b"), List.of("p2"));
        assertThatThrownBy(() -> CompareInputs.resolve(List.of(one, other)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("share no completed point");
        Path notSweep = Files.writeString(dir.resolve("sweep.json"), "{\"kind\":\"run\"}");
        assertThatThrownBy(() -> CompareInputs.resolve(List.of(notSweep)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("expected a sweep");
    }

    @Test
    void theHtmlPageEscapesNamesAndColoursDecidedEffectsByDirection() throws IOException {
        Path evil = sweep("<b>sweep", Map.of("<img src=x>", "a", "b", "b"), List.of("<img src=x>", "b"));
        String html = ComparisonPage.render(CompareInputs.resolve(List.of(evil)));
        assertThat(html).doesNotContain("<img src=x>").doesNotContain("<b>sweep")
                .contains("&lt;img src=x&gt;");
        // 2 runs a side over short windows: nothing is judged, so nothing is coloured.
        assertThat(html).doesNotContain("badge pass").doesNotContain("badge fail").contains("(not judged: window under 5 s)");
        // 4 runs a side over 10 s windows, b's throughput double a's and its latency lower: both better.
        Path slow = repetitions("slow", 10_000, 8_000);
        Path fast = repetitions("fast", 20_000, 5_000);
        String better = ComparisonPage.render(List.of(new NamedComparison(null, Comparison.of(List.of(
                RunSet.load(slow), RunSet.load(fast))))));
        assertThat(better).containsPattern("badge pass\">higher by 9[0-9]\\.[0-9]% \\[\\+[0-9.]+%, \\+[0-9.]+%\\], better")
                .containsPattern("badge pass\">lower by [0-9.]+% \\[-[0-9.]+%, -[0-9.]+%\\], better").doesNotContain(", worse<");
        String reversed = ComparisonPage.render(List.of(new NamedComparison(null, Comparison.of(List.of(
                RunSet.load(fast), RunSet.load(slow))))));
        assertThat(reversed).contains("badge fail\">lower by ").contains(", worse<").doesNotContain(", better<");
        Path pairA = sweep("pa", Map.of("p", "a"), List.of("p"));
        Path pairB = sweep("pb", Map.of("p", "b"), List.of("p"));
        assertThat(ComparisonPage.render(CompareInputs.resolve(List.of(pairA, pairB))))
                .contains("per point").contains("Point p");
    }

    /** A point directory of 4 repetitions over 10 s windows: rate + 0..300 records/s, publish p99 + 0..300 µs. */
    private Path repetitions(String name, double rate, long p99Micros) throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        for (int i = 0; i < 4; i++) {
            com.fasterxml.jackson.databind.node.ObjectNode run = (com.fasterxml.jackson.databind.node.ObjectNode)
                    json.readTree(CompareTest.FIXTURES.resolve("a/rep-1/result.json").toFile());
            com.fasterxml.jackson.databind.node.ObjectNode summary = (com.fasterxml.jackson.databind.node.ObjectNode) run.get("summary");
            for (String side : List.of("produced", "consumed")) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) summary.get(side)).put("windowSec", 10.0)
                        .put("recordsPerSec", rate + 100 * i).put("mebibytesPerSec", (rate + 100 * i) / 1024);
            }
            ((com.fasterxml.jackson.databind.node.ObjectNode) summary.get("publishLatencyMicros")).put("p99", p99Micros + 100 * i)
                    .put("p999", 20_000).put("max", 30_000);
            Path rep = Files.createDirectories(dir.resolve(name).resolve("rep-" + (i + 1)));
            json.writeValue(rep.resolve("result.json").toFile(), run);
        }
        return dir.resolve(name);
    }

    /** A sweep directory: sweep.json listing {@code order} and points/NAME copied from the fixture point directories. */
    private Path sweep(String name, Map<String, String> fixtureOf, List<String> order) throws IOException {
        Path sweepDir = Files.createDirectories(dir.resolve(name));
        List<SweepResult.Point> points = new ArrayList<>();
        for (String point : order) {
            String fixture = fixtureOf.get(point);
            if (fixture != null) {
                copy(CompareTest.FIXTURES.resolve(fixture), sweepDir.resolve("points").resolve(point));
            }
            points.add(new SweepResult.Point(point, Map.of("x", TextNode.valueOf(point)), null,
                    List.of("points/" + point + "/rep-1/result.json", "points/" + point + "/rep-2/result.json"),
                    fixture == null ? 0 : 2, 0, null, null, null, null, null));
        }
        ResultWriter.write(new SweepResult(SweepResult.SCHEMA_VERSION, SweepResult.KIND, name, null, RunStatus.COMPLETED,
                null, null, null, null, 2, null, points, null, null, null, null), sweepDir);
        return sweepDir;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    private static Comparison.Row rate(Comparison c) {
        return c.rows().stream().filter(r -> r.kpi().metric().equals(Metric.parse("produced.recordsPerSec"))).findFirst().orElseThrow();
    }
}
