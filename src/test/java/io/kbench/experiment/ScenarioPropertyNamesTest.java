package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.format.StrictMapper;
import io.kbench.spec.KafkaConfigCheck;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every workload and sweep kbench ships (scenarios/, scenarios/recipes/, the bundled quick start) passes Kafka's checks,
 * names included, at every point: refusing names Kafka does not define must not refuse kbench's own files.
 */
class ScenarioPropertyNamesTest {
    @TestFactory
    Stream<DynamicTest> everyShippedWorkloadUsesOnlyKafkasNames() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path dir : List.of(Path.of("scenarios"), Path.of("scenarios/recipes"), Path.of("src/main/resources/workloads"))) {
            try (Stream<Path> list = Files.list(dir)) {
                list.filter(f -> f.toString().endsWith(".yaml")).sorted().forEach(files::add);
            }
        }
        assertThat(files).hasSizeGreaterThan(40);
        return files.stream().map(f -> DynamicTest.dynamicTest(f.toString(), () -> workloads(f).forEach(KafkaConfigCheck::workload)));
    }

    private static List<WorkloadSpec> workloads(Path file) throws IOException {
        JsonNode tree = StrictMapper.yaml().readTree(file.toFile());
        if (tree.has("instanceTypes")) {
            return List.of(); // a price file (kbench cost), no workload
        }
        if (tree.has("base") || tree.has("workload")) {
            SweepDesign design = SweepDesign.load(file);
            return design.points().stream().map(p -> design.workload(p, null)).toList();
        }
        return List.of(new SpecLoader().load(file, List.of()));
    }
}
