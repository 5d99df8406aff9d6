package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.catalog.Catalog;
import io.kbench.catalog.CatalogQuery;
import io.kbench.catalog.CatalogUrl;
import io.kbench.experiment.ResultListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A catalog on a full disk (issue 28): the results directory and its catalog.sqlite on a real 1 MiB tmpfs, filled to
 * the last page before the run is recorded through the listener a run uses. The recording costs one line, the run's
 * files stay as written, no partial row is left, and {@code kbench catalog import DIR} adds the run once space is free.
 */
class CatalogFullDiskTest {
    private static final Path PROBE = Path.of("src/test/resources/legacy/0.1.0-cf2bc0a/find-max/probes/02-200");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private Path disk;
    private boolean mounted;

    @BeforeEach
    void mountTinyDisk() throws Exception {
        assumeTrue(((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0,
                "a full catalog disk is a tmpfs mounted for the test, which needs root");
        disk = Files.createDirectories(tmp.resolve("disk"));
        String failed = command("mount", "-t", "tmpfs", "-o", "size=1m,mode=0755", "kbench-full-catalog", disk.toString());
        assumeTrue(failed == null, "mount -t tmpfs is unavailable here: " + failed);
        mounted = true;
    }

    @AfterEach
    void unmount() throws Exception {
        if (mounted) {
            String failed = command("umount", disk.toString());
            assertThat(failed).as("the test's tmpfs is released").isNull();
        }
    }

    @Test
    void aFullDiskCostsTheRowNotTheRunAndImportAddsItOnceSpaceIsFree() throws Exception {
        Path results = disk.resolve("results");
        CatalogUrl url = CatalogUrl.defaultFor(results);
        Path before = result(results, "run-0", 0);
        assertThat(record(results, before)).startsWith("catalog: recorded in ");

        Path dir = result(results, "run-1", 1);
        Map<String, byte[]> written = files(dir);
        Path filler = fill(disk);
        String line = record(results, dir);
        assertOneLineNamingImport(line, dir);
        assertThat(files(dir)).as("the run's files are as written").containsExactlyInAnyOrderEntriesOf(written);

        Files.delete(filler);
        assertThat(rows(url, "SELECT COUNT(*) FROM runs")).as("no partial row: only the run recorded before").isEqualTo(1);
        assertThat(rows(url, "SELECT COUNT(*) FROM run_tags WHERE run_key NOT IN (SELECT run_key FROM runs)")).isZero();
        CliRun imported = CliRun.of("catalog", "import", dir.toString(), "--catalog", url.toString());
        assertThat(imported.exitCode()).as(imported.stdout() + imported.stderr()).isZero();
        assertThat(imported.stdout()).contains("1 entry added, 0 already there");
        try (Catalog catalog = Catalog.open(url)) {
            assertThat(catalog.find(CatalogQuery.workload("tiny-fm")))
                    .extracting(e -> Path.of(e.resultDir()).getFileName().toString()).containsExactly("run-0", "run-1");
        }
    }

    @Test
    void aNewCatalogOnAFullDiskCostsOneLineAndImportCreatesItLater() throws Exception {
        Path results = disk.resolve("results");
        Path dir = result(results, "run-0", 0);
        Map<String, byte[]> written = files(dir);
        Path filler = fill(disk);
        assertOneLineNamingImport(record(results, dir), dir);
        assertThat(files(dir)).as("the run's files are as written").containsExactlyInAnyOrderEntriesOf(written);

        Files.delete(filler);
        CliRun imported = CliRun.of("catalog", "import", dir.toString(), "--catalog", CatalogUrl.defaultFor(results).toString());
        assertThat(imported.exitCode()).as(imported.stdout() + imported.stderr()).isZero();
        assertThat(imported.stdout()).contains("1 entry added, 0 already there");
    }

    private static void assertOneLineNamingImport(String line, Path dir) {
        // The cause as SQLite names it, not an error from cleaning up after it (a rollback, a commit of nothing).
        assertThat(line).startsWith("catalog: not recorded in ").contains("database or disk is full")
                .contains("kbench catalog import " + dir).doesNotContain("\n").doesNotContain("Exception").doesNotContain("\tat ");
    }

    /** What a run prints after its results line, through the same listener {@code run}, sweep and find-max use. */
    private static String record(Path results, Path dir) {
        ResultListener listener = new CatalogOptions().listener((d, out) -> { }, results, null, System.err);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            listener.written(dir, out);
        }
        return bytes.toString(StandardCharsets.UTF_8).stripTrailing();
    }

    /** A copy of a real find-max probe's result directory, its start time moved so each copy is a distinct run. */
    private static Path result(Path results, String name, int minute) throws IOException {
        Path dir = Files.createDirectories(results.resolve(name));
        try (Stream<Path> files = Files.list(PROBE)) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        ObjectNode tree = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        tree.put("startTime", Instant.parse("2026-11-20T10:00:00Z").plusSeconds(60L * minute).toString());
        JSON.writeValue(dir.resolve("result.json").toFile(), tree);
        return dir;
    }

    private static Map<String, byte[]> files(Path dir) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(dir)) {
            for (Path f : list.toList()) {
                files.put(f.getFileName().toString(), Files.readAllBytes(f));
            }
        }
        return files;
    }

    /** Writes a file until the filesystem refuses another byte; returns it. */
    private static Path fill(Path mount) throws IOException {
        Path filler = mount.resolve("filler");
        try (OutputStream out = Files.newOutputStream(filler)) {
            for (int chunk = 64 * 1024; chunk > 0; chunk /= 2) {
                byte[] bytes = new byte[chunk];
                try {
                    while (true) {
                        out.write(bytes);
                        out.flush();
                    }
                } catch (IOException full) {
                    // this chunk no longer fits: try a smaller one, down to a single byte
                }
            }
        } catch (IOException full) {
            // closing flushes nothing more: the disk is full
        }
        assertThat(Files.getFileStore(mount).getUsableSpace()).as("the disk is full").isZero();
        return filler;
    }

    private static long rows(CatalogUrl url, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(url.jdbc()); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Runs a host command; null when it succeeded, else its exit code and output in one line. */
    private static String command(String... args) throws Exception {
        Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int code = p.waitFor();
        return code == 0 ? null : String.join(" ", args) + " exited " + code + ": " + output.replace('\n', ' ');
    }
}
