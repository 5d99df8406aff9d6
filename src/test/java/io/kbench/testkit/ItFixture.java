package io.kbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cli.CliRun;
import io.kbench.cli.Main;
import io.kbench.driver.Toolchain;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.spec.ClientKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Set-up the integration tests share: bundled test workloads, a `kbench cluster start` cluster, run results. */
public final class ItFixture {
    /**
     * Skips the calling test class where kbench finds no Go to build the franz-go driver with ({@link Toolchain#find}:
     * KBENCH_GO, else go on the PATH), the one check of every driver IT that lets kbench build it. A KBENCH_GO that is
     * set but no Go fails the test instead of skipping it: a broken setting must not pass as "no Go here".
     */
    public static void assumeGo() {
        Toolchain go = Toolchain.find(ClientKind.FRANZ_GO);
        if (System.getenv("KBENCH_GO") != null) {
            go.require();
        }
        assumeTrue(go.present(), "no Go on the PATH (or in KBENCH_GO): kbench cannot build the franz-go driver");
    }

    private ItFixture() {
    }

    /** A workload under src/test/resources/workloads. */
    public static String workload(String name) {
        return Path.of("src/test/resources/workloads", name).toString();
    }

    /** Starts a long-lived cluster in {@code dir} (asserting it started) and returns the command's run. */
    public static CliRun startCluster(Path dir, String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("cluster", "start", "--dir", dir.toString()));
        args.addAll(List.of(options));
        CliRun start = CliRun.of(args.toArray(String[]::new));
        assertThat(start.exitCode()).as(start.transcript()).isZero();
        return start;
    }

    /** The bootstrap servers `cluster start` printed: the last line of its stdout. */
    public static String bootstrap(CliRun start) {
        List<String> lines = start.stdout().lines().toList();
        return lines.get(lines.size() - 1);
    }

    /**
     * The command line of kbench in a JVM of its own (target/classes and target/lib, as ./kbench runs it), with the
     * suite's cheap start-up flags (pom.xml, it.jvmFlags).
     */
    public static List<String> kbenchJvm(String... args) {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String flags = System.getProperty("kbench.it.jvmFlags", "");
        if (!flags.isBlank()) {
            command.addAll(List.of(flags.strip().split("\\s+")));
        }
        command.addAll(List.of("-cp", "target/classes" + java.io.File.pathSeparator + "target/lib/*", Main.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /** The result.json of the only run directory under {@code dir}. */
    public static JsonNode onlyResult(Path dir) throws IOException {
        return new ObjectMapper().readTree(ItFixture.onlyRunDir(dir).resolve("result.json").toFile());
    }

    /** The result.json of the only run directory under {@code dir}, read into its typed record. */
    public static RunResult onlyRun(Path dir) throws IOException {
        return ResultReader.read(onlyRunDir(dir).resolve("result.json"), RunResult.class);
    }

    /** The one run directory under {@code results}. */
    public static Path onlyRunDir(Path results) throws IOException {
        try (Stream<Path> dirs = Files.list(results)) {
            List<Path> all = dirs.filter(Files::isDirectory).toList();
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }
}
