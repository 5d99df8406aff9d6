package io.kbench.cli;

import io.kbench.console.DriverText;
import io.kbench.driver.DriverBuild;
import io.kbench.driver.DriverStatus;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kbench drivers list}: each client's compiler and whether its driver is built; builds nothing. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List each client, the compiler its driver needs, and whether the driver is built for the "
                + "current sources (with the version it reports). Builds nothing.")
final class DriversListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--cache", paramLabel = "DIR", description = DriversCommand.CACHE_HELP)
    Path cache;

    @Override
    public Integer call() {
        DriverBuild build = DriversCommand.build(cache);
        PrintStream out = CommandOutput.out(spec);
        DriverText.list(build.cacheRoot(), DriversCommand.clients(null).stream().map(c -> DriverStatus.of(build, c)).toList(), out);
        out.flush();
        return 0;
    }
}
