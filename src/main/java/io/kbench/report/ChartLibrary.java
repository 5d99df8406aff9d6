package io.kbench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;

/**
 * Chart.js from its WebJar (org.webjars.npm:chart.js) on the classpath, inlined into every report so it works offline.
 */
public final class ChartLibrary {
    static final String NAME = "Chart.js";
    private static final String POM_PROPERTIES = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static volatile String cachedSource;

    private ChartLibrary() {
    }

    /** The WebJar's version, e.g. 4.5.1. */
    public static String version() {
        try (InputStream in = resource(POM_PROPERTIES)) {
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + POM_PROPERTIES, e);
        }
    }

    /** The minified UMD bundle, without its source-map comment, safe to place inside a script element. */
    public static String source() {
        String s = cachedSource;
        if (s == null) {
            String path = "META-INF/resources/webjars/chart.js/" + version() + "/dist/chart.umd.min.js";
            try (InputStream in = resource(path)) {
                s = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                        .replaceAll("(?m)^//# sourceMappingURL=.*$", "");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + path, e);
            }
            if (s.toLowerCase(Locale.ROOT).contains("</script")) {
                throw new IllegalStateException(path + " contains </script and cannot be inlined");
            }
            cachedSource = s;
        }
        return s;
    }

    private static InputStream resource(String path) throws IOException {
        InputStream in = ChartLibrary.class.getClassLoader().getResourceAsStream(path);
        if (in == null) {
            throw new IOException(path + " is not on the classpath (the org.webjars.npm:chart.js dependency is missing)");
        }
        return in;
    }
}
