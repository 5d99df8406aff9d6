package io.kbench.console;

import io.kbench.format.AlignedTable;
import io.kbench.release.CachedRelease;
import io.kbench.release.KafkaRelease;
import io.kbench.release.ReleaseSource;
import io.kbench.release.ReleaseVersion;
import io.kbench.unit.Units;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code kbench kafka fetch}'s and {@code kbench kafka list}'s lines: which releases are where, and their size. */
public final class ReleaseText {
    private ReleaseText() {
    }

    /** Before a release is resolved: from where into where (the wait that follows is the download). */
    public static void resolving(ReleaseVersion version, String repository, Path cache, PrintStream out) {
        out.println("kafka " + version + ": resolving from " + repository + " into " + cache + " ...");
    }

    /** One line per fetched release, saying whether anything was downloaded, then where its manifest is. */
    public static void fetched(KafkaRelease release, Path cache, Duration took, PrintStream out) {
        String size = release.fileCount() + " files (" + mib(release.bytes()) + " MiB)";
        if (release.source() == ReleaseSource.FETCHED) {
            out.println("kafka " + release.version() + ": fetched into " + cache + ", " + size + ", in "
                    + String.format(Locale.ROOT, "%.1f s", took.toNanos() / Units.NANOS_PER_SECOND));
        } else {
            out.println("kafka " + release.version() + ": in the cache " + cache + ", " + size + ", nothing downloaded");
        }
        out.println("  manifest: " + release.manifest());
    }

    /** kbench's own release, then every release with a manifest in the cache, oldest first. */
    public static void list(ReleaseVersion bundled, Path cache, List<CachedRelease> releases, PrintStream out) {
        out.println("cache: " + cache);
        List<List<String>> table = new ArrayList<>();
        table.add(List.of("version", "files", "MiB", "state"));
        table.add(List.of(bundled.toString(), "-", "-", "bundled: kbench's own, on its classpath"));
        for (CachedRelease r : releases) {
            if (r.manifest() == null) {
                table.add(List.of(r.version().toString(), "-", "-",
                        "unreadable manifest: 'kbench kafka fetch " + r.version() + "' writes it again"));
            } else {
                table.add(List.of(r.version().toString(), String.valueOf(r.manifest().files().size()),
                        mib(r.manifest().bytes()), r.complete() ? "cached, resolved " + r.manifest().resolvedAt().truncatedTo(ChronoUnit.SECONDS)
                                : r.missingFiles() + " file(s) missing: 'kbench kafka fetch " + r.version()
                                        + "' restores them"));
            }
        }
        AlignedTable.print(table, 3, out);
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f", Units.mib(bytes));
    }
}
