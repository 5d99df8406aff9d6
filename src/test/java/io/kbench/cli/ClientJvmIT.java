package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cluster.ClusterTestSupport;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.testkit.ItFixture;
import io.kbench.testkit.KbenchProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --client-java-home}: the load generator re-launched on another JDK, the brokers left on this one. */
@EmbeddedKafka
class ClientJvmIT {
    private static final Path JDK_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    /** A measured interval line: the load runs in the re-launched JVM. */
    private static final Pattern MEASURED_LINE = Pattern.compile("^\\s*\\d+\\.\\ds\\s+prod .* pub p50 .*");
    private static final Pattern TEMP_CLUSTER_DIR = Pattern.compile("cluster: starting .* in (/\\S*kbench-cluster-\\d+)");
    /** The child stops its run within the interrupt's 10 s, its broker within a second of that. */
    private static final long LEFT_WITHIN_SEC = 40;

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

    /**
     * SIGKILL to the kbench that re-launched itself: the re-launched JVM notices (its stdin pipe closes), stops its run
     * as on SIGTERM (the partial result is written) and everything it started goes: broker, load, temp cluster dir. Its
     * command line never held the user's arguments. Failed before the fix: the child ran its whole run (60 s here) with
     * its broker, and its command line repeated the parent's.
     */
    @Test
    void aKilledParentTakesTheRelaunchedRunWithIt() throws Exception {
        String home = System.getProperty("java.home");
        List<String> command = ItFixture.kbenchJvm("run", "--client-java-home", home, "--set", "producers.duration=60s",
                "--set", "producers.warmupDuration=1s", "--set", "producers.rate=2000", "--broker-heap", "256m",
                "--results-dir", results.toString());
        try (KbenchProcess kbench = KbenchProcess.start(command, l -> MEASURED_LINE.matcher(l).matches())) {
            assertThat(kbench.awaitLine(120)).as("no measured interval line\n%s", kbench.transcript()).isTrue();
            long parentPid = kbench.process().pid();
            List<ProcessHandle> started = kbench.children();
            ProcessHandle child = started.stream().filter(p -> p.parent().map(ProcessHandle::pid).orElse(0L) == parentPid)
                    .filter(p -> ClusterTestSupport.commandLine(p).contains(Main.class.getName())).findFirst()
                    .orElseThrow(() -> new AssertionError("no re-launched JVM among " + started + "\n" + kbench.transcript()));
            assertThat(started).as("the broker the re-launched JVM started").anyMatch(ClusterTestSupport::isBroker);
            String childCommandLine = ClusterTestSupport.commandLine(child);
            assertThat(childCommandLine).as("the re-launched JVM's command line").doesNotContain(results.toString())
                    .doesNotContain("producers.rate").endsWith(Main.class.getName());
            Matcher dir = TEMP_CLUSTER_DIR.matcher(kbench.stdout());
            assertThat(dir.find()).as(kbench.transcript()).isTrue();
            Path clusterDir = Path.of(dir.group(1));

            long killed = System.nanoTime();
            // kill(1), not Process.destroyForcibly, which would also close the pipe this test reads the child's output on.
            KbenchProcess.signal("-KILL", Long.toString(parentPid));
            long deadline = killed + TimeUnit.SECONDS.toNanos(LEFT_WITHIN_SEC);
            while (started.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            kbench.awaitOutputEnd(5);
            System.out.println("ClientJvmIT: everything gone " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed)
                    + " ms after the SIGKILL");
            assertThat(started.stream().filter(ProcessHandle::isAlive).map(ClusterTestSupport::commandLine))
                    .as("processes left %d s after the parent's SIGKILL\n%s", LEFT_WITHIN_SEC, kbench.transcript())
                    .isEmpty();
            assertThat(kbench.stdout()).contains("kbench: the kbench that re-launched this JVM on another JDK is gone:"
                    + " stopping as on SIGTERM");
            assertThat(clusterDir).as("the temporary cluster directory").doesNotExist();
            assertThat(ItFixture.onlyRun(results).status()).as(kbench.transcript()).isEqualTo(RunStatus.INTERRUPTED);
        }
    }

    @Test
    void theOptionIsRemovedFromTheRelaunchedCommandLine() {
        assertThat(ClientJvm.withoutOption(List.of("run", "f.yaml", "--client-java-home", "/j", "--brokers", "2")))
                .containsExactly("run", "f.yaml", "--brokers", "2");
        assertThat(ClientJvm.withoutOption(List.of("run", "--client-java-home=/j"))).containsExactly("run");
    }
}
