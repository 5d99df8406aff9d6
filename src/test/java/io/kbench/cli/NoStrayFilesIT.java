package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kbench leaves nothing in the user's working directory that the user did not ask for (issue 42: every command, even
 * {@code --version}, created build/kafka-storage-test/storage.log there), and its WARN lines reach stderr. kbench runs
 * in a JVM of its own, from target/classes and target/lib as ./kbench runs it, in an empty directory.
 */
class NoStrayFilesIT {
    @TempDir
    Path cwd;

    private record Outcome(int exit, String output) {
    }

    private Outcome java(String mainClass, String extraClassPath, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String flags = System.getProperty("kbench.it.jvmFlags", "");
        if (!flags.isBlank()) {
            command.addAll(List.of(flags.strip().split("\\s+")));
        }
        String classPath = (extraClassPath == null ? "" : extraClassPath + File.pathSeparator)
                + Path.of("target/classes").toAbsolutePath() + File.pathSeparator + Path.of("target/lib").toAbsolutePath() + "/*";
        command.addAll(List.of("-cp", classPath, mainClass));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(output).isTrue();
        return new Outcome(p.exitValue(), output);
    }

    private List<String> leftInCwd() throws IOException {
        try (Stream<Path> files = Files.walk(cwd)) {
            return files.filter(f -> !f.equals(cwd)).map(f -> cwd.relativize(f).toString()).sorted().toList();
        }
    }

    @Test
    void versionLeavesTheWorkingDirectoryEmpty() throws Exception {
        Outcome o = java(Main.class.getName(), null, "--version");
        assertThat(o.exit()).as(o.output()).isZero();
        assertThat(o.output()).as(o.output()).contains("kbench");
        assertThat(leftInCwd()).as(o.output()).isEmpty();
    }

    @Test
    void aDryRunLeavesNoBuildDirectory() throws Exception {
        Outcome o = java(Main.class.getName(), null, "run", "--dry-run");
        assertThat(o.exit()).as(o.output()).isZero();
        assertThat(leftInCwd()).as(o.output()).noneMatch(f -> f.startsWith("build"));
    }

    @Test
    void warningsReachStderrAndKafkaClientChatterDoesNot() throws Exception {
        Outcome o = java(LogsOneWarning.class.getName(), Path.of("target/test-classes").toAbsolutePath().toString());
        assertThat(o.exit()).as(o.output()).isZero();
        assertThat(o.output()).as(o.output()).containsPattern("\\d\\d:\\d\\d:\\d\\d WARN  LogsOneWarning: kbench-test-warning")
                .doesNotContain("kbench-test-info").doesNotContain("kafka-client-chatter");
        assertThat(leftInCwd()).as(o.output()).isEmpty();
    }
}
