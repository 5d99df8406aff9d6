package io.kbench.catalog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads runs back from the catalog's tables: the query a {@link CatalogQuery} makes, and each row as an entry. */
final class CatalogRows {
    private final Connection connection;

    CatalogRows(Connection connection) {
        this.connection = connection;
    }

    /** The runs {@code query} selects, oldest first. */
    List<CatalogEntry> find(CatalogQuery query) throws SQLException {
        StringBuilder where = new StringBuilder(" WHERE 1=1");
        List<Object> args = new ArrayList<>();
        condition(where, args, "workload = ?", query.workload());
        condition(where, args, "kind = ?", query.kind() == null ? null : query.kind().text());
        condition(where, args, "cluster_shape = ?", query.clusterShape());
        condition(where, args, "host = ?", query.host());
        condition(where, args, "started_at >= ?", query.from() == null ? null : query.from().toString());
        condition(where, args, "started_at < ?", query.to() == null ? null : query.to().toString());
        for (Map.Entry<String, String> t : query.tags().entrySet()) {
            where.append(" AND EXISTS (SELECT 1 FROM run_tags t WHERE t.run_key = runs.run_key AND t.tag_key = ?"
                    + " AND t.tag_value = ?)");
            args.add(t.getKey());
            args.add(t.getValue());
        }
        String sql = "SELECT * FROM runs" + where + " ORDER BY started_at DESC, run_key"
                + (query.limit() > 0 ? " LIMIT " + query.limit() : "");
        List<CatalogEntry> found = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            for (int i = 0; i < args.size(); i++) {
                ps.setObject(i + 1, args.get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    try {
                        found.add(row(rs));
                    } catch (RuntimeException e) {
                        // A shared catalog holds rows other writers (other kbench versions) made: one that does not
                        // read is a catalog error in one line, never an exception that ends the command.
                        throw new SQLException("catalog row " + rs.getString("run_key") + " cannot be read: "
                                + Messages.oneLine(e), e);
                    }
                }
            }
        }
        Collections.reverse(found);
        return found;
    }

    private static void condition(StringBuilder where, List<Object> args, String sql, Object value) {
        if (value != null) {
            where.append(" AND ").append(sql);
            args.add(value);
        }
    }

    private CatalogEntry row(ResultSet rs) throws SQLException {
        String key = rs.getString("run_key");
        RunEnvironment env = new RunEnvironment(rs.getString("cluster_shape"), rs.getString("kbench_version"),
                rs.getString("kafka_client_version"), rs.getString("kafka_broker_version"), rs.getString("client_jdk"),
                rs.getString("broker_jdk"), rs.getString("os"), rs.getString("cpu_model"), rs.getInt("cores"),
                rs.getString("host"));
        Map<CatalogKpi, Double> kpis = new EnumMap<>(CatalogKpi.class);
        for (CatalogKpi k : CatalogKpi.values()) {
            double v = rs.getDouble(k.column());
            if (!rs.wasNull()) {
                kpis.put(k, v);
            }
        }
        String limitedBy = rs.getString("limited_by");
        CatalogEntry.Diagnosis diagnosis = limitedBy == null ? null
                : new CatalogEntry.Diagnosis(limitedBy, rs.getString("diagnosis"), rs.getString("telemetry"));
        return new CatalogEntry(key, EntryKind.of(rs.getString("kind")), rs.getString("workload"), rs.getString("workload_hash"),
                Instant.parse(rs.getString("started_at")), rs.getString("status"), env, rs.getString("git_revision"),
                tags(key), kpis, rs.getLong("errors"), diagnosis, rs.getString("result_dir"),
                RunSetup.parse(rs.getString("setup")));
    }

    private Map<String, String> tags(String key) throws SQLException {
        Map<String, String> tags = new LinkedHashMap<>();
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT tag_key, tag_value FROM run_tags WHERE run_key = ? ORDER BY tag_key")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    tags.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return tags;
    }
}
