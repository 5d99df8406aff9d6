package io.kbench.catalog;

import io.kbench.result.io.ResultWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Records each result directory in the catalog right after its files are written. Never throws: a catalog that is
 * locked, corrupt, full or unreachable costs the catalog entry, not the run, and the returned line says how to add
 * it later ({@code kbench catalog import DIR}).
 */
public final class CatalogRecorder {
    private final CatalogUrl url;
    private final String gitRevision;
    private final String host;

    /**
     * @param gitRevision the workload file's commit, or null
     */
    public CatalogRecorder(CatalogUrl url, String gitRevision) {
        this.url = url;
        this.gitRevision = gitRevision;
        this.host = hostName();
    }

    /** One line for the terminal: recorded, already there, or why not; empty for a directory that holds no run. */
    public Optional<String> record(Path dir) {
        try {
            Path file = dir.resolve(ResultWriter.FILE_NAME);
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            List<CatalogEntry> entries = ResultFiles.entries(file, host, gitRevision);
            if (entries.isEmpty()) {
                return Optional.empty();
            }
            try (Catalog catalog = Catalog.open(url)) {
                int added = 0;
                for (CatalogEntry entry : entries) {
                    added += catalog.add(entry) ? 1 : 0;
                }
                return Optional.of("catalog: " + (added > 0 ? "recorded in " : "already in ") + url);
            }
        } catch (Exception e) {
            return Optional.of("catalog: not recorded in " + url + ": " + Messages.oneLine(e)
                    + "; the run's files are complete, add it later with: kbench catalog import " + dir);
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return null;
        }
    }
}
