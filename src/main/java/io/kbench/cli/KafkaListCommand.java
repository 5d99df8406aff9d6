package io.kbench.cli;

import io.kbench.console.ReleaseText;
import io.kbench.release.BundledRelease;
import io.kbench.release.ReleaseCache;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kbench kafka list}: kbench's own release and those in the cache; reads files only, never the network. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List kbench's own Kafka release and the releases fetched into the cache, with their size and "
                + "whether every file is still there.")
final class KafkaListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--cache", paramLabel = "DIR", description = KafkaCommand.CACHE_HELP)
    Path cache;

    @Override
    public Integer call() {
        ReleaseCache releases = KafkaCommand.cache(cache);
        PrintStream out = CommandOutput.out(spec);
        ReleaseText.list(BundledRelease.version(), releases.root(), releases.list(), out);
        out.flush();
        return 0;
    }
}
