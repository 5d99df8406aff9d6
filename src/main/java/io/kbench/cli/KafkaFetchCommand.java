package io.kbench.cli;

import io.kbench.console.ReleaseText;
import io.kbench.release.KafkaRelease;
import io.kbench.release.ReleaseResolver;
import io.kbench.release.ReleaseVersion;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench kafka fetch VERSION...}: resolves releases into the cache, so later runs need no network. */
@Command(name = "fetch", mixinStandardHelpOptions = true,
        description = "Resolve Kafka releases (broker, tools and Java client with their dependencies) from Maven Central "
                + "into the local cache; a release already complete there is not downloaded again.")
final class KafkaFetchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "VERSION", description = "A Kafka release from "
            + ReleaseVersion.FLOOR + " on, like 4.4.0.")
    List<String> versions;

    @Option(names = "--cache", paramLabel = "DIR", description = KafkaCommand.CACHE_HELP)
    Path cache;

    @Option(names = "--repository", paramLabel = "URL", description = "Maven repository to resolve from (default: $"
            + ReleaseResolver.REPOSITORY_ENV + ", else Maven Central).")
    String repository;

    @Override
    public Integer call() {
        // Every version is checked before the first download, so a typo in the last one costs nothing.
        List<ReleaseVersion> parsed = versions.stream().map(v -> ReleaseVersion.parse("VERSION", v)).toList();
        ReleaseResolver resolver = KafkaCommand.resolver(cache, repository);
        PrintStream out = CommandOutput.out(spec);
        for (ReleaseVersion version : parsed) {
            long start = System.nanoTime();
            if (resolver.cache().complete(version).isEmpty()) {
                // A first fetch downloads tens of MiB: say so before the wait, not after.
                ReleaseText.resolving(version, resolver.repositoryName(), resolver.cache().root(), out);
                out.flush();
            }
            KafkaRelease release = resolver.obtain("kafka fetch", version);
            ReleaseText.fetched(release, resolver.cache().root(), Duration.ofNanos(System.nanoTime() - start), out);
            out.flush();
        }
        return 0;
    }
}
