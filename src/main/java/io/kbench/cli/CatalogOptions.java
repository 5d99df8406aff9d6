package io.kbench.cli;

import io.kbench.catalog.Catalog;
import io.kbench.catalog.CatalogRecorder;
import io.kbench.catalog.CatalogUrl;
import io.kbench.catalog.GitRevision;
import io.kbench.error.InvalidInputException;
import io.kbench.experiment.ResultListener;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --catalog URL} and {@code --no-catalog}: where runs are recorded and history is read (docs/history.md). */
final class CatalogOptions {
    /** Read when --catalog is not given, so a CI job can name a shared catalog once. */
    static final String ENV = "KBENCH_CATALOG";
    /** A PostgreSQL catalog's password, when --catalog-password-file is not given. */
    static final String PASSWORD_ENV = "KBENCH_CATALOG_PASSWORD";
    static final String PASSWORD_FILE = "--catalog-password-file";
    /** A password file is a line; anything larger is not one. */
    private static final long MAX_PASSWORD_FILE_BYTES = 64 * 1024;

    @Option(names = "--catalog", paramLabel = "URL",
            description = "Results catalog: a SQLite file or jdbc:sqlite:FILE, or jdbc:postgresql://HOST:PORT/DB?user=U"
                    + " with the password in " + PASSWORD_FILE + " or $" + PASSWORD_ENV + " (default: $" + ENV
                    + ", else RESULTS_DIR/catalog.sqlite).")
    String catalog;

    @Option(names = PASSWORD_FILE, paramLabel = "FILE",
            description = "The PostgreSQL catalog's password: the file's first line (instead of $" + PASSWORD_ENV
                    + "; a password in the URL is seen by every local user in ps).")
    Path passwordFile;

    @Option(names = "--no-catalog", description = "Do not record runs in the results catalog.")
    boolean off;

    /** Whether {@link #warnOfACommandLinePassword} has looked already: one line per command, however often asked. */
    private boolean warned;

    /** The catalog to use beside {@code resultsDir}, with its password when one is given; null with --no-catalog. */
    CatalogUrl url(Path resultsDir) {
        if (off) {
            return null;
        }
        String given = catalog != null ? catalog : System.getenv(ENV);
        CatalogUrl url = given == null || given.isBlank() ? CatalogUrl.defaultFor(resultsDir) : CatalogUrl.parse(given);
        if (passwordFile != null) {
            if (url.sqlite()) {
                throw InvalidInputException.field(PASSWORD_FILE, passwordFile, "the catalog " + url + " is a SQLite file,"
                        + " which has no password");
            }
            return url.withPassword(readPassword(passwordFile));
        }
        String fromEnvironment = System.getenv(PASSWORD_ENV);
        // The variable may be set for a shared catalog while this command uses a local file: then it is not for it.
        return fromEnvironment == null || url.sqlite() ? url : url.withPassword(fromEnvironment);
    }

    /**
     * One line on {@code err} when --catalog, as given on this command line, holds a password ({@code password=}, or
     * any parameter the redaction rule hides): every local user reads a command line in ps. It still works, as JDBC
     * users write it so; the line shows the URL redacted and names the forms that keep the password off the command
     * line. $KBENCH_CATALOG holding one is not warned of: a process's environment is its user's alone.
     */
    void warnOfACommandLinePassword(PrintStream err) {
        if (warned || off || catalog == null) {
            return;
        }
        warned = true;
        CatalogUrl given = CatalogUrl.parse(catalog);
        if (given.carriesSecret()) {
            err.println("kbench: warning: --catalog " + given + ": a password on the command line is seen by every local"
                    + " user (ps); give it in " + PASSWORD_FILE + " FILE or $" + PASSWORD_ENV + ", or the whole URL in $"
                    + ENV);
        }
    }

    /** The first line of {@code file}; the errors name the file, never a line of it. */
    static String readPassword(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                throw InvalidInputException.field(PASSWORD_FILE, file, "file not found");
            }
            if (Files.size(file) > MAX_PASSWORD_FILE_BYTES) {
                throw InvalidInputException.field(PASSWORD_FILE, file, "larger than " + MAX_PASSWORD_FILE_BYTES
                        + " bytes: not a password file");
            }
            String first = Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("");
            if (first.isEmpty()) {
                throw InvalidInputException.field(PASSWORD_FILE, file, "its first line is empty: expected the password");
            }
            return first;
        } catch (IOException | UncheckedIOException e) {
            throw InvalidInputException.field(PASSWORD_FILE, file, "cannot read it: " + e.getMessage());
        }
    }

    /**
     * {@code written} followed by recording each result directory in the catalog. The result files are complete
     * before the catalog is touched, and a catalog failure is one line: the run's exit code does not change.
     */
    ResultListener listener(ResultListener written, Path resultsDir, Path workloadFile, PrintStream err) {
        warnOfACommandLinePassword(err);
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

    /**
     * Opens the catalog for reading (history, compare --baseline); an unreachable one is an input error (exit 2). A
     * password on the command line is warned of on {@code err} first.
     */
    Catalog open(Path resultsDir, PrintStream err) {
        warnOfACommandLinePassword(err);
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
