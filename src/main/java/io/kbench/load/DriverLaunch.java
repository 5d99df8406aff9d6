package io.kbench.load;

import io.kbench.driver.DriverBinary;
import io.kbench.driver.DriverBuild;
import io.kbench.spec.ClientKind;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where a run's driver processes come from and where their logs go: the binary of each client (built, or found in
 * the build cache, before any broker starts: {@code experiment}'s preflight builds it) and the directory that gets
 * {@code producers.log} and {@code consumers.log}, the drivers' standard error.
 *
 * @param binaries the driver of a client other than java
 * @param logDir   the result's {@code drivers/} directory
 */
record DriverLaunch(Function<ClientKind, DriverBinary> binaries, Path logDir) {
    DriverLaunch {
        Objects.requireNonNull(binaries, "binaries");
        Objects.requireNonNull(logDir, "logDir");
    }

    /**
     * kbench's build cache ({@link DriverBuild#standard()}, building a missing driver and saying so on {@code out}),
     * logs in {@code resultDir/drivers}, or in the temp directory for a run that writes no result directory.
     */
    static DriverLaunch standard(PrintStream out, Path resultDir) {
        Path logs = resultDir != null ? resultDir.resolve("drivers") : Path.of(System.getProperty("java.io.tmpdir"));
        return new DriverLaunch(client -> DriverBuild.standard().binary(client, out), logs);
    }
}
