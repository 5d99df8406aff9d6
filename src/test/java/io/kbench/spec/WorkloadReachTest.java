package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Everything a workload makes kbench run or load is listed, in field order, and a JAAS config's options never are. */
class WorkloadReachTest {
    private static WorkloadReach reach(String... overrides) {
        return WorkloadReach.of(new SpecLoader().load(null, List.of(overrides)));
    }

    private static List<String> lines(WorkloadReach r) {
        return r.items().stream().map(i -> i.kind().word() + " " + i.field() + ": " + i.what()).toList();
    }

    @Test
    void theQuickStartRunsNothingBeyondKbenchAndItsKafka() {
        assertThat(reach().isEmpty()).isTrue();
    }

    @Test
    void commandsClassesJdksReleasesFilesAndMountsAreListedInFieldOrder() {
        WorkloadReach r = reach("producers.properties.interceptor.classes=com.example.Tracing",
                "producers.properties.partitioner.class=com.example.Partitioner",
                "producers.properties.linger.ms=5",
                "consumers.properties.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required"
                        + " username=\"u\" password=\"secret-value\";",
                "cluster.brokerConfig.metric.reporters=com.example.Reporter",
                "cluster.javaHome=/opt/jdk-21",
                "cluster.kafkaVersion=3.9.1",
                "faults=[{at: 5s, action: exec, target: 1, command: 'echo hi'}]",
                "clientJavaHome=/opt/jdk-25");

        assertThat(lines(r)).containsExactly(
                "class producers.properties.interceptor.classes: com.example.Tracing",
                "class producers.properties.partitioner.class: com.example.Partitioner",
                "class consumers.properties.sasl.jaas.config: org.apache.kafka.common.security.plain.PlainLoginModule"
                        + " (its options not shown)",
                "class cluster.brokerConfig.metric.reporters: com.example.Reporter",
                "jdk cluster.javaHome: /opt/jdk-21/bin/java (the brokers)",
                "release cluster.kafkaVersion: Kafka 3.9.1 (the brokers)",
                "command faults[0].command: sh -c 'echo hi'",
                "jdk clientJavaHome: /opt/jdk-25/bin/java (kbench re-launches itself)");
        assertThat(String.join("\n", lines(r))).doesNotContain("secret-value").doesNotContain("linger");
    }

    @Test
    void serializersProvidersAListenersJaasConfigAndTheRunsClientPropertiesAreListedToo() {
        WorkloadReach r = WorkloadReach.of(new SpecLoader().load(null, List.of(
                "producers.properties.value.serializer=com.example.Ser",
                "cluster.brokerConfig.listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=com.example.Login required"
                        + " password=\"p\";")), Map.of("security.providers", "com.example.Provider",
                "bootstrap.servers", "b:9092"));

        assertThat(lines(r)).containsExactly(
                "class client property security.providers: com.example.Provider",
                "class producers.properties.value.serializer: com.example.Ser",
                "class cluster.brokerConfig.listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config: com.example.Login"
                        + " (its options not shown)");
    }
}
