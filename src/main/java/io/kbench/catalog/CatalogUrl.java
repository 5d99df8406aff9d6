package io.kbench.catalog;

import io.kbench.error.InvalidInputException;
import io.kbench.result.io.Redactor;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the catalog lives: a SQLite file ({@code jdbc:sqlite:FILE}, the default) or a PostgreSQL database
 * ({@code jdbc:postgresql://HOST:PORT/DB?user=U&password=P}, a team's shared history).
 *
 * @param jdbc the JDBC URL
 */
public record CatalogUrl(String jdbc) {
    /** The default catalog file's name, inside the results directory beside the run directories it records. */
    public static final String DEFAULT_FILE = "catalog.sqlite";
    private static final int MAX_LENGTH = 2048;

    public CatalogUrl {
        Objects.requireNonNull(jdbc, "jdbc");
        if (jdbc.length() > MAX_LENGTH || !(jdbc.startsWith("jdbc:sqlite:") || jdbc.startsWith("jdbc:postgresql:"))) {
            throw InvalidInputException.field("--catalog", bounded(jdbc),
                    "expected jdbc:sqlite:FILE or jdbc:postgresql://HOST:PORT/DB");
        }
    }

    /** {@code jdbc:sqlite:RESULTS_DIR/catalog.sqlite}. */
    public static CatalogUrl defaultFor(Path resultsDir) {
        return new CatalogUrl("jdbc:sqlite:" + resultsDir.resolve(DEFAULT_FILE));
    }

    /** {@code text} as given: a JDBC URL as is, anything else as a SQLite file path. */
    public static CatalogUrl parse(String text) {
        return new CatalogUrl(text.startsWith("jdbc:") ? text : "jdbc:sqlite:" + text);
    }

    public boolean sqlite() {
        return jdbc.startsWith("jdbc:sqlite:");
    }

    /** The SQLite file, for a SQLite catalog. */
    Path file() {
        String rest = jdbc.substring("jdbc:sqlite:".length());
        int query = rest.indexOf('?');
        return Path.of(query >= 0 ? rest.substring(0, query) : rest);
    }

    /** The URL as it may be printed: never a password (the project's redaction rule: user info and secret-named parameters). */
    @Override
    public String toString() {
        return bounded(jdbc);
    }

    private static String bounded(String url) {
        String shown = Redactor.redactUrls(url);
        return shown.length() > 120 ? shown.substring(0, 120) + "..." : shown;
    }
}
