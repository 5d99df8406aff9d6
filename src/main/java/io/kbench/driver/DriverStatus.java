package io.kbench.driver;

import io.kbench.spec.ClientKind;
import java.util.Optional;

/**
 * What this machine has of one client's driver, without building anything: its sources, its compiler (and that
 * compiler's version), and the binary built for exactly these sources and compiler, if the cache has it.
 *
 * @param client           the client
 * @param sources          its sources (which may not exist)
 * @param toolchain        its compiler (whose path may be null)
 * @param toolchainVersion the compiler's version line, or null without one
 * @param built            the cached binary for these sources, if any
 */
public record DriverStatus(ClientKind client, DriverSources sources, Toolchain toolchain, String toolchainVersion,
                           Optional<DriverBinary> built) {
    /** The status of {@code client} in {@code build}'s cache. */
    public static DriverStatus of(DriverBuild build, ClientKind client) {
        DriverSources sources = DriverSources.of(client);
        Toolchain toolchain = Toolchain.find(client);
        String version = sources.present() && toolchain.present() ? toolchain.version() : null;
        return new DriverStatus(client, sources, toolchain, version,
                sources.present() && toolchain.present() ? build.built(client) : Optional.empty());
    }
}
