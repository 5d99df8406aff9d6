package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Set-up the CLI integration tests share: bundled test workloads, a `kbench cluster start` cluster, run results. */
final class ItFixture {
    private ItFixture() {
    }

    /** A workload under src/test/resources/workloads. */
    static String workload(String name) {
        return Path.of("src/test/resources/workloads", name).toString();
    }

    /** Starts a long-lived cluster in {@code dir} (asserting it started) and returns the command's run. */
    static CliRun startCluster(Path dir, String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("cluster", "start", "--dir", dir.toString()));
        args.addAll(List.of(options));
        CliRun start = CliRun.of(args.toArray(String[]::new));
        assertThat(start.exitCode()).as(start.transcript()).isZero();
        return start;
    }

    /** The bootstrap servers `cluster start` printed: the last line of its stdout. */
    static String bootstrap(CliRun start) {
        List<String> lines = start.stdout().lines().toList();
        return lines.get(lines.size() - 1);
    }

    /**
     * The command line of kbench in a JVM of its own (target/classes and target/lib, as ./kbench runs it), with the
     * suite's cheap start-up flags (pom.xml, it.jvmFlags).
     */
    static List<String> kbenchJvm(String... args) {
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
    static JsonNode onlyResult(Path dir) throws IOException {
        return new ObjectMapper().readTree(RunIT.onlyRunDir(dir).resolve("result.json").toFile());
    }
}
