package io.kbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare and its gate on real runs: a sweep of acks=1 against acks=all at a fixed rate on one embedded broker, three
 * repetitions a point. The held rate is equivalent within ±5%; acks is named as another durability, which the gate
 * refuses until told otherwise. Timing: the rate must be kept on a busy machine for the equivalence.
 */
@EmbeddedKafka
@Tag("timing")
class CompareIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path results;

    @Test
    void aHeldRateIsEquivalentAndAnotherAcksIsNamedAndRefusedByTheGate() throws Exception {
        CliRun sweep = CliRun.of("sweep", "src/test/resources/sweeps/it-compare-acks.yaml", "--results-dir",
                results.toString(), "--no-catalog", "--broker-heap", "512m");
        assertThat(sweep.exitCode()).as(sweep.transcript()).isZero();
        Path dir;
        try (Stream<Path> dirs = Files.list(results)) {
            dir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        Path acks1 = dir.resolve("points/acks=1");
        Path acksAll = dir.resolve("points/acks=all");

        Path json = results.resolve("compare.json");
        CliRun compare = CliRun.of("compare", acks1.toString(), acksAll.toString(), "--json", json.toString());
        assertThat(compare.exitCode()).as(compare.transcript()).isZero();
        assertThat(compare.stdout()).contains("   not like with like: acks all (A: 1); enable.idempotence true (A: false)")
                .containsPattern("produced records/s .* equivalent within ±5\\.0% \\([-+]\\d\\.\\d% \\[[-+]\\d\\.\\d%,"
                        + " [-+]\\d\\.\\d%\\] at 90\\.0%\\)");
        JsonNode doc = JSON.readTree(json.toFile());
        assertThat(doc.at("/sides/1/differences/0").asText()).isEqualTo("acks all (A: 1)");
        JsonNode rate = doc.at("/rows/0/changes/0");
        assertThat(rate.get("decision").asText()).isEqualTo("equivalent");
        assertThat(rate.at("/effect/low").asDouble()).isGreaterThanOrEqualTo(0.95);
        assertThat(rate.at("/effect/high").asDouble()).isLessThanOrEqualTo(1.05);
        assertThat(rate.at("/effect/runsA").asInt()).isEqualTo(3);

        String catalog = results.resolve("baseline.sqlite").toString();
        CliRun imported = CliRun.of("catalog", "import", acks1.toString(), "--catalog", catalog);
        assertThat(imported.stdout()).as(imported.transcript()).contains("3 entries added");
        CliRun refused = CliRun.of("compare", "--baseline", "workload=it-compare-acks", acksAll.toString(), "--catalog",
                catalog);
        assertThat(refused.exitCode()).as(refused.transcript()).isEqualTo(2);
        assertThat(refused.stderr().strip().lines()).hasSize(1);
        assertThat(refused.stderr()).contains("durability differs from the candidate's: acks all (baseline: 1)");
        CliRun allowed = CliRun.of("compare", "--baseline", "workload=it-compare-acks", acksAll.toString(), "--catalog",
                catalog, "--allow-durability-change");
        assertThat(allowed.exitCode()).as(allowed.transcript()).isIn(0, 6); // a latency may be decided worse
        assertThat(allowed.stdout()).containsPattern("produced.recordsPerSec +NO_CHANGE +median .*equivalent within ±5\\.0%")
                .contains("  not like with like: acks all (baseline: 1)");
        assertThat(List.of(acks1, acksAll)).allMatch(Files::isDirectory);
    }
}
