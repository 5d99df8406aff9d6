package io.kbench.catalog;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code kbench catalog import PATH...}: every kbench result under the paths (each run's result.json, so every
 * sweep repetition and find-max probe; a find-max answer; a sweep.json's point medians), added once however often
 * imported. JSON that names no kbench kind is passed over; a result file the reader refuses is one line.
 */
public final class CatalogImport {
    /** Deep enough for results/sweep/points/point/repetition and a few levels of grouping above. */
    private static final int MAX_DEPTH = 8;

    private CatalogImport() {
    }

    /**
     * What an import did.
     *
     * @param files    result files read
     * @param added    entries new to the catalog
     * @param already  entries it held already
     * @param failures one line per file the reader refused or run the database refused
     */
    public record Report(int files, int added, int already, List<String> failures) {
        public Report {
            failures = List.copyOf(failures);
        }
    }

    public static Report run(Catalog catalog, List<Path> paths) throws SQLException {
        int files = 0;
        List<CatalogEntry> all = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (Path file : resultFiles(paths)) {
            List<CatalogEntry> entries;
            try {
                entries = ResultFiles.entries(file, null, null);
            } catch (IOException | RuntimeException e) {
                failures.add(file + ": " + Messages.oneLine(e));
                continue;
            }
            files++;
            all.addAll(entries);
        }
        int readFailures = failures.size();
        int added = catalog.addAll(all, failures);
        return new Report(files, added, all.size() - added - (failures.size() - readFailures), failures);
    }

    /** The run entries of the results at {@code paths}, without a catalog; a file the reader refuses is an input error. */
    public static List<CatalogEntry> read(List<Path> paths) {
        List<CatalogEntry> entries = new ArrayList<>();
        for (Path file : resultFiles(paths)) {
            try {
                ResultFiles.entries(file, null, null).stream().filter(e -> e.kind() == EntryKind.RUN).forEach(entries::add);
            } catch (IOException e) {
                throw new InvalidInputException(file + ": " + Messages.oneLine(e), e);
            }
        }
        return entries;
    }

    private static List<Path> resultFiles(List<Path> paths) {
        List<Path> found = new ArrayList<>();
        for (Path path : paths) {
            if (Files.isRegularFile(path)) {
                found.add(path);
                continue;
            }
            if (!Files.isDirectory(path)) {
                throw InvalidInputException.field("catalog import", path, "is neither a file nor a directory");
            }
            try (Stream<Path> files = Files.walk(path, MAX_DEPTH)) {
                files.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f))
                        .filter(ResultFiles::namesKind).sorted().forEach(found::add);
            } catch (IOException | java.io.UncheckedIOException e) {
                throw new InvalidInputException(path + ": cannot list: " + Messages.oneLine(e), e);
            }
        }
        return found;
    }
}
