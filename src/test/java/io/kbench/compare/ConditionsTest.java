package io.kbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.console.ComparisonTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare names what two sides measured under when it differs: acks=all beside acks=1 is not like with like. */
class ConditionsTest {
    /** A real run result (release 0.1.0): acks=1, 200 records/s from one producer, one embedded broker, RF 1. */
    private static final Path RUN = Path.of("src/test/resources/legacy/0.1.0-cf2bc0a/find-max/probes/02-200/result.json");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path copy(Path dir, String name, Consumer<ObjectNode> change) throws Exception {
        ObjectNode tree = (ObjectNode) JSON.readTree(RUN.toFile());
        change.accept(tree);
        Path file = Files.createDirectories(dir.resolve(name)).resolve("result.json");
        JSON.writeValue(file.toFile(), tree);
        return file;
    }

    @Test
    void durabilityAndOfferedLoadThatDifferAreNamedAndLikeWithLikeIsSilent(@TempDir Path dir) throws Exception {
        Path a = copy(dir, "a", t -> { });
        Path same = copy(dir, "same", t -> { });
        Path b = copy(dir, "b", t -> {
            ObjectNode producers = (ObjectNode) t.path("workload").path("producers");
            ((ObjectNode) producers.path("properties")).put("acks", "all");
            producers.put("rate", 2000.0);
            ((ObjectNode) t.path("workload").path("topic").path("configs")).put("flush.messages", "1");
        });
        Comparison c = Comparison.of(List.of(RunSet.load(a), RunSet.load(same), RunSet.load(b)));
        assertThat(c.differences(0)).isEmpty();
        assertThat(c.differences(1)).as("the same conditions").isEmpty();
        assertThat(c.differences(2)).containsExactly("acks all (A: 1)",
                "enable.idempotence true (A: false)", // Kafka's default follows acks: on with all, off with 1
                "offered load 2,000 records/s (A: 200 records/s)", "flush flush.messages=1 (A: the OS's (no flush settings))");
        assertThat(RunSet.load(b).conditions().durabilityDifferencesFrom(RunSet.load(a).conditions(), "A"))
                .as("the offered load is not durability").containsExactly("acks all (A: 1)",
                        "enable.idempotence true (A: false)", "flush flush.messages=1 (A: the OS's (no flush settings))");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ComparisonTable.print(c, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("   not like with like: acks all (A: 1); enable.idempotence true (A: false); offered load")
                .doesNotContain("B: " + same + "\n   not like");
        assertThat(io.kbench.report.ComparisonPage.render(List.of(new NamedComparison(null, c))))
                .contains("not like with like: acks all (A: 1); enable.idempotence true (A: false); offered load");
        Comparison pair = Comparison.of(List.of(RunSet.load(a), RunSet.load(b)));
        assertThat(io.kbench.report.ComparisonPage.render(List.of(new NamedComparison("p1", pair),
                new NamedComparison("p2", pair)))).as("point by point, each point names its own")
                .contains("B: not like with like: acks all (A: 1)");
        assertThat(ComparisonDocument.of(List.of(new NamedComparison(null, c))).sides())
                .extracting(ComparisonDocument.Side::differences).containsExactly(List.of(), List.of(), c.differences(2));
    }

    @Test
    void kafkasDefaultsAndTheSameValueSetExplicitlyAreAlike(@TempDir Path dir) throws Exception {
        Path defaults = copy(dir, "defaults", t -> {
            ObjectNode props = (ObjectNode) t.path("workload").path("producers").path("properties");
            props.remove("acks");
        });
        Path explicit = copy(dir, "explicit", t -> {
            ObjectNode props = (ObjectNode) t.path("workload").path("producers").path("properties");
            props.put("acks", "-1");
            props.put("enable.idempotence", "true");
            ((ObjectNode) t.path("workload").path("topic").path("configs")).put("min.insync.replicas", "1");
        });
        assertThat(RunSet.load(explicit).conditions().differencesFrom(RunSet.load(defaults).conditions(), "A")).isEmpty();
        assertThat(RunSet.load(defaults).conditions().facts()).containsEntry("acks", "all")
                .containsEntry("enable.idempotence", "true").containsEntry("min.insync.replicas", "1");
    }

    @Test
    void theClusterIsEmbeddedOrExternalItsBrokerCountAndItsLimits(@TempDir Path dir) throws Exception {
        Path a = copy(dir, "a", t -> { });
        Path halfCore = copy(dir, "half", t -> ((ObjectNode) t.path("workload")).putObject("cluster").putObject("limits")
                .put("cpuQuota", 0.5).put("memory", "1GiB"));
        Path external = copy(dir, "external", t -> ((ObjectNode) t.path("cluster")).put("mode", "external").put("brokers", 3));
        Conditions base = RunSet.load(a).conditions();
        assertThat(base.facts()).containsEntry("cluster", "embedded, 1 broker(s)").containsEntry("broker limits", "none");
        assertThat(RunSet.load(halfCore).conditions().differencesFrom(base, "A"))
                .containsExactly("broker limits cpuQuota 0.5, memory 1GiB (A: none)");
        assertThat(RunSet.load(external).conditions().differencesFrom(base, "A"))
                .as("an external cluster's limits are not kbench's to know").containsExactly(
                        "cluster external, 3 broker(s) (A: embedded, 1 broker(s))");
        assertThat(RunSet.load(halfCore).conditions().durabilityDifferencesFrom(base, "A")).isEmpty();
    }

    @Test
    void aResultWithoutWorkloadOrClusterHasNoFactsToCompare() {
        assertThat(new Conditions(java.util.Map.of()).differencesFrom(new Conditions(java.util.Map.of("acks", "1")), "A"))
                .isEmpty();
    }
}
