package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare --baseline in-process over a real SQLite catalog of copies of a real run result (acks=1, 200 records/s):
 * like with like, the durability refusal, UNDECIDED, and the effect in the JSON, Markdown and JUnit outputs.
 */
class GateCliTest {
    private static final Path RUN = Path.of("src/test/resources/legacy/0.1.0-cf2bc0a/find-max/probes/02-200/result.json");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static void run(Path parent, String name, int minute, double recordsPerSec, Consumer<ObjectNode> change)
            throws Exception {
        ObjectNode tree = (ObjectNode) JSON.readTree(RUN.toFile());
        tree.put("startTime", Instant.parse("2026-11-20T10:00:00Z").plusSeconds(60L * minute).toString());
        ((ObjectNode) tree.get("summary").get("produced")).put("recordsPerSec", recordsPerSec);
        change.accept(tree);
        Path dir = Files.createDirectories(parent.resolve(name));
        JSON.writeValue(dir.resolve("result.json").toFile(), tree);
    }

    /** Six baseline runs near 200 records/s, imported into a catalog; returns its path. */
    private static String baseline(Path tmp) throws Exception {
        double[] rates = {200.4, 199.1, 201.0, 198.8, 200.2, 199.7};
        Path history = tmp.resolve("history");
        for (int i = 0; i < rates.length; i++) {
            run(history, "run-" + i, i, rates[i], t -> { });
        }
        String catalog = tmp.resolve("catalog.sqlite").toString();
        assertThat(CliRun.of("catalog", "import", history.toString(), "--catalog", catalog).exitCode()).isZero();
        return catalog;
    }

    private static void acksAll(ObjectNode tree) {
        ((ObjectNode) tree.path("workload").path("producers").path("properties")).put("acks", "all")
                .put("max.in.flight.requests.per.connection", "5");
    }

    @Test
    void aBaselineOfAnotherDurabilityIsRefusedUnlessAllowedAndTheDifferenceIsNamed(@TempDir Path tmp) throws Exception {
        String catalog = baseline(tmp);
        Path candidate = tmp.resolve("candidate");
        for (int i = 0; i < 3; i++) {
            run(candidate, "rep-" + i, 100 + i, 120 + i, GateCliTest::acksAll);
        }
        CliRun refused = CliRun.of("compare", "--baseline", "workload=tiny-fm", candidate.toString(), "--catalog", catalog);
        assertThat(refused.exitCode()).as(refused.stdout() + refused.stderr()).isEqualTo(2);
        assertThat(refused.stderr().strip().lines()).hasSize(1);
        assertThat(refused.stderr()).contains("--baseline workload=tiny-fm: durability differs from the candidate's: "
                + "acks all (baseline: 1); enable.idempotence true (baseline: false)").contains("--allow-durability-change");
        assertThat(refused.stdout()).doesNotContain("REGRESSION");

        Path json = tmp.resolve("gate.json");
        CliRun allowed = CliRun.of("compare", "--baseline", "workload=tiny-fm", candidate.toString(), "--catalog", catalog,
                "--allow-durability-change", "--json", json.toString());
        assertThat(allowed.exitCode()).as(allowed.stdout() + allowed.stderr()).isEqualTo(6);
        assertThat(allowed.stdout()).contains("  not like with like: acks all (baseline: 1); enable.idempotence true"
                + " (baseline: false)").containsPattern("produced.recordsPerSec +REGRESSION +median 200.0 -> 121.0"
                        + " records/s, lower by 39\\.\\d% \\[-\\d");
        JsonNode doc = JSON.readTree(json.toFile());
        assertThat(doc.get("kind").asText()).isEqualTo("gate");
        assertThat(doc.at("/conditions/durability/0").asText()).isEqualTo("acks all (baseline: 1)");
        JsonNode rate = doc.get("verdicts").get(0);
        assertThat(rate.get("kpi").asText()).isEqualTo("produced.recordsPerSec");
        assertThat(rate.get("verdict").asText()).isEqualTo("regression");
        assertThat(rate.at("/effect/outcome").asText()).isEqualTo("lower");
        assertThat(rate.at("/effect/high").asDouble()).as("the interval excludes no change").isLessThan(1);
        assertThat(rate.at("/effect/runsA").asInt()).isEqualTo(6);
        assertThat(rate.at("/effect/confidence").asDouble()).isEqualTo(0.95);
    }

    @Test
    void repetitionsThatCannotDecideAreUndecidedLoudlyAndDoNotFailTheBuild(@TempDir Path tmp) throws Exception {
        String catalog = baseline(tmp);
        Path candidate = tmp.resolve("candidate");
        double[] noisy = {150, 260, 205};
        for (int i = 0; i < noisy.length; i++) {
            run(candidate, "rep-" + i, 100 + i, noisy[i], t -> { });
        }
        Path junit = tmp.resolve("junit.xml");
        Path md = tmp.resolve("summary.md");
        Path json = tmp.resolve("gate.json");
        CliRun gate = CliRun.of("compare", "--baseline", "workload=tiny-fm", candidate.toString(), "--catalog", catalog,
                "--junit-xml", junit.toString(), "--markdown", md.toString(), "--json", json.toString());
        assertThat(gate.exitCode()).as(gate.stdout() + gate.stderr()).isZero();
        assertThat(gate.stdout()).containsPattern("produced.recordsPerSec +UNDECIDED +median 200.0 -> 205.0 records/s,"
                + " undecided: .*these repetitions could detect \\d+\\.\\d% or more \\(6 vs 3 runs\\)")
                .containsPattern("\nUNDECIDED: 1 KPI\\(s\\) not decided by these repetitions \\(produced.recordsPerSec could"
                        + " detect \\d+\\.\\d% or more\\); they do not fail the build")
                .doesNotContain("not like with like")
                // the fixture (a release-0.1.0 find-max probe) measured 3 s: every run on both sides is short
                .contains("  short window: 9 run(s) measured under 5 s: their rates and percentiles are mostly start-up"
                        + " and shut-down; lengthen the runs");
        assertThat(JSON.readTree(json.toFile()).at("/conditions/shortWindows").asInt()).isEqualTo(9);
        assertThat(Files.readString(junit)).contains("<skipped message=\"produced.recordsPerSec     UNDECIDED");
        assertThat(Files.readString(md)).contains("### kbench: no regression, 1 KPI(s) UNDECIDED").contains("**UNDECIDED**");
        JsonNode rate = JSON.readTree(json.toFile()).get("verdicts").get(0);
        assertThat(rate.get("verdict").asText()).isEqualTo("undecided");
        assertThat(rate.at("/effect/detectable").asDouble()).isGreaterThan(0.05);
        assertThat(JSON.readTree(json.toFile()).at("/conditions/differences").isEmpty()).isTrue();
    }

    @Test
    void theSameFiguresAreNoChangeAndTheOlderSignificanceIsOneMinusTheConfidence(@TempDir Path tmp) throws Exception {
        String catalog = baseline(tmp);
        Path candidate = tmp.resolve("candidate");
        double[] same = {200.1, 199.6, 200.5};
        for (int i = 0; i < same.length; i++) {
            run(candidate, "rep-" + i, 100 + i, same[i], t -> { });
        }
        CliRun gate = CliRun.of("compare", "--baseline", "workload=tiny-fm", candidate.toString(), "--catalog", catalog,
                "--significance", "0.05");
        assertThat(gate.exitCode()).as(gate.stdout() + gate.stderr()).isZero();
        assertThat(gate.stdout()).containsPattern("produced.recordsPerSec +NO_CHANGE +median 200.0 -> 200.1 records/s,"
                + " equivalent within ±5.0% \\(\\+0\\.\\d% \\[-\\d\\.\\d%, \\+\\d\\.\\d%\\] at 90.0%\\) \\(6 vs 3 runs\\)")
                .doesNotContain("UNDECIDED:");
        CliRun contradiction = CliRun.of("compare", "--baseline", "workload=tiny-fm", candidate.toString(), "--catalog",
                catalog, "--significance", "0.05", "--confidence", "0.99");
        assertThat(contradiction.exitCode()).isEqualTo(2);
        assertThat(contradiction.stderr()).contains("--significance: contradicts --confidence 0.99");
    }

    @Test
    void plainCompareRefusesTheGatesOwnOptions() {
        CliRun r = CliRun.of("compare", "src/test/resources/compare/a", "src/test/resources/compare/b", "--min-effect", "10");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stderr()).contains("--min-effect: applies to the gate (--baseline) only");
        CliRun margin = CliRun.of("compare", "src/test/resources/compare/a", "src/test/resources/compare/b", "--margin", "10",
                "--confidence", "0.9");
        assertThat(margin.exitCode()).as(margin.stderr()).isZero();
        assertThat(margin.stdout()).contains("with a 90% Welch interval").contains("'equivalent within ±10%' when the 80%"
                + " interval");
    }
}
