package io.kbench.catalog;

import io.kbench.error.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.postgresql.ds.PGSimpleDataSource;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * The results catalog: one JDBC connection to SQLite or PostgreSQL, its schema migrated by Flyway on open
 * ({@code src/main/resources/db/catalog}). Adding a run is idempotent (keyed by the hash of its result.json).
 */
public final class Catalog implements AutoCloseable {
    /** How long a writer waits for another process holding the SQLite file's lock before giving up. */
    static final int SQLITE_BUSY_TIMEOUT_MS = 5_000;
    /**
     * Each text column's width in V1__runs.sql. Every value is cut to its column's width before it is written, so a
     * long value (a result file's workload name, a tag) is stored cut on PostgreSQL, which enforces VARCHAR widths,
     * as on SQLite, which does not, instead of failing the insert on one database only.
     */
    private static final Map<String, Integer> WIDTHS = Map.ofEntries(Map.entry("run_key", 64), Map.entry("kind", 16),
            Map.entry("workload", 255), Map.entry("workload_hash", 64), Map.entry("started_at", 40),
            Map.entry("status", 16), Map.entry("cluster_shape", 255), Map.entry("kbench_version", 64),
            Map.entry("kafka_client_version", 64), Map.entry("kafka_broker_version", 64), Map.entry("client_jdk", 255),
            Map.entry("broker_jdk", 255), Map.entry("os", 255), Map.entry("cpu_model", 255), Map.entry("host", 255),
            Map.entry("git_revision", 64), Map.entry("environment_key", 64), Map.entry("result_dir", 4096),
            Map.entry("limited_by", 64), Map.entry("diagnosis", 4096), Map.entry("telemetry", 8192),
            Map.entry("recorded_at", 40), Map.entry("tag_key", 255), Map.entry("tag_value", 1024),
            Map.entry("setup", Integer.MAX_VALUE));
    private final Connection connection;
    private final CatalogUrl url;

    private Catalog(Connection connection, CatalogUrl url) {
        this.connection = connection;
        this.url = url;
    }

    /** Opens (creating a SQLite file and its directory if needed) and migrates the catalog at {@code url}. */
    public static Catalog open(CatalogUrl url) throws SQLException {
        DataSource source = dataSource(url);
        if (url.sqlite()) {
            awaitWriteLock(source);
        }
        try {
            Flyway.configure().dataSource(source).locations("classpath:db/catalog").loggers("slf4j").load().migrate();
        } catch (RuntimeException e) {
            throw new SQLException("schema migration failed: " + Messages.oneLine(e), e);
        }
        return new Catalog(source.getConnection(), url);
    }

    /**
     * Takes SQLite's write lock and gives it back, so a file another writer holds costs one busy wait and one line:
     * Flyway reads a locked file as one without its history table and tries to create it again and again, each try
     * waiting out the busy timeout (minutes, measured in HistoryCliTest).
     */
    private static void awaitWriteLock(DataSource source) throws SQLException {
        try (Connection c = source.getConnection(); Statement st = c.createStatement()) {
            st.execute("BEGIN IMMEDIATE");
            st.execute("ROLLBACK");
        }
    }

    /** Flyway and the catalog share one kind of connection: for SQLite, one that waits for a busy file. */
    private static DataSource dataSource(CatalogUrl url) throws SQLException {
        if (url.sqlite()) {
            createParent(url.file());
            SQLiteConfig config = new SQLiteConfig();
            config.setBusyTimeout(SQLITE_BUSY_TIMEOUT_MS);
            config.enforceForeignKeys(true);
            SQLiteDataSource source = new SQLiteDataSource(config);
            source.setUrl(url.jdbc());
            return source;
        }
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setURL(url.jdbc());
        if (url.password() != null) {
            // Beside the URL, not in it: the URL is printed (redacted) and may have come from a command line.
            source.setPassword(url.password());
        }
        source.setConnectTimeout(10);
        source.setSocketTimeout(30);
        return source;
    }

    private static void createParent(Path file) throws SQLException {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (java.io.IOException e) {
            throw new SQLException("cannot create the catalog's directory: " + e.getMessage(), e);
        }
    }

    public CatalogUrl url() {
        return url;
    }

    /** Records {@code entry} (its row and tags in one transaction); false when the same run is there already. */
    public boolean add(CatalogEntry entry) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        boolean added;
        try {
            added = insertRun(entry);
            if (added) {
                insertTags(entry);
            } else {
                fillSetup(entry);
            }
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            undo(e, autoCommit);
            throw e;
        }
        connection.setAutoCommit(autoCommit);
        return added;
    }

    /**
     * Rolls back after {@code failure} and restores auto-commit. On a full disk SQLite has already rolled the
     * transaction back itself, so both may fail ("cannot commit - no transaction is active"): that failure is kept
     * as suppressed, never thrown in place of the cause the user must see.
     */
    private void undo(Exception failure, boolean autoCommit) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
        try {
            connection.setAutoCommit(autoCommit);
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * Records {@code entries}, each in its own transaction, so one the database refuses costs that run only: its one
     * line goes to {@code failures} and the others are recorded. Returns how many were new. A lost connection
     * (SQLState class 08) ends the import: every further run would fail the same way.
     */
    public int addAll(List<CatalogEntry> entries, List<String> failures) throws SQLException {
        int added = 0;
        for (CatalogEntry entry : entries) {
            try {
                added += add(entry) ? 1 : 0;
            } catch (SQLException e) {
                if (e.getSQLState() != null && e.getSQLState().startsWith("08")) {
                    throw e;
                }
                failures.add(entry.resultDir() + ": not recorded: " + Messages.oneLine(e));
            }
        }
        return added;
    }

    private boolean insertRun(CatalogEntry e) throws SQLException {
        List<String> columns = new ArrayList<>(List.of("run_key", "kind", "workload", "workload_hash", "started_at",
                "status", "cluster_shape", "kbench_version", "kafka_client_version", "kafka_broker_version",
                "client_jdk", "broker_jdk", "os", "cpu_model", "cores", "host", "git_revision", "environment_key",
                "result_dir", "errors", "limited_by", "diagnosis", "telemetry", "recorded_at", "setup"));
        RunEnvironment env = e.environment();
        List<Object> values = new ArrayList<>(java.util.Arrays.asList(e.runKey(), e.kind().text(), e.workload(), e.workloadHash(),
                e.startedAt().toString(), e.status(), env.clusterShape(), env.kbenchVersion(), env.kafkaClientVersion(),
                env.kafkaBrokerVersion(), env.clientJdk(), env.brokerJdk(), env.os(), env.cpuModel(), env.cores(),
                env.host(), e.gitRevision(), env.key(), e.resultDir(), e.errors(),
                e.diagnosis() == null ? null : e.diagnosis().limitedBy(),
                e.diagnosis() == null ? null : e.diagnosis().evidence(),
                e.diagnosis() == null ? null : e.diagnosis().telemetry(), Instant.now().toString(),
                e.setup().known() ? e.setup().json() : null));
        for (CatalogKpi k : CatalogKpi.values()) {
            columns.add(k.column());
            values.add(e.kpis().get(k));
        }
        String sql = "INSERT INTO runs (" + String.join(", ", columns) + ") VALUES ("
                + String.join(", ", Collections.nCopies(columns.size(), "?")) + ") ON CONFLICT (run_key) DO NOTHING";
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.size(); i++) {
                Object v = values.get(i);
                ps.setObject(i + 1, v instanceof String text ? cut(text, columns.get(i)) : v);
            }
            return ps.executeUpdate() == 1;
        }
    }

    /** A run recorded before the catalog kept setups gets its setup when its directory is imported again. */
    private void fillSetup(CatalogEntry e) throws SQLException {
        if (e.setup().known()) {
            try (PreparedStatement ps = connection.prepareStatement(
                    "UPDATE runs SET setup = ? WHERE run_key = ? AND setup IS NULL")) {
                ps.setString(1, e.setup().json());
                ps.setString(2, e.runKey());
                ps.executeUpdate();
            }
        }
    }

    private void insertTags(CatalogEntry e) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "INSERT INTO run_tags (run_key, tag_key, tag_value) VALUES (?, ?, ?)")) {
            for (Map.Entry<String, String> t : e.tags().entrySet()) {
                ps.setString(1, e.runKey());
                ps.setString(2, cut(t.getKey(), "tag_key"));
                ps.setString(3, cut(t.getValue(), "tag_value"));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** {@code text} cut to the width of {@code column}. */
    static String cut(String text, String column) {
        int width = WIDTHS.getOrDefault(column, 255);
        return text == null || text.length() <= width ? text : text.substring(0, width);
    }

    /** The runs {@code query} selects, oldest first. */
    public List<CatalogEntry> find(CatalogQuery query) throws SQLException {
        return new CatalogRows(connection).find(query);
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }

    /** An input error for a URL that names no reachable catalog. */
    static InvalidInputException unusable(CatalogUrl url, Exception e) {
        return new InvalidInputException("catalog " + url + ": " + Messages.oneLine(e));
    }
}
