package io.kbench.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
    private static final Set<String> BOTTOM = Set.of("error", "unit", "format");
    private static final Pattern ARROW = Pattern.compile("(?m)^\\s+(\\w+) --> (\\w+)$");
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

    /** The picture draws the table's edges less those a path of other edges implies; the bottom packages apart. */
    @Test
    void thePictureIsTheTablesTransitiveReduction() {
        Set<String> drawn = new TreeSet<>();
        Matcher m = ARROW.matcher(picture());
        while (m.find()) {
            drawn.add(m.group(1) + " --> " + m.group(2));
        }
        Map<String, Set<String>> graph = new TreeMap<>();
        ArchitectureTest.MAY_USE.forEach((p, uses) -> {
            if (!BOTTOM.contains(p)) {
                graph.put(p, uses.stream().filter(u -> !BOTTOM.contains(u)).collect(Collectors.toSet()));
            }
        });
        Set<String> reduction = new TreeSet<>();
        graph.forEach((p, uses) -> uses.stream().filter(u -> !reachable(graph, p, u)).forEach(u -> reduction.add(p + " --> " + u)));
        assertThat(drawn).as("arrows of the mermaid picture in docs/architecture.md").isEqualTo(reduction);
    }

    /** Whether {@code to} is reachable from {@code from} without the direct edge between them. */
    private static boolean reachable(Map<String, Set<String>> graph, String from, String to) {
        Deque<String> todo = new ArrayDeque<>(graph.get(from).stream().filter(u -> !u.equals(to)).toList());
        Set<String> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            String next = todo.pop();
            if (next.equals(to)) {
                return true;
            }
            if (seen.add(next)) {
                todo.addAll(graph.getOrDefault(next, Set.of()));
            }
        }
        return false;
    }

    private static String picture() {
        int from = doc.indexOf("```mermaid");
        return doc.substring(from, doc.indexOf("subgraph", from));
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
