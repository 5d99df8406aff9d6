package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Failed before the fix: a re-launched client JVM got a secret --command-property on its command line (ps). */
class ClientJvmSecretsTest {
    @Test
    void aSecretCommandPropertyReachesTheChildThroughItsEnvironment() {
        Map<String, String> environment = new LinkedHashMap<>();
        List<String> args = ClientJvm.secretsToEnvironment(List.of("run", "w.yaml", "--command-property",
                "sasl.jaas.config=x required password=\"p1\";", "--command-property=acks=all",
                "--command-property=ssl.key.password=p2"), environment);
        assertThat(args).containsExactly("run", "w.yaml", "--command-property-env", "sasl.jaas.config=KBENCH_SECRET_1",
                "--command-property=acks=all", "--command-property-env", "ssl.key.password=KBENCH_SECRET_2");
        assertThat(String.join(" ", args)).doesNotContain("p1", "p2");
        assertThat(environment).containsEntry("KBENCH_SECRET_1", "x required password=\"p1\";")
                .containsEntry("KBENCH_SECRET_2", "p2");
    }
}
