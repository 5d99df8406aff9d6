package io.kbench.driver;

import io.kbench.spec.ClientKind;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A built driver, ready to start: its executable, the hash of the sources it was built from, and what it said of
 * itself ({@link DriverVersion}).
 *
 * @param client     the client
 * @param executable the binary in the build cache
 * @param sourceHash the cache key it was built under
 * @param version    the driver's own version line
 */
public record DriverBinary(ClientKind client, Path executable, String sourceHash, DriverVersion version) {
    public DriverBinary {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(sourceHash, "sourceHash");
        Objects.requireNonNull(version, "version");
    }
}
