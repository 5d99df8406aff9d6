package io.kbench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The report's own CSS and JavaScript, kept as resource files (src/main/resources/io/kbench/report) and inlined. */
final class ReportAssets {
    private ReportAssets() {
    }

    /** The text of {@code name} next to this class on the classpath; missing means a broken build, not bad input. */
    static String text(String name) {
        try (InputStream in = ReportAssets.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("report asset " + name + " is not on the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read report asset " + name, e);
        }
    }
}
