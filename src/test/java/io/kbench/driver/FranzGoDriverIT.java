package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cluster.EmbeddedKafka;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;

/**
 * The franz-go driver (drivers/franz-go) by {@link DriverRoundTrip}, built here with the machine's Go. Needs Go;
 * without it the class is skipped (kbench's driver build says what is missing).
 */
@EmbeddedKafka
class FranzGoDriverIT extends DriverRoundTrip {
    private static final Path SOURCES = Path.of("drivers/franz-go");
    private static final Path BINARY = Path.of("target/drivers/franz-go/kbench-franz-go").toAbsolutePath();

    @BeforeAll
    static void build() throws IOException, InterruptedException {
        assumeTrue(onPath("go"), "go is not on the PATH: the franz-go driver cannot be built");
        Files.createDirectories(BINARY.getParent());
        Process go = new ProcessBuilder("go", "build", "-trimpath", "-o", BINARY.toString(), ".")
                .directory(SOURCES.toFile()).redirectErrorStream(true).start();
        String output = new String(go.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(go.waitFor(10, TimeUnit.MINUTES)).isTrue();
        assertThat(go.exitValue()).as("go build: %s", output).isZero();
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    @Override
    String client() {
        return "franz-go";
    }

    @Override
    Path binary() {
        return BINARY;
    }

    @Override
    Map<String, String> producerProperties() {
        return Map.of("acks", "all", "linger.ms", "1");
    }

    @Override
    Map<String, String> consumerProperties() {
        return Map.of("fetch.max.wait.ms", "100");
    }
}
