package io.kbench.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The layering of docs/architecture.md, checked on the bytecode, so a fully qualified name written inline cannot hide
 * a dependency. Each package lists the kbench packages it may use; everything else is forbidden, and a new package
 * fails {@link #everyPackageHasAPlace()} until it is given a place here and in the doc.
 */
class ArchitectureTest {
    private static final String ROOT = "io.kbench";
    private static final Path MAIN_SOURCES = Path.of("src/main/java/io/kbench");
    private static final Set<String> BOTTOM = Set.of("error", "unit", "format");
    /**
     * package -> the kbench packages it uses directly, every edge that exists and no other (data flows spec ->
     * load/cluster -> measure -> result -> report). docs/architecture.md draws the same edges; {@link
     * #everyEdgeInTheTableIsUsed()} keeps the table from granting an edge nothing needs.
     */
    static final Map<String, Set<String>> MAY_USE = Map.ofEntries(
            Map.entry("cli", Set.of("capacity", "catalog", "client", "cluster", "compare", "console", "distributed", "driver",
                    "experiment", "kpi", "measure", "merge", "release", "report", "result", "spec",
                    "statistics", "telemetry", "error", "format", "unit")),
            Map.entry("experiment", Set.of("client", "cluster", "console", "diagnosis", "distributed", "driver", "fault", "kpi",
                    "load", "measure", "result", "spec", "statistics", "study", "telemetry", "error", "format", "unit")),
            Map.entry("distributed", Set.of("client", "driver", "load", "measure", "result", "spec", "error", "format", "unit")),
            Map.entry("console", Set.of("catalog", "cluster", "compare", "driver", "kpi", "load", "measure", "release", "result", "spec",
                    "statistics", "format", "unit")),
            Map.entry("report", Set.of("catalog", "compare", "kpi", "measure", "result", "spec", "statistics", "study", "error",
                    "unit")),
            Map.entry("study", Set.of("capacity", "kpi", "result", "statistics", "error", "format")),
            Map.entry("compare", Set.of("catalog", "kpi", "statistics", "result", "spec", "error")),
            Map.entry("catalog", Set.of("kpi", "statistics", "result", "spec", "error")),
            Map.entry("capacity", Set.of("result", "error", "format", "unit")),
            Map.entry("merge", Set.of("measure", "result", "spec", "error", "unit")),
            Map.entry("fault", Set.of("cluster", "measure", "result", "spec", "error")),
            Map.entry("load", Set.of("client", "driver", "measure", "result", "spec", "error", "unit")),
            Map.entry("driver", Set.of("measure", "spec", "error", "format")),
            Map.entry("client", Set.of("spec", "error")),
            Map.entry("cluster", Set.of("release", "error", "format")),
            Map.entry("release", Set.of("error", "format")),
            Map.entry("telemetry", Set.of("result", "error", "unit")),
            Map.entry("diagnosis", Set.of("result", "unit")),
            Map.entry("kpi", Set.of("result", "error", "unit")),
            Map.entry("measure", Set.of("result", "statistics", "error", "unit")),
            Map.entry("statistics", Set.of()),
            Map.entry("result", Set.of("spec", "error", "format", "unit")),
            Map.entry("spec", Set.of("release", "error", "format", "unit")),
            Map.entry("format", Set.of("error", "unit")),
            Map.entry("error", Set.of("unit")),
            Map.entry("unit", Set.of()));

    /**
     * Inside {@code result}, one sub-package per document kind: the shared parts at the root use no document, a sweep
     * is made of runs, and only {@code result.io} (the one reader and writer) knows every kind.
     */
    private static final Map<String, Set<String>> RESULT_MAY_USE = Map.of(
            "run", Set.of("telemetry"),
            "telemetry", Set.of(),
            "sweep", Set.of("run"),
            "findmax", Set.of("run"),
            "plan", Set.of(),
            "cost", Set.of(),
            "io", Set.of("run", "telemetry", "sweep", "findmax", "plan", "cost"));

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(ROOT);
    }

    @Test
    void everyPackageHasAPlace() {
        Set<String> packages = classes.stream().map(JavaClass::getPackageName)
                .filter(p -> p.startsWith(ROOT + ".")).map(p -> p.substring(ROOT.length() + 1).split("\\.")[0])
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(MAY_USE.keySet()).as("packages with a place in the layering").containsAll(packages);
        assertThat(classes.stream().filter(c -> c.getPackageName().equals(ROOT))).as("classes directly in " + ROOT).isEmpty();
    }

    @TestFactory
    Iterable<DynamicTest> eachPackageUsesOnlyThePackagesBelowIt() {
        return MAY_USE.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            String[] forbidden = MAY_USE.keySet().stream().filter(p -> !p.equals(e.getKey()) && !e.getValue().contains(p))
                    .map(p -> ROOT + "." + p + "..").toArray(String[]::new);
            if (forbidden.length > 0) {
                noClasses().that().resideInAPackage(ROOT + "." + e.getKey() + "..").should().dependOnClassesThat()
                        .resideInAnyPackage(forbidden).check(classes);
            }
        })).toList();
    }

    @TestFactory
    Iterable<DynamicTest> eachResultDocumentUsesOnlyWhatItIsMadeOf() {
        String result = ROOT + ".result";
        return RESULT_MAY_USE.entrySet().stream().map(e -> DynamicTest.dynamicTest("result." + e.getKey(), () -> {
            String[] forbidden = RESULT_MAY_USE.keySet().stream().filter(p -> !p.equals(e.getKey()) && !e.getValue().contains(p))
                    .map(p -> result + "." + p + "..").toArray(String[]::new);
            noClasses().that().resideInAPackage(result + "." + e.getKey() + "..").should().dependOnClassesThat()
                    .resideInAnyPackage(forbidden).check(classes);
        })).toList();
    }

    @Test
    void theSharedResultPartsUseNoDocument() {
        noClasses().that().resideInAPackage(ROOT + ".result").should().dependOnClassesThat()
                .resideInAnyPackage(RESULT_MAY_USE.keySet().stream().map(p -> ROOT + ".result." + p + "..").toArray(String[]::new))
                .check(classes);
    }

    @Test
    void everyResultSubPackageHasAPlace() {
        Set<String> subs = classes.stream().map(JavaClass::getPackageName).filter(p -> p.startsWith(ROOT + ".result."))
                .map(p -> p.substring((ROOT + ".result.").length()).split("\\.")[0]).collect(Collectors.toCollection(TreeSet::new));
        assertThat(RESULT_MAY_USE.keySet()).as("result sub-packages with a place").containsAll(subs);
    }

    /**
     * The same table, checked on the source: a {@code static final} constant is inlined by javac, so a class that only
     * reads another package's constant leaves no trace in the bytecode; its import (or a qualified name in code)
     * does.
     */
    @Test
    void sourceImportsFollowTheTable() throws IOException {
        List<String> violations = new ArrayList<>();
        SourceEdges.scan(MAIN_SOURCES).forEach(edge -> {
            if (!MAY_USE.getOrDefault(edge.from(), Set.of()).contains(edge.to())) {
                violations.add(edge.file() + ": " + edge.from() + " -> " + edge.to());
            }
        });
        assertThat(violations).as("source references against the layering").isEmpty();
    }

    @Test
    void everyEdgeInTheTableIsUsed() throws IOException {
        Set<String> used = new TreeSet<>();
        classes.forEach(c -> c.getDirectDependenciesFromSelf().forEach(d -> {
            String from = topLevel(c.getPackageName());
            String to = topLevel(d.getTargetClass().getPackageName());
            if (from != null && to != null && !from.equals(to)) {
                used.add(from + " -> " + to);
            }
        }));
        SourceEdges.scan(MAIN_SOURCES).forEach(e -> used.add(e.from() + " -> " + e.to()));
        Set<String> granted = new TreeSet<>();
        MAY_USE.forEach((p, uses) -> uses.forEach(u -> granted.add(p + " -> " + u)));
        granted.removeAll(used);
        assertThat(granted).as("edges MAY_USE grants that no class uses").isEmpty();
    }

    private static String topLevel(String packageName) {
        return packageName.startsWith(ROOT + ".") ? packageName.substring(ROOT.length() + 1).split("\\.")[0] : null;
    }

    @Test
    void theBottomPackagesUseNothingAbove() {
        assertThat(MAY_USE.entrySet().stream().filter(e -> BOTTOM.contains(e.getKey()))
                .allMatch(e -> BOTTOM.containsAll(e.getValue()))).isTrue();
    }

    @Test
    void noPackageCycles() {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void thereIsNoUtilPackage() {
        noClasses().should().resideInAPackage("..util..").check(classes);
    }
}
