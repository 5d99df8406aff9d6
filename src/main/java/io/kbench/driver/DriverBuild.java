package io.kbench.driver;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.spec.ClientKind;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Builds a client's driver from the sources in this kbench ({@link DriverSources}) with the machine's compiler
 * ({@link Toolchain}) into a cache keyed by the sources' hash: {@code ${XDG_CACHE_HOME:-~/.cache}/kbench/drivers/
 * <client>/<hash>/}, which outlives {@code mvn clean}, so a driver is built once per source change. A file lock makes
 * concurrent builds (parallel test forks, two kbench commands) build once. After each build the driver's own
 * {@code version} line is read and kept beside it.
 *
 * @param cacheRoot the {@code drivers/} directory of the cache
 */
public record DriverBuild(Path cacheRoot) {
    /** Overrides the cache's {@code drivers/} directory. */
    public static final String CACHE_ENV = "KBENCH_DRIVER_CACHE";
    private static final String VERSION_FILE = "version.json";
    private static final long BUILD_TIMEOUT_MINUTES = 20;

    /** The cache at {@code $KBENCH_DRIVER_CACHE}, else {@code ${XDG_CACHE_HOME:-~/.cache}/kbench/drivers}. */
    public static DriverBuild standard() {
        String env = System.getenv(CACHE_ENV);
        if (env != null && !env.isBlank()) {
            return new DriverBuild(Path.of(env));
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return new DriverBuild(base.resolve("kbench").resolve("drivers"));
    }

    /** The executable's name: {@code kbench-franz-go}. */
    public static String binaryName(ClientKind client) {
        return "kbench-" + client.text();
    }

    /**
     * The driver of {@code client}, built now if the cache has none for these sources and this compiler; {@code log}
     * hears "building driver franz-go (first use)..." before a build. A missing source tree or compiler is an input
     * error (exit 2) naming the client and what is missing, before anything else starts.
     */
    public DriverBinary binary(ClientKind client, PrintStream log) {
        return binary(present(client), Toolchain.find(client), log);
    }

    /** As {@link #binary(ClientKind, PrintStream)} for the given sources and compiler. */
    DriverBinary binary(DriverSources sources, Toolchain toolchain, PrintStream log) {
        ClientKind client = sources.client();
        Path tool = toolchain.require();
        String hash = sources.hash(toolchain.version());
        Path dir = cacheRoot.resolve(client.text()).resolve(hash);
        Path executable = dir.resolve(binaryName(client));
        try {
            Files.createDirectories(dir);
            try (FileChannel lockFile = FileChannel.open(cacheRoot.resolve(client.text()).resolve(".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                lockFile.lock(); // released when the channel closes
                Optional<DriverVersion> kept = kept(client, dir);
                if (kept.isPresent() && Files.isExecutable(executable)) {
                    return new DriverBinary(client, executable, hash, kept.get());
                }
                log.println("building driver " + client.text() + " (first use of these sources) with " + tool + " in " + dir);
                compile(client, tool, sources.dir(), executable, dir.resolve("build.log"));
                DriverVersion version = DriverVersion.parse(DriverCommand.versionLine(executable), client);
                Files.writeString(dir.resolve(VERSION_FILE), version.toJson() + "\n", StandardCharsets.UTF_8);
                return new DriverBinary(client, executable, hash, version);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("driver cache " + dir, e);
        }
    }

    /** The driver built for the current sources and compiler, if the cache has it; never builds. */
    public Optional<DriverBinary> built(ClientKind client) {
        return built(DriverSources.of(client), Toolchain.find(client));
    }

    /** As {@link #built(ClientKind)} for the given sources and compiler. */
    Optional<DriverBinary> built(DriverSources sources, Toolchain toolchain) {
        ClientKind client = sources.client();
        if (!sources.present() || !toolchain.present()) {
            return Optional.empty();
        }
        String hash = sources.hash(toolchain.version());
        Path dir = cacheRoot.resolve(client.text()).resolve(hash);
        Path executable = dir.resolve(binaryName(client));
        return kept(client, dir).filter(v -> Files.isExecutable(executable))
                .map(v -> new DriverBinary(client, executable, hash, v));
    }

    private static DriverSources present(ClientKind client) {
        if (!client.external()) {
            throw new IllegalArgumentException("the java client runs in kbench and has no driver");
        }
        DriverSources sources = DriverSources.of(client);
        if (!sources.present()) {
            throw InvalidInputException.field(client.text() + " driver", sources.dir(), "client " + client.text()
                    + " has no driver in this kbench yet (docs/clients.md)");
        }
        return sources;
    }

    private static Optional<DriverVersion> kept(ClientKind client, Path dir) {
        Path file = dir.resolve(VERSION_FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(DriverVersion.parse(Files.readString(file, StandardCharsets.UTF_8).strip(), client));
        } catch (IOException | InvalidInputException e) {
            return Optional.empty(); // a torn or stale file: build again
        }
    }

    /**
     * Builds into a private name, moved into place only when it succeeded: {@code go build -trimpath}, or
     * {@code cargo build --release --locked} (the committed Cargo.lock's crates) with its target directory in the
     * cache beside the builds, {@code <client>/target}, shared by every source version so a changed source recompiles
     * only what changed (a cold build compiles librdkafka's C sources, minutes; docs/clients.md).
     */
    private void compile(ClientKind client, Path tool, Path sources, Path executable, Path buildLog) throws IOException {
        Path partial = executable.resolveSibling(executable.getFileName() + ".partial");
        Path cargoTarget = cacheRoot.resolve(client.text()).resolve("target");
        List<String> command = client == ClientKind.LIBRDKAFKA
                ? List.of(tool.toString(), "build", "--release", "--locked")
                : List.of(tool.toString(), "build", "-trimpath", "-o", partial.toString(), ".");
        ProcessBuilder pb = new ProcessBuilder(command).directory(sources.toFile()).redirectErrorStream(true)
                .redirectOutput(buildLog.toFile());
        if (client == ClientKind.LIBRDKAFKA) {
            pb.environment().put("CARGO_TARGET_DIR", cargoTarget.toString());
        }
        Process build = pb.start();
        build.getOutputStream().close();
        try {
            if (!build.waitFor(BUILD_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                build.destroyForcibly();
                throw new RunFailedException("building the " + client.text() + " driver took over " + BUILD_TIMEOUT_MINUTES
                        + " minutes; see " + buildLog);
            }
        } catch (InterruptedException e) {
            build.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new RunFailedException("building the " + client.text() + " driver was interrupted");
        }
        if (build.exitValue() != 0) {
            List<String> lines = Files.readAllLines(buildLog, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
            // cargo's first "error" line names the problem (its last only says it could not compile); go's is its last.
            String last = lines.stream().filter(l -> l.startsWith("error")).findFirst()
                    .orElse(lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1));
            throw new RunFailedException("building the " + client.text() + " driver failed (" + String.join(" ", command.subList(1, 3))
                    + " exit " + build.exitValue() + "): " + last + "; the whole output is in " + buildLog);
        }
        if (client == ClientKind.LIBRDKAFKA) {
            Files.copy(cargoTarget.resolve("release").resolve(binaryName(client)), partial, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.COPY_ATTRIBUTES);
        }
        Files.move(partial, executable, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
