package io.kbench.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Import into a real SQLite file: every result the project ships, idempotently. */
class CatalogImportTest {
    private static final List<Path> SHIPPED = List.of(Path.of("docs/studies/data"), Path.of("bench/results"),
            Path.of("src/test/resources/legacy"));

    @Test
    void importsEveryShippedResultOnceHoweverOftenImported(@TempDir Path dir) throws Exception {
        CatalogUrl url = CatalogUrl.parse(dir.resolve("catalog.sqlite").toString());
        CatalogImport.Report first;
        try (Catalog catalog = Catalog.open(url)) {
            first = CatalogImport.run(catalog, SHIPPED);
        }
        assertThat(first.failures()).isEmpty();
        assertThat(first.files()).isGreaterThanOrEqualTo(23);
        assertThat(first.added()).isGreaterThan(first.files());
        try (Catalog catalog = Catalog.open(url)) {
            CatalogImport.Report again = CatalogImport.run(catalog, SHIPPED);
            assertThat(again.added()).isZero();
            // Everything the first import saw, including a result it met twice (a point's run kept both in its sweep
            // and on its own), is there the second time.
            assertThat(again.already()).isEqualTo(first.added() + first.already());
            List<CatalogEntry> runs = catalog.find(new CatalogQuery(null, null, null, null, null, null, null, 0));
            assertThat(runs).hasSize(first.added());
            assertThat(runs).extracting(CatalogEntry::kind).contains(EntryKind.RUN, EntryKind.SWEEP_POINT,
                    EntryKind.FIND_MAX);
        }
    }

    @Test
    void aRunReadsBackWithItsIdentityAndFigures(@TempDir Path dir) throws Exception {
        CatalogUrl url = CatalogUrl.parse(dir.resolve("c.sqlite").toString());
        try (Catalog catalog = Catalog.open(url)) {
            CatalogImport.run(catalog, List.of(Path.of("docs/studies/data/s5-long.json")));
            List<CatalogEntry> runs = catalog.find(new CatalogQuery(EntryKind.RUN, null, null, null, null, null, null, 0));
            assertThat(runs).hasSize(1);
            CatalogEntry run = runs.get(0);
            assertThat(run.workloadHash()).hasSize(64);
            assertThat(run.environment().clusterShape()).contains("broker");
            assertThat(run.kpi(CatalogKpi.PRODUCED_RECORDS_PER_SEC)).isPresent();
            assertThat(run.resultDir()).endsWith("s5-long.json");
        }
    }

    @Test
    void aFileThatIsNoResultIsOneLineAndTheRestImports(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("result.json"), "{\"kind\": \"run\", \"schemaVersion\": 1}");
        try (Catalog catalog = Catalog.open(CatalogUrl.parse(dir.resolve("c.sqlite").toString()))) {
            CatalogImport.Report report = CatalogImport.run(catalog, List.of(dir,
                    Path.of("docs/studies/data/s5-long.json")));
            assertThat(report.failures()).singleElement().asString().startsWith(bad.toString()).doesNotContain("\n");
            assertThat(report.added()).isEqualTo(1);
        }
    }
}
