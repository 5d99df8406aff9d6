package io.kbench.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

public class RunHeaderTest {
    private static List<String> lines(Consumer<PrintStream> print) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        print.accept(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void headerIsAFewLinesOfVersionsTargetAndShape() {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("producers.count=2", "producers.rate=20000",
                "producers.properties.acks=all", "consumers.count=3"));
        List<String> header = lines(out -> RunHeader.print(spec, "embedded cluster of 1 broker(s)", out));
        assertThat(header).as(String.join("\n", header)).hasSizeLessThanOrEqualTo(5);
        assertThat(header.get(0)).startsWith("# kbench ").contains("Kafka clients ", "JDK ", "embedded cluster of 1 broker(s)")
                .containsPattern("JDK \\S+ \\((C1 only|C1 and C2|C2 only|interpreter only), [^)]+\\) \\|");
        assertThat(String.join("\n", header)).contains("workload quickstart", "topic kbench-quickstart",
                "2, 20,000 records/s, 1024 B, for 20s after an auto warm-up of 3s to 1m", "# consumers: 3, live")
                .doesNotContain("acks", "its driver");
        WorkloadSpec drivers = new SpecLoader().load(null, List.of("producers.client=franz-go",
                "consumers.client=librdkafka", "consumers.mode=live"));
        List<String> driven = lines(out -> RunHeader.print(drivers, "embedded cluster of 1 broker(s)", out));
        assertThat(String.join("\n", driven)).contains("; client franz-go (its driver)",
                "# consumers: 1, live; client librdkafka (its driver)");
    }

    @Test
    void fullHeaderIsTheResolvedWorkloadWithSecretsRedacted() {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("producers.properties.acks=all"));
        List<String> full = lines(out -> RunHeader.printFull(spec,
                Map.of("bootstrap.servers", "h:9092", "sasl.jaas.config", "secret-value"), "cluster h:9092", out));
        assertThat(String.join("\n", full)).contains("name: quickstart", "acks: all", "sasl.jaas.config")
                .contains("#   class    client property sasl.jaas.config: a login module (not shown)")
                .doesNotContain("secret-value");
        assertThat(full).hasSizeGreaterThan(20);
    }
}
