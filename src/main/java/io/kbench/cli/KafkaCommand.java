package io.kbench.cli;

import io.kbench.error.InvalidInputException;
import io.kbench.release.ReleaseCache;
import io.kbench.release.ReleaseResolver;
import java.nio.file.Path;
import picocli.CommandLine.Command;

/** {@code kbench kafka}: the Kafka releases kbench can run besides its own, and the cache they are kept in. */
@Command(name = "kafka",
        mixinStandardHelpOptions = true,
        description = "Fetch Kafka releases into the local cache and list them (docs/versions.md).",
        subcommands = {
            KafkaFetchCommand.class,
            KafkaListCommand.class,
        })
public final class KafkaCommand {
    static final String CACHE_HELP = "Cache directory, a Maven local repository (default: $" + ReleaseCache.ENV
            + ", else -Dmaven.repo.local, else ~/.m2/repository, where ./mvnw keeps kbench's own Kafka).";

    static ReleaseCache cache(Path dir) {
        return dir == null ? ReleaseCache.standard() : new ReleaseCache(dir);
    }

    /** The cache and remote of {@code --cache} and {@code --repository}, each defaulting as documented. */
    static ReleaseResolver resolver(Path dir, String repository) {
        if (repository != null && !repository.matches("(?i)(https?://|file:).+")) {
            throw InvalidInputException.field("--repository", repository, "must be an http(s):// or file: URL");
        }
        String effective = repository != null ? repository : ReleaseResolver.standardRepository();
        if (effective.matches("(?i)https?://[^/]*@.*")) {
            // A password here would sit in ps and in every message naming the repository; the value is not echoed.
            throw new InvalidInputException("--repository: credentials in the URL (user:password@) are not supported;"
                    + " use a repository that needs none, or copy a cache filled elsewhere (docs/versions.md)");
        }
        return new ReleaseResolver(cache(dir), effective);
    }
}
