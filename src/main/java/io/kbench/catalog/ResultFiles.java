package io.kbench.catalog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads one file kbench wrote into catalog entries. */
final class ResultFiles {
    /** A result file larger than this is refused rather than read whole (a long run's result.json is a few MiB). */
    static final long MAX_BYTES = 256L * 1024 * 1024;
    private static final JsonFactory JSON = new JsonFactory();

    private ResultFiles() {
    }

    /** Whether {@code file} is JSON naming a kbench kind (run, sweep, find-max); other JSON is not a result. */
    static boolean namesKind(Path file) {
        try {
            if (Files.size(file) > MAX_BYTES) {
                return true; // let entries() refuse it with a line naming it
            }
            return hasTopLevelKind(file);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Streams the file's top-level fields until one is named {@code kind}, skipping every value unread: a file of
     * hundreds of MiB is never held in memory just to learn what it is, and a result that names its kind first (as
     * kbench writes it) is decided after a few bytes.
     */
    static boolean hasTopLevelKind(Path file) throws IOException {
        try (JsonParser parser = JSON.createParser(file.toFile())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            for (JsonToken t = parser.nextToken(); t == JsonToken.FIELD_NAME; t = parser.nextToken()) {
                if ("kind".equals(parser.currentName())) {
                    return true;
                }
                parser.nextToken();
                parser.skipChildren();
            }
            return false;
        }
    }

    /** The file's entries; an unreadable or invalid file throws its one-line error. */
    static List<CatalogEntry> entries(Path file, String host, String gitRevision) throws IOException {
        if (Files.size(file) > MAX_BYTES) {
            throw new IOException("larger than " + MAX_BYTES / (1024 * 1024) + " MiB");
        }
        byte[] bytes = Files.readAllBytes(file);
        // A result directory is named by its directory (its report sits there); a lone file by itself.
        String name = file.getFileName().toString();
        Path where = name.equals(ResultWriter.FILE_NAME) || name.equals(SweepResult.FILE_NAME) ? file.getParent() : file;
        return EntryReader.entries(ResultReader.read(file), bytes, where, host, gitRevision);
    }
}
