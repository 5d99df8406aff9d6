package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.spec.ClientKind;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Building a driver: the cache key, a real build with the machine's Go of a small driver (built once, then taken from
 * the cache), a failed build, and the one-line error of a machine without Go, seen from the command line.
 */
class DriverBuildTest {
    private static final String MAIN_GO = """
            package main

            import (
            \t"fmt"
            \t"os"
            )

            func main() {
            \tif len(os.Args) > 1 && os.Args[1] == "version" {
            \t\tfmt.Println(`{"contract":%d,"client":"franz-go","clientVersion":"%s","go":"test"}`)
            \t}
            }
            """;

    @TempDir
    Path dir;

    private static Toolchain go() {
        Toolchain go = new Toolchain(ClientKind.FRANZ_GO, "go", Toolchain.locate(System.getenv(Toolchain.GO_ENV), "go",
                System.getenv("PATH")));
        assumeTrue(go.present(), "go is not on this machine");
        return go;
    }

    private DriverSources sources(int contract, String version) throws Exception {
        Path src = Files.createDirectories(dir.resolve("src"));
        Files.writeString(src.resolve("go.mod"), "module kbench/drivers/test\n\ngo 1.21\n");
        Files.writeString(src.resolve("main.go"), MAIN_GO.formatted(contract, version));
        return new DriverSources(ClientKind.FRANZ_GO, src);
    }

    @Test
    void theCacheKeyIsTheSourcesAndTheCompiler() throws Exception {
        DriverSources sources = sources(1, "v1");
        String key = sources.hash("go version go1.26.8 linux/amd64");
        assertThat(key).hasSize(16).isEqualTo(sources.hash("go version go1.26.8 linux/amd64"));
        Files.writeString(sources.dir().resolve("kbench-franz-go"), "a binary built here by hand");
        Files.writeString(sources.dir().resolve(".editor.swp"), "an editor's file");
        assertThat(sources.hash("go version go1.26.8 linux/amd64")).as("not sources").isEqualTo(key);
        assertThat(sources.hash("go version go1.27.0 linux/amd64")).as("another compiler").isNotEqualTo(key);
        Files.writeString(sources.dir().resolve("main.go"), MAIN_GO.formatted(1, "v2"));
        assertThat(sources.hash("go version go1.26.8 linux/amd64")).as("one source byte").isNotEqualTo(key);
    }

    @Test
    void aDriverIsBuiltOnceAndItsOwnVersionKept() throws Exception {
        Toolchain go = go();
        DriverBuild build = new DriverBuild(dir.resolve("cache"));
        DriverSources sources = sources(1, "v9.9.9");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        assertThat(build.built(sources, go)).isEmpty();

        DriverBinary first = build.binary(sources, go, new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(log.toString(StandardCharsets.UTF_8)).startsWith("building driver franz-go (first use of these sources)");
        assertThat(first.version().clientVersion()).isEqualTo("v9.9.9");
        assertThat(first.version().details()).containsEntry("go", "test");
        assertThat(first.executable()).isExecutable()
                .isEqualTo(dir.resolve("cache/franz-go").resolve(first.sourceHash()).resolve("kbench-franz-go"));
        assertThat(Files.readString(first.executable().resolveSibling("version.json"))).contains("\"clientVersion\":\"v9.9.9\"");

        log.reset();
        DriverBinary again = build.binary(sources, go, new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(again).isEqualTo(first);
        assertThat(log.size()).as("taken from the cache, nothing built").isZero();
        assertThat(build.built(sources, go)).contains(first);
    }

    @Test
    void aFailedBuildNamesTheCompilerExitAndItsLog() throws Exception {
        Toolchain go = go();
        DriverSources sources = sources(1, "v1");
        Files.writeString(sources.dir().resolve("main.go"), "package main\n\nfunc main() { undefinedThing() }\n");
        assertThatThrownBy(() -> new DriverBuild(dir.resolve("cache")).binary(sources, go, new PrintStream(
                new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
                .isInstanceOf(RunFailedException.class)
                .hasMessageStartingWith("building the franz-go driver failed (build -trimpath exit 1): ")
                .hasMessageContaining("undefined: undefinedThing").hasMessageEndingWith("build.log");
    }

    @Test
    void aDriverOfAnotherContractIsRefused() throws Exception {
        Toolchain go = go();
        DriverSources sources = sources(2, "v1");
        assertThatThrownBy(() -> new DriverBuild(dir.resolve("cache")).binary(sources, go, new PrintStream(
                new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("franz-go driver's version line: contract: this kbench speaks driver contract 1");
    }

    @Test
    void withoutGoTheCommandLineSaysSoInOneLineAndExitsTwo() throws Exception {
        assumeTrue(!Files.isExecutable(Path.of("/usr/bin/go")) && !Files.isExecutable(Path.of("/bin/go")));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        // The test JVM's own class path (surefire's), so this runs before target/lib exists (prepare-package).
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                "io.kbench.cli.Main", "drivers", "build", "franz-go", "--cache", dir.resolve("cache").toString());
        pb.environment().put("PATH", "/usr/bin:/bin");
        pb.environment().remove(Toolchain.GO_ENV);
        pb.environment().remove("JAVA_TOOL_OPTIONS"); // the JVM would announce it on stderr
        pb.environment().remove("_JAVA_OPTIONS");
        pb.redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        List<String> err = Files.readAllLines(dir.resolve("err.txt")).stream().filter(l -> !l.isBlank()).toList();
        assertThat(p.exitValue()).as(String.join("\n", err)).isEqualTo(2);
        assertThat(err).singleElement().asString().isEqualTo("kbench: error: franz-go driver: client franz-go needs Go"
                + " 1.26 or newer (go) to build its driver (drivers/franz-go); install it or set KBENCH_GO"
                + " (docs/clients.md#building-the-drivers) (got no go on the PATH)");
        assertThat(Files.readString(dir.resolve("out.txt"))).isEmpty();
        assertThat(dir.resolve("cache/franz-go")).as("nothing built, nothing cached").doesNotExist();
    }

    @Test
    void locateFindsAnExecutableOnThePathOrTheOverride() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path tool = Files.writeString(bin.resolve("go"), "#!/bin/sh\n");
        assertThat(Toolchain.locate(null, "go", "/nonexistent:" + bin)).isNull();
        assertThat(tool.toFile().setExecutable(true)).isTrue();
        assertThat(Toolchain.locate(null, "go", "/nonexistent:" + bin)).isEqualTo(tool.toAbsolutePath());
        assertThat(Toolchain.locate(tool.toString(), "go", "")).isEqualTo(tool.toAbsolutePath());
        assertThat(Toolchain.locate(dir.resolve("nope").toString(), "go", bin.toString())).isNull();
    }
}
