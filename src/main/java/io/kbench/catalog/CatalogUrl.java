package io.kbench.catalog;

import io.kbench.error.InvalidInputException;
import io.kbench.result.io.Redactor;
import java.nio.file.Path;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where the catalog lives: a SQLite file ({@code jdbc:sqlite:FILE}, the default) or a PostgreSQL database
 * ({@code jdbc:postgresql://HOST:PORT/DB?user=U}, a team's shared history), whose password comes from a file or the
 * environment ({@link #withPassword}) rather than the URL, which a command line shows every local user.
 *
 * @param jdbc     the JDBC URL
 * @param password the PostgreSQL password given beside the URL, or null (none, or in the URL); never printed
 */
public record CatalogUrl(String jdbc, String password) {
    /** The default catalog file's name, inside the results directory beside the run directories it records. */
    public static final String DEFAULT_FILE = "catalog.sqlite";
    private static final int MAX_LENGTH = 2048;
    private static final String EXPECTED = "expected jdbc:sqlite:FILE, jdbc:postgresql://HOST:PORT/DB or a file path";
    /** A URL scheme of two or more characters, so that a Windows drive ({@code C:}) still reads as a path. */
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:");
    private static final String POSTGRESQL = "jdbc:postgresql:";

    public CatalogUrl {
        Objects.requireNonNull(jdbc, "jdbc");
        if (jdbc.length() > MAX_LENGTH || !(jdbc.startsWith("jdbc:sqlite:") || jdbc.startsWith(POSTGRESQL))) {
            throw InvalidInputException.field("--catalog", bounded(jdbc), EXPECTED);
        }
        if (jdbc.startsWith(POSTGRESQL) && authority(jdbc).contains("@")) {
            // The PostgreSQL driver reads no user info: it would fail on a host named "u:p@db", password and all.
            throw InvalidInputException.field("--catalog", bounded(jdbc), "a user and password go in ?user=U and"
                    + " --catalog-password-file or $KBENCH_CATALOG_PASSWORD, not before the host");
        }
        if (password != null && !jdbc.startsWith(POSTGRESQL)) {
            throw InvalidInputException.field("--catalog", bounded(jdbc), "a password is for a PostgreSQL catalog; a"
                    + " SQLite file has none");
        }
    }

    public CatalogUrl(String jdbc) {
        this(jdbc, null);
    }

    /** {@code jdbc:sqlite:RESULTS_DIR/catalog.sqlite}. */
    public static CatalogUrl defaultFor(Path resultsDir) {
        return new CatalogUrl("jdbc:sqlite:" + resultsDir.resolve(DEFAULT_FILE));
    }

    /**
     * {@code text} as given: a JDBC URL as is, a path as a SQLite file. Any other URL ({@code postgres://host/db}) is
     * refused: read as a path it would quietly become a new local SQLite file.
     */
    public static CatalogUrl parse(String text) {
        if (text.startsWith("jdbc:")) {
            return new CatalogUrl(text);
        }
        if (SCHEME.matcher(text).find()) {
            throw InvalidInputException.field("--catalog", bounded(text), EXPECTED);
        }
        return new CatalogUrl("jdbc:sqlite:" + text);
    }

    /** The same catalog, logged into with {@code password} (PostgreSQL only). */
    public CatalogUrl withPassword(String password) {
        return new CatalogUrl(jdbc, Objects.requireNonNull(password, "password"));
    }

    /** Whether the URL itself holds a secret (a {@code password=} parameter, say), which the redaction rule hides. */
    public boolean carriesSecret() {
        return !Redactor.redactUrls(jdbc).equals(jdbc);
    }

    private static String authority(String jdbc) {
        String rest = jdbc.substring(POSTGRESQL.length());
        if (!rest.startsWith("//")) {
            return "";
        }
        rest = rest.substring(2);
        int end = rest.length();
        for (char c : new char[] {'/', '?'}) {
            int i = rest.indexOf(c);
            end = i >= 0 ? Math.min(end, i) : end;
        }
        return rest.substring(0, end);
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
