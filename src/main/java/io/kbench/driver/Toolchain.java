package io.kbench.driver;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.ClientKind;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The compiler a client's driver is built with, found on the machine: franz-go's is Go ({@code go} on the PATH, or
 * {@code $KBENCH_GO}). A missing one is one line naming the client and the tool, an input error before anything
 * starts (docs/clients.md#building-the-drivers).
 *
 * @param client the client
 * @param tool   the tool's name ({@code go})
 * @param path   where it is, or null when it is not on this machine
 */
public record Toolchain(ClientKind client, String tool, Path path) {
    /** Names the Go command to use instead of the PATH's. */
    public static final String GO_ENV = "KBENCH_GO";

    /** The toolchain of {@code client}'s driver as this machine has it (path null when absent). */
    public static Toolchain find(ClientKind client) {
        return switch (client) {
            case FRANZ_GO -> new Toolchain(client, "go", locate(System.getenv(GO_ENV), "go", System.getenv("PATH")));
            // The librdkafka driver (Rust, cargo and cmake) is not in this kbench yet: DriverSources says so first.
            case LIBRDKAFKA -> new Toolchain(client, "cargo", locate(null, "cargo", System.getenv("PATH")));
            case JAVA -> throw new IllegalArgumentException("the java client needs no driver");
        };
    }

    /** {@code override} when given, else the first executable {@code name} on {@code pathVariable}, else null. */
    static Path locate(String override, String name, String pathVariable) {
        if (override != null && !override.isBlank()) {
            Path p = Path.of(override);
            return Files.isExecutable(p) ? p.toAbsolutePath() : null;
        }
        for (String dir : (pathVariable == null ? "" : pathVariable).split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name)) && !Files.isDirectory(Path.of(dir, name))) {
                return Path.of(dir, name).toAbsolutePath();
            }
        }
        return null;
    }

    public boolean present() {
        return path != null;
    }

    /** The tool, or the one-line error that it is missing. */
    public Path require() {
        if (path == null) {
            throw InvalidInputException.field(client.text() + " driver", "no " + tool + " on the PATH",
                    "client " + client.text() + " needs " + describe() + " to build its driver (drivers/"
                            + client.text() + "); install it or set " + GO_ENV + " (docs/clients.md#building-the-drivers)");
        }
        return path;
    }

    /** {@code go version}'s line ({@code go version go1.26.8 linux/amd64}): part of the build cache's key. */
    public String version() {
        Path tool = require();
        try {
            Process p = new ProcessBuilder(tool.toString(), "version").redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new InvalidInputException(tool + " version failed: " + out.lines().findFirst().orElse("(no output)"));
            }
            return out.lines().findFirst().orElse(out);
        } catch (IOException e) {
            throw new InvalidInputException(tool + " cannot be started: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InvalidInputException(tool + " version: interrupted");
        }
    }

    private String describe() {
        return tool.equals("go") ? "Go 1.26 or newer (go)" : String.join(" and ", List.of(tool));
    }
}
