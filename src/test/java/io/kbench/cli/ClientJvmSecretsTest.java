package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JVM --client-java-home re-launches gets no argument of the user's on its command line (which {@code ps} shows
 * every local user): they come through its stdin pipe. Failed before the fix: the child's command line repeated the
 * parent's, a {@code --catalog} with a password, a secret {@code --set} or {@code --broker-config} included.
 */
class ClientJvmSecretsTest {
    @Test
    void theChildsCommandLineHoldsTheJvmFlagsButNoArgumentAndNoSecretProperty() {
        List<String> jvmArgs = List.of("-Xmx1g", "-Djavax.net.ssl.keyStorePassword=p0", "-Dkbench.it=1",
                "-XX:SharedArchiveFile=/tmp/kbench.jsa");
        List<String> cmd = ClientJvm.childCommand(new ClientJvm.Jdk(Path.of("/opt/jdk-25"), 25), jvmArgs, "kbench.jar",
                java.util.Map.of("kbench.clientRelease", "3.9.1"));

        assertThat(cmd.get(0)).isEqualTo("/opt/jdk-25/bin/java");
        assertThat(cmd).contains("-Xmx1g", "-Dkbench.it=1", "-D" + ClientJvm.PARENT_PIPE + "=true",
                "--sun-misc-unsafe-memory-access=allow").doesNotContain("-XX:SharedArchiveFile=/tmp/kbench.jsa");
        assertThat(String.join(" ", cmd)).doesNotContain("p0");
        assertThat(cmd.get(cmd.size() - 1)).as("nothing after the main class").isEqualTo(Main.class.getName());
        assertThat(cmd.subList(cmd.size() - 4, cmd.size() - 1)).as("the handed-down property, then the class path")
                .containsExactly("-Dkbench.clientRelease=3.9.1", "-cp", "kbench.jar");
        assertThat(ClientJvm.secretProperties(jvmArgs)).containsExactly(
                java.util.Map.entry("javax.net.ssl.keyStorePassword", "p0"));
    }

    @Test
    void aJvmThatWasNotReLaunchedRunsItsOwnArguments() {
        String[] args = {"run", "--catalog", "jdbc:postgresql://db/k?user=u"};
        assertThat(ClientJvm.arguments(args)).isSameAs(args);
    }
}
