package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The container image starts kbench as a laptop does (issue 41 J): the Dockerfile's base image is a current LTS JRE
 * pinned by digest, its entrypoint is the ./kbench launcher, and the layout its COPY lines make runs, with the RUN line
 * that makes its class archives, on a JDK 25 like the image's, giving every command line the same JVM flags as the
 * checkout. No container engine runs here: the layout is made in a temporary directory from the Dockerfile's own lines,
 * with {@code /opt/kbench} mapped onto it. An integration test because it needs the packaged jar.
 */
class ContainerImageIT {
    private static final Path DOCKERFILE = Path.of("Dockerfile");
    private static final String INSTALL = "/opt/kbench";
    /** The image's JDK line; where this machine has no JDK 25 the test's own JDK stands in. */
    private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    @TempDir
    Path tmp;

    @Test
    void theBaseImageIsAnLtsJrePinnedByDigestAndTheEntrypointIsTheLauncher() throws IOException {
        List<String> lines = instructions();
        List<String> froms = lines.stream().filter(l -> l.startsWith("FROM ")).toList();
        assertThat(froms).singleElement().asString()
                .matches("FROM eclipse-temurin:25-jre@sha256:[0-9a-f]{64}");
        assertThat(lines).contains("ENTRYPOINT [\"" + INSTALL + "/kbench\"]", "USER 10001:10001")
                .anySatisfy(l -> assertThat(l).startsWith("ENV KBENCH_JAVA_OPTS=").contains("-XX:MaxRAMPercentage=75"));
        // The launcher ends in the class every other way of starting kbench runs.
        assertThat(Files.readString(Path.of("kbench"))).contains("io.kbench.cli.Main \"$@\"");
    }

    @Test
    void theImageLayoutRunsWithoutBuildingAndGetsTheCheckoutsFlags() throws Exception {
        Path root = tmp.resolve("opt-kbench");
        for (String line : instructions()) {
            if (line.startsWith("COPY ")) {
                copy(line, root);
            }
        }
        assertThat(root.resolve("mvnw")).doesNotExist();
        String build = instructions().stream().filter(l -> l.startsWith("RUN chmod")).findFirst().orElseThrow()
                .substring("RUN ".length()).replace(INSTALL, root.toString());
        Result made = bash(build, Map.of());
        assertThat(made.exit).as(made.out).isZero();
        assertThat(made.out).doesNotContain("building").contains(".jsa");

        Result version = bash(root.resolve("kbench") + " --version", Map.of());
        assertThat(version.exit).as(version.out).isZero();
        assertThat(version.out).doesNotContain("building").contains("kbench ", "Kafka ");
        if (Files.isDirectory(JDK25)) {
            assertThat(version.out).contains("JDK 25");
        }

        for (String args : List.of("run workload.yaml", "produce --topic t --throughput -1", "run --security SSL")) {
            Result image = bash(root.resolve("kbench") + " " + args, Map.of("KBENCH_SHOW_JVM", "1"));
            Result checkout = bash(Path.of("kbench").toAbsolutePath() + " " + args, Map.of("KBENCH_SHOW_JVM", "1"));
            assertThat(image.out).as(args).isEqualTo(checkout.out).startsWith("kbench: JVM flags: -XX:");
        }
    }

    /** The Dockerfile's instructions, continuation lines joined, comments left out. */
    private static List<String> instructions() throws IOException {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String raw : Files.readAllLines(DOCKERFILE)) {
            String line = raw.strip();
            if (line.startsWith("#") || line.isEmpty()) {
                continue;
            }
            boolean more = line.endsWith("\\");
            current.append(more ? line.substring(0, line.length() - 1) : line).append(' ');
            if (!more) {
                out.add(current.toString().replaceAll("\\s+", " ").strip());
                current.setLength(0);
            }
        }
        return out;
    }

    /** {@code COPY src dest}: a file, a directory, or a glob of the checkout, to dest under {@code root}. */
    private static void copy(String line, Path root) throws IOException {
        Matcher m = Pattern.compile("COPY (\\S+) " + Pattern.quote(INSTALL) + "(/\\S*)").matcher(line);
        assertThat(m.matches()).as(line).isTrue();
        String source = m.group(1);
        Path dest = Path.of(root + m.group(2));
        if (source.contains("*")) {
            Path dir = Path.of(source).getParent();
            Files.createDirectories(dest);
            try (DirectoryStream<Path> matches = Files.newDirectoryStream(dir, Path.of(source).getFileName().toString())) {
                for (Path p : matches) {
                    Files.copy(p, dest.resolve(p.getFileName()));
                }
            }
        } else if (Files.isDirectory(Path.of(source))) {
            try (Stream<Path> files = Files.walk(Path.of(source))) {
                for (Path p : files.toList()) {
                    Path to = dest.resolve(Path.of(source).relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(p, to);
                    }
                }
            }
        } else {
            Files.createDirectories(dest.getParent());
            Files.copy(Path.of(source), dest);
        }
    }

    private Result bash(String command, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true)
                .directory(tmp.toFile());
        pb.environment().remove("KBENCH_JAVA_OPTS");
        pb.environment().remove("KBENCH_JVM_DEFAULTS");
        if (Files.isDirectory(JDK25)) {
            pb.environment().put("JAVA_HOME", JDK25.toString());
        }
        pb.environment().putAll(env);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(command).isTrue();
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private record Result(int exit, String out) {
    }
}
