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
        assertThat(c.differences(2)).containsExactly("acks all (A: 1)", "offered load 2,000 records/s (A: 200 records/s)",
                "flush flush.messages=1 (A: the OS's (no flush settings))");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ComparisonTable.print(c, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("   not like with like: acks all (A: 1); offered load")
                .doesNotContain("B: " + same + "\n   not like");
        assertThat(ComparisonDocument.of(List.of(new NamedComparison(null, c))).sides())
                .extracting(ComparisonDocument.Side::differences).containsExactly(List.of(), List.of(), c.differences(2));
    }

    @Test
    void aResultWithoutWorkloadOrClusterHasNoFactsToCompare() {
        assertThat(new Conditions(java.util.Map.of()).differencesFrom(new Conditions(java.util.Map.of("acks", "1")), "A"))
                .isEmpty();
    }
}
