package io.kbench.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Golden files, as JMH tests its result formats: the exact text a user sees is kept under
 * {@code src/test/resources/golden/} and compared byte for byte. {@code -Dgolden.update=true} rewrites them; review the
 * diff before committing it.
 */
final class GoldenFiles {
    private static final Path DIR = Path.of("src/test/resources/golden");
    /** Real kbench result files and a few written for the golden tests (golden/inputs/). */
    private static final Path RESOURCES = Path.of("src/test/resources");
    /** A locale with a decimal comma and a dot for grouping: output that leaks the default locale differs here. */
    static final Locale COMMA_LOCALE = Locale.GERMANY;

    private GoldenFiles() {
    }

    /** Renders under Locale.US and under {@link #COMMA_LOCALE}; both must equal the golden file. */
    static void assertMatchesInBothLocales(String name, Supplier<String> render) {
        String plain = inLocale(Locale.US, render);
        String comma = inLocale(COMMA_LOCALE, render);
        assertMatches(name, plain);
        assertThat(comma).as("%s rendered under %s", name, COMMA_LOCALE).isEqualTo(plain);
    }

    /** What {@code body} prints, as UTF-8 text (the print methods under test take a PrintStream). */
    static String printed(Consumer<PrintStream> body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            body.accept(out);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** A file under src/test/resources, e.g. {@code report/run-sample/result.json}. */
    static Path resource(String relative) {
        Path file = RESOURCES.resolve(relative);
        assertThat(file).as("test input").exists();
        return file;
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
