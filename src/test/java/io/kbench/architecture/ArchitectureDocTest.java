package io.kbench.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md names every package in its table (a row starting {@code | `name` |}) and in its picture, and
 * names no package that no longer exists, so the doc cannot drift from the code again.
 */
class ArchitectureDocTest {
    private static final String ROOT = "io.kbench.";
    private static final Pattern TABLE_ROW = Pattern.compile("(?m)^\\| `([a-z.]+)` \\|");
    private static Set<String> packages;
    private static String doc;

    @BeforeAll
    static void load() throws IOException {
        packages = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.kbench").stream().map(JavaClass::getPackageName).filter(p -> p.startsWith(ROOT))
                .map(p -> p.substring(ROOT.length())).collect(Collectors.toCollection(TreeSet::new));
        doc = Files.readString(Path.of("docs/architecture.md"));
    }

    @Test
    void theTableNamesEveryPackageAndNoOther() {
        Set<String> rows = new TreeSet<>();
        Matcher m = TABLE_ROW.matcher(doc);
        while (m.find()) {
            rows.add(m.group(1));
        }
        assertThat(rows).as("packages in the table of docs/architecture.md").isEqualTo(packages);
    }

    @Test
    void thePictureNamesEveryTopLevelPackage() {
        int from = doc.indexOf("```mermaid");
        String picture = doc.substring(from, doc.indexOf("```", from + 3));
        Set<String> missing = packages.stream().map(p -> p.split("\\.")[0])
                .filter(p -> !Pattern.compile("\\b" + p + "\\b").matcher(picture).find())
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(missing).as("packages missing from the mermaid picture of docs/architecture.md").isEmpty();
    }
}
