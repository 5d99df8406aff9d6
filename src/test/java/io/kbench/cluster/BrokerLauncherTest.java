package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BrokerLauncherTest {
    @Test
    void relativeClassPathEntriesBecomeAbsolute() {
        String cwd = Path.of("").toAbsolutePath().toString();
        String cp = BrokerLauncher.absoluteClassPath(
                "target/classes" + File.pathSeparator + "target/lib/*" + File.pathSeparator + "/abs/x.jar");
        assertThat(cp.split(File.pathSeparator)).containsExactly(
                cwd + "/target/classes", cwd + "/target/lib/*", "/abs/x.jar");
    }

    @Test
    void theSuitesFlagsAreSplitOnWhitespaceAndAbsentWhenUnset() {
        assertThat(BrokerLauncher.testJvmFlags(null)).isEmpty();
        assertThat(BrokerLauncher.testJvmFlags("  ")).isEmpty();
        assertThat(BrokerLauncher.testJvmFlags(" -XX:TieredStopAtLevel=1  -Xshare:auto ")).isEqualTo(
                List.of("-XX:TieredStopAtLevel=1", "-Xshare:auto"));
    }
}
