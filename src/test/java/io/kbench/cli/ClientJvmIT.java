package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --client-java-home}: the load generator re-launched on another JDK, the brokers left on this one. */
@EmbeddedKafka
class ClientJvmIT {
    private static final Path JDK_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    @TempDir
    Path results;

    @Test
    void theClientsRunOnTheGivenJdkAndTheBrokersOnThisOne() throws IOException {
        assumeTrue(Files.isExecutable(JDK_25.resolve("bin/java")), "needs a JDK 25 at " + JDK_25);
        CliRun run = CliRun.of("run", Path.of("src/test/resources/workloads/it-secure.yaml").toString(),
                "--results-dir", results.toString(), "--broker-heap", "384m", "--client-java-home", JDK_25.toString(),
                "--set", "consumers.mode=none");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        assertThat(result.environment().clientJdk()).contains(" 25.");
        assertThat(result.cluster().brokerJdk()).isEqualTo(System.getProperty("java.version"));
        assertThat(result.summary().produced().records()).isEqualTo(2000);
        assertThat(result.cluster().security().negotiatedProtocol()).isEqualTo("TLSv1.3");
    }

    /** The workload field does the same as the flag, so a workload (or a sweep's base) can name the client JDK. */
    @Test
    void theWorkloadFieldRelaunchesTheClientsAndAPointMayNotDiffer() throws IOException {
        assumeTrue(Files.isExecutable(JDK_25.resolve("bin/java")), "needs a JDK 25 at " + JDK_25);
        CliRun run = CliRun.of("run", Path.of("src/test/resources/workloads/it-secure.yaml").toString(),
                "--results-dir", results.toString(), "--broker-heap", "384m", "--set", "clientJavaHome=" + JDK_25,
                "--set", "consumers.mode=none", "--set", "cluster.security.protocol=plaintext");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        assertThat(result.environment().clientJdk()).as(run.transcript()).contains(" 25.");
        assertThat(result.cluster().brokerJdk()).isEqualTo(System.getProperty("java.version"));
        assertThat(result.workload().clientJavaHome()).isEqualTo(JDK_25.toString());

        Path sweep = Files.writeString(results.resolve("jdk-sweep.yaml"), """
                name: jdk-sweep
                base: {producers: {records: 100}}
                points:
                  - {clientJavaHome: %s}
                  - {producers.recordSize: 200}
                """.formatted(JDK_25));
        CliRun refused = CliRun.of("sweep", sweep.toString(), "--results-dir", results.resolve("sweep").toString());
        assertThat(refused.exitCode()).as(refused.transcript()).isEqualTo(2);
        assertThat(refused.stderr().strip()).as(refused.transcript()).startsWith("kbench: error: clientJavaHome")
                .doesNotContain("\n");
    }

    @Test
    void theOptionIsRemovedFromTheRelaunchedCommandLine() {
        assertThat(ClientJvm.withoutOption(List.of("run", "f.yaml", "--client-java-home", "/j", "--brokers", "2")))
                .containsExactly("run", "f.yaml", "--brokers", "2");
        assertThat(ClientJvm.withoutOption(List.of("run", "--client-java-home=/j"))).containsExactly("run");
    }
}
