package io.kbench.cli;

import io.kbench.catalog.Catalog;
import io.kbench.catalog.CatalogRecorder;
import io.kbench.catalog.CatalogUrl;
import io.kbench.catalog.GitRevision;
import io.kbench.error.InvalidInputException;
import io.kbench.experiment.ResultListener;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --catalog URL} and {@code --no-catalog}: where runs are recorded and history is read (docs/history.md). */
final class CatalogOptions {
    /** Read when --catalog is not given, so a CI job can name a shared catalog once. */
    static final String ENV = "KBENCH_CATALOG";

    @Option(names = "--catalog", paramLabel = "URL",
            description = "Results catalog: a SQLite file or jdbc:sqlite:FILE, or jdbc:postgresql://HOST:PORT/DB?user=U&password=P"
                    + " (default: $KBENCH_CATALOG, else RESULTS_DIR/catalog.sqlite).")
    String catalog;

    @Option(names = "--no-catalog", description = "Do not record runs in the results catalog.")
    boolean off;

    /** The catalog to use beside {@code resultsDir}; null with --no-catalog. */
    CatalogUrl url(Path resultsDir) {
        if (off) {
            return null;
        }
        String given = catalog != null ? catalog : System.getenv(ENV);
        return given == null || given.isBlank() ? CatalogUrl.defaultFor(resultsDir) : CatalogUrl.parse(given);
    }

    /**
     * {@code written} followed by recording each result directory in the catalog. The result files are complete
     * before the catalog is touched, and a catalog failure is one line: the run's exit code does not change.
     */
    ResultListener listener(ResultListener written, Path resultsDir, Path workloadFile) {
        CatalogUrl url = url(resultsDir);
        if (url == null) {
            return written;
        }
        CatalogRecorder recorder = new CatalogRecorder(url, GitRevision.of(workloadFile));
        ResultListener both = (dir, out) -> {
            written.written(dir, out);
            recorder.record(dir).ifPresent(out::println);
        };
        return ResultListener.withLive(both, written.live());
    }

    /** Opens the catalog for reading (history, compare --baseline); an unreachable one is an input error (exit 2). */
    Catalog open(Path resultsDir) {
        CatalogUrl url = url(resultsDir);
        if (url == null) {
            throw new InvalidInputException("--no-catalog: this command reads the catalog");
        }
        try {
            return Catalog.open(url);
        } catch (Exception e) {
            throw new InvalidInputException("catalog " + url + ": " + oneLine(e), e);
        }
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String line = m.lines().findFirst().orElse(m).replaceAll("password=[^&\\s]*", "password=[redacted]");
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
}
