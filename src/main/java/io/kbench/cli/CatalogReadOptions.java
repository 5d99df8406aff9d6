package io.kbench.cli;

import io.kbench.catalog.Catalog;
import java.io.PrintStream;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where a command that reads the catalog (history, catalog import, compare --baseline) finds it: {@code --catalog} /
 * {@code --no-catalog}, and the results directory whose {@code catalog.sqlite} is the default.
 */
final class CatalogReadOptions {
    @Option(names = "--results-dir", paramLabel = "DIR", defaultValue = "results",
            description = "Where the default catalog lives (DIR/catalog.sqlite; default: ${DEFAULT-VALUE}).")
    Path resultsDir;

    @Mixin
    CatalogOptions catalog = new CatalogOptions();

    /** Opens the catalog; an unreachable one is an input error (exit 2). A password in argv is warned of on {@code err}. */
    Catalog open(PrintStream err) {
        return catalog.open(resultsDir, err);
    }
}
