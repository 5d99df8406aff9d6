package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's build prints text, not ANSI escape sequences (issue 42: a stray ESC[0m on stderr), whatever the build
 * tool emits: here a stand-in {@code mvnw} in the checkout that prints colour codes and fails, so nothing is built or
 * run. It builds with the checkout's wrapper, never a system {@code mvn} of another version (the build's enforcer needs
 * Maven 3.9; Debian's mvn is 3.8).
 */
class LauncherBuildOutputTest {
    @Test
    void escapeSequencesFromTheBuildAreRemoved(@TempDir Path dir) throws Exception {
        Path checkout = Files.createDirectories(dir.resolve("checkout"));
        Files.copy(Path.of("kbench"), checkout.resolve("kbench"));
        Files.writeString(checkout.resolve("pom.xml"), "<project/>\n"); // no target/.kbench-built: the launcher builds
        Path wrapper = Files.writeString(checkout.resolve("mvnw"), "#!/bin/sh\n"
                + "printf '\\033[1;31m[ERROR]\\033[0m compile failed\\n' >&2\n"
                + "printf 'plain \\033[32mgreen\\033[0m\\033[?25l\\n'\n"
                + "exit 1\n");
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path systemMvnRan = dir.resolve("system-mvn-ran");
        Path mvn = Files.writeString(bin.resolve("mvn"), "#!/bin/sh\ntouch " + systemMvnRan + "\nexit 0\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder pb = new ProcessBuilder(List.of("bash", checkout.resolve("kbench").toString(), "--version"))
                .redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().remove("KBENCH_SHOW_JVM");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isEqualTo(1);
        assertThat(out).as(out).contains("[ERROR] compile failed", "plain green", "kbench: build failed")
                .doesNotContain("\u001b");
        assertThat(systemMvnRan).as("a system mvn on the PATH was used instead of the wrapper").doesNotExist();
    }
}
