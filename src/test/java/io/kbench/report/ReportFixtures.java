package io.kbench.report;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The committed report fixtures under src/test/resources/report/. */
final class ReportFixtures {
    private ReportFixtures() {
    }

    static Path path(String name) {
        try {
            return Path.of(ReportFixtures.class.getResource("/report/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A copy of a fixture directory, so a test can change it or write report.html into it. */
    static Path copy(String name, Path into) throws IOException {
        Path src = path(name);
        Path dst = Files.createDirectories(into.resolve(name));
        try (Stream<Path> files = Files.list(src)) {
            for (Path f : files.toList()) {
                Files.copy(f, dst.resolve(f.getFileName()));
            }
        }
        return dst;
    }
}
