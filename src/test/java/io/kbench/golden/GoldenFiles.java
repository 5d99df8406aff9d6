package io.kbench.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Golden files, as JMH tests its result formats: the exact text a user sees is kept under
 * {@code src/test/resources/golden/} and compared byte for byte. {@code -Dgolden.update=true} rewrites them; review the
 * diff before committing it.
 */
final class GoldenFiles {
    private static final Path DIR = Path.of("src/test/resources/golden");
    /** A locale with a decimal comma and a dot for grouping: output that leaks the default locale differs here. */
    static final Locale COMMA_LOCALE = Locale.GERMANY;

    private GoldenFiles() {
    }

    /** Renders under the JVM's locale and under {@link #COMMA_LOCALE}; both must equal the golden file. */
    static void assertMatchesInBothLocales(String name, Supplier<String> render) {
        String plain = inLocale(Locale.US, render);
        String comma = inLocale(COMMA_LOCALE, render);
        assertMatches(name, plain);
        assertThat(comma).as("%s rendered under %s", name, COMMA_LOCALE).isEqualTo(plain);
    }

    static void assertMatches(String name, String actual) {
        Path file = DIR.resolve(name);
        try {
            if (Boolean.getBoolean("golden.update") || !Files.exists(file)) {
                Files.createDirectories(DIR);
                Files.writeString(file, actual, StandardCharsets.UTF_8);
                assertThat(Boolean.getBoolean("golden.update")).as("golden file %s was missing and has been written;"
                        + " review it and run again", file).isTrue();
            }
            assertThat(actual).as("output against golden file %s (-Dgolden.update=true rewrites it)", file)
                    .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String inLocale(Locale locale, Supplier<String> render) {
        Locale saved = Locale.getDefault();
        Locale.setDefault(locale);
        try {
            return render.get();
        } finally {
            Locale.setDefault(saved);
        }
    }
}
