package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The command line of a local worker: this kbench on this JDK, with the test suite's JVM flags only when set. */
class WorkerCommandTest {
    @Test
    void theSuitesFlagsGoBetweenJavaAndTheClasspathAndAreAbsentWhenUnset() {
        List<String> plain = WorkerOptions.workerCommand(null);
        assertThat(plain).hasSize(4).endsWith("-cp", System.getProperty("java.class.path"), Main.class.getName());
        assertThat(plain.get(0)).endsWith("/bin/java");
        assertThat(WorkerOptions.workerCommand("  ")).isEqualTo(plain);
        assertThat(WorkerOptions.workerCommand(" -XX:TieredStopAtLevel=1  -Xss1m ")).isEqualTo(List.of(plain.get(0),
                "-XX:TieredStopAtLevel=1", "-Xss1m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    }
}
