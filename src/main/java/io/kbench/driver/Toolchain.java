package io.kbench.driver;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.ClientKind;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The compiler a client's driver is built with, found on the machine: franz-go's is Go ({@code go} on the PATH, or
 * {@code $KBENCH_GO}); librdkafka's is Rust's {@code cargo} (or {@code $KBENCH_CARGO}), and {@code make}, which builds
 * the librdkafka sources the rdkafka crate bundles (with librdkafka's own configure and the C compiler). A missing one is one line naming the client and what is missing,
 * an input error before anything starts (docs/clients.md#building-the-drivers).
 *
 * @param client  the client
 * @param tool    the compiler's name ({@code go}, {@code cargo})
 * @param path    where it is, or null when it is not on this machine
 * @param missing other tools the build needs that this machine lacks ({@code make}); empty when it has them all
 */
public record Toolchain(ClientKind client, String tool, Path path, List<String> missing) {
    /** Names the Go command to use instead of the PATH's. */
    public static final String GO_ENV = "KBENCH_GO";
    /** Names the cargo command to use instead of the PATH's. */
    public static final String CARGO_ENV = "KBENCH_CARGO";

    public Toolchain {
        missing = List.copyOf(missing);
    }

    /** A toolchain of one tool. */
    public Toolchain(ClientKind client, String tool, Path path) {
        this(client, tool, path, List.of());
    }

    /** The toolchain of {@code client}'s driver as this machine has it (path null when absent). */
    public static Toolchain find(ClientKind client) {
        String pathVariable = System.getenv("PATH");
        return switch (client) {
            case FRANZ_GO -> new Toolchain(client, "go", locate(System.getenv(GO_ENV), "go", pathVariable));
            case LIBRDKAFKA -> new Toolchain(client, "cargo", locate(System.getenv(CARGO_ENV), "cargo", pathVariable),
                    locate(null, "make", pathVariable) == null ? List.of("make") : List.of());
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
        return path != null && missing.isEmpty();
    }

    /** The tools this machine lacks for the build, the compiler first ({@code cargo, make}); empty when present. */
    public List<String> absent() {
        List<String> absent = new ArrayList<>(path == null ? List.of(tool) : List.of());
        absent.addAll(missing);
        return List.copyOf(absent);
    }

    /** The tool, or the one-line error naming what is missing. */
    public Path require() {
        if (!present()) {
            List<String> absent = absent();
            throw InvalidInputException.field(client.text() + " driver", "no " + String.join(", no ", absent) + " on the PATH",
                    "client " + client.text() + " needs " + describe() + " to build its driver (drivers/"
                            + client.text() + "); install " + (absent.size() == 1 ? "it" : "them") + " or set "
                            + environment() + " (docs/clients.md#building-the-drivers)");
        }
        return path;
    }

    /**
     * The compiler's version, part of the build cache's key: {@code go version}'s line ({@code go version go1.26.8
     * linux/amd64}); for Rust {@code cargo --version} and {@code rustc --version} ({@code cargo 1.95.0 (f2d3ce0bd
     * 2026-03-21), rustc 1.95.0 (59807616e 2026-04-14)}), since either one changes what is built.
     */
    public String version() {
        Path tool = require();
        if (client != ClientKind.LIBRDKAFKA) {
            return firstLine(List.of(tool.toString(), "version"));
        }
        Path beside = tool.resolveSibling("rustc");
        Path rustc = Files.isExecutable(beside) ? beside : locate(null, "rustc", System.getenv("PATH"));
        return firstLine(List.of(tool.toString(), "--version"))
                + (rustc == null ? "" : ", " + firstLine(List.of(rustc.toString(), "--version")));
    }

    private static String firstLine(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new InvalidInputException(String.join(" ", command) + " failed: "
                        + out.lines().findFirst().orElse("(no output)"));
            }
            return out.lines().findFirst().orElse(out);
        } catch (IOException e) {
            throw new InvalidInputException(command.get(0) + " cannot be started: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InvalidInputException(String.join(" ", command) + ": interrupted");
        }
    }

    private String describe() {
        return switch (client) {
            case FRANZ_GO -> "Go 1.26 or newer (go)";
            case LIBRDKAFKA -> "Rust's cargo and make (make builds the librdkafka sources the rdkafka crate bundles)";
            case JAVA -> tool;
        };
    }

    private String environment() {
        return client == ClientKind.LIBRDKAFKA ? CARGO_ENV : GO_ENV;
    }
}
