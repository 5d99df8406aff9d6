package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@link WorkloadSpec#with}: the one path-based way a workload is derived from another. */
class WorkloadSpecWithTest {
    /** Every bundled scenario workload (not the sweep files) and the quick-start. */
    private static List<WorkloadSpec> bundled() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("scenarios"))) {
            List<WorkloadSpec> specs = new java.util.ArrayList<>(files.filter(f -> f.toString().endsWith(".yaml"))
                    .filter(WorkloadSpecWithTest::isWorkload).sorted()
                    .map(f -> new SpecLoader().load(f, List.of())).toList());
            specs.add(new SpecLoader().load(null, List.of()));
            return specs;
        }
    }

    private static boolean isWorkload(Path file) {
        try {
            String text = Files.readString(file);
            return !text.contains("\naxes:") && !text.contains("\npoints:") && !text.contains("\nbase:");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void changingNothingGivesTheSameWorkloadForEveryBundledFile() throws IOException {
        List<WorkloadSpec> specs = bundled();
        assertThat(specs).hasSizeGreaterThan(3);
        for (WorkloadSpec spec : specs) {
            assertThat(spec.with(Map.of())).as(spec.name()).isEqualTo(spec);
            assertThat(spec.with("name", spec.name())).as(spec.name()).isEqualTo(spec);
        }
    }

    @Test
    void changesOnePathAndKeepsEveryOtherField() throws IOException {
        for (WorkloadSpec spec : bundled()) {
            WorkloadSpec faster = spec.with("topic.name", "derived");
            assertThat(faster.topic().name()).isEqualTo("derived");
            assertThat(faster.with("topic.name", spec.topic().name())).as(spec.name()).isEqualTo(spec);
        }
    }

    @Test
    void swapsExclusiveFieldsInOneStepAndUnsetsWithNull() {
        Map<String, Object> counted = new LinkedHashMap<>();
        counted.put("producers.duration", null);
        counted.put("producers.records", 1000);
        counted.put("producers.warmupDuration", null);
        counted.put("producers.warmupRecords", 10);
        WorkloadSpec records = new SpecLoader().load(null, List.of()).with(counted);
        assertThat(records.producers().records()).isEqualTo(1000);
        Map<String, Object> probe = new LinkedHashMap<>();
        probe.put("producers.records", null);
        probe.put("producers.duration", Duration.ofSeconds(7));
        probe.put("producers.warmupRecords", null);
        probe.put("producers.warmupDuration", Duration.ofSeconds(2));
        probe.put("producers.rate", 2500.0);
        WorkloadSpec timed = records.with(probe);
        assertThat(timed.producers().records()).isNull();
        assertThat(timed.producers().duration()).isEqualTo(Duration.ofSeconds(7));
        assertThat(timed.producers().warmupRecords()).isNull();
        assertThat(timed.producers().warmupDuration()).isEqualTo(Duration.ofSeconds(2));
        assertThat(timed.producers().rate()).isEqualTo(2500.0);
        assertThat(timed.producers().properties()).isEqualTo(records.producers().properties());
        assertThat(timed.consumers()).isEqualTo(records.consumers());
    }

    @Test
    void aDerivedWorkloadIsCheckedLikeAFile() {
        WorkloadSpec spec = new SpecLoader().load(null, List.of());
        assertThatThrownBy(() -> spec.with("producers.count", -1)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.count");
        assertThatThrownBy(() -> spec.with("producers.records", 1000)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("records or duration");
    }
}
