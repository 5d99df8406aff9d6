package io.kbench.cli;

import io.kbench.console.DriverText;
import io.kbench.driver.DriverBinary;
import io.kbench.driver.DriverBuild;
import io.kbench.driver.DriverSources;
import io.kbench.spec.ClientKind;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kbench drivers build}: builds client drivers now rather than at their first use (CI, a machine about to
 * measure). Named clients must have a driver here; without names, every driver in this kbench is built.
 */
@Command(name = "build", mixinStandardHelpOptions = true,
        description = "Build the drivers of the named clients (default: every driver in this kbench) into the cache, "
                + "unless already built from the same sources with the same compiler; prints each driver's version.")
final class DriversBuildCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "CLIENT", arity = "0..*", description = "franz-go or librdkafka.")
    List<String> names = new ArrayList<>();

    @Option(names = "--cache", paramLabel = "DIR", description = DriversCommand.CACHE_HELP)
    Path cache;

    @Override
    public Integer call() {
        List<ClientKind> clients = DriversCommand.clients(names);
        DriverBuild build = DriversCommand.build(cache);
        PrintStream out = CommandOutput.out(spec);
        PrintStream err = CommandOutput.err(spec);
        for (ClientKind client : clients) {
            DriverSources sources = DriverSources.of(client);
            if (names.isEmpty() && !sources.present()) {
                DriverText.absent(client, sources.dir(), out);
                continue;
            }
            long start = System.nanoTime();
            boolean cached = build.built(client).isPresent();
            DriverBinary binary = build.binary(client, err);
            DriverText.built(binary, Duration.ofNanos(System.nanoTime() - start), !cached, out);
        }
        out.flush();
        return 0;
    }
}
