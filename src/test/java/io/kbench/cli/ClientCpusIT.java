package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cluster.ClusterTestSupport;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --client-cpus holds kbench's own JVM to a CPU set and leaves the brokers it starts on every CPU. Runs kbench as a
 * child process: a restricted JVM must not be the test JVM.
 */
// Timing-sensitive: runs with the other timing ITs only, after the heavy ones (pom.xml, failsafe "timing-its").
@Tag("timing")
@EmbeddedKafka
class ClientCpusIT {
    @TempDir
    Path results;

    private static String allowed(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(l -> l.startsWith("Cpus_allowed_list"))
                .findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim()).orElseThrow();
    }

    @Test
    void theLoadGeneratorRunsOnItsCpusAndTheBrokerOnAll() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs two CPUs");
        assumeTrue(Files.isWritable(Path.of("/sys/fs/cgroup/cpuset")) || Files.isRegularFile(Path.of("/sys/fs/cgroup/cgroup.controllers")),
                "needs a writable cpuset cgroup");
        String all = allowed(ProcessHandle.current().pid());
        Path log = results.resolve("kbench.log");
        // The CPU sets are read 2 s after the broker's launch, while its cluster still starts: the run only has to be
        // alive then, so 3 s of load (10 s before) are enough.
        Process kbench = new ProcessBuilder(ItFixture.kbenchJvm("run",
                "src/test/resources/workloads/it-produce.yaml", "--set", "producers.records=18000", "--set", "producers.rate=6000",
                "--client-cpus", "1", "--broker-heap", "256m", "--results-dir", results.toString()))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            Optional<ProcessHandle> broker = Optional.empty();
            for (int i = 0; i < 600 && broker.isEmpty() && kbench.isAlive(); i++) {
                Thread.sleep(100);
                broker = kbench.toHandle().descendants().filter(p -> ClusterTestSupport.isBroker(p))
                        .findFirst();
            }
            assertThat(broker).as(Files.readString(log)).isPresent();
            Thread.sleep(2000);
            assertThat(allowed(kbench.pid())).as("kbench's own JVM").isEqualTo("1");
            assertThat(allowed(broker.get().pid())).as("the broker it started").isEqualTo(all);
            assertThat(kbench.waitFor(180, TimeUnit.SECONDS)).isTrue();
            assertThat(kbench.exitValue()).as(Files.readString(log, StandardCharsets.UTF_8)).isZero();
        } finally {
            kbench.destroyForcibly();
        }
        Path runDir = ItFixture.onlyRunDir(results);
        RunResult result = ResultReader.read(runDir.resolve("result.json"), RunResult.class);
        assertThat(result.environment().clientCpus()).isEqualTo("1");
        assertThat(result.cluster().dataFilesystem()).contains(" on /");
        try (var groups = Files.list(Path.of("/sys/fs/cgroup/cpuset"))) {
            List<String> left = groups.map(p -> p.getFileName().toString()).filter(n -> n.equals("kbench")).toList();
            assertThat(left).as("the client cpuset is removed at exit").isEmpty();
        }
    }
}
