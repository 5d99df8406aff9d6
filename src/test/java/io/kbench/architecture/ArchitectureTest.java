package io.kbench.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
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
    private static final Set<String> BOTTOM = Set.of("error", "unit", "format");
    /** package -> the kbench packages it may use besides itself; data flows spec -> load/cluster -> measure -> result. */
    private static final Map<String, Set<String>> MAY_USE = Map.ofEntries(
            Map.entry("cli", Set.of("catalog", "history", "changepoint", "gate", "console", "experiment", "distributed", "fault", "report", "diagnosis", "live", "compare", "plan", "cost", "load", "tls", "merge",
                    "integrity", "cluster", "measure", "verdict", "telemetry", "result", "spec", "error", "unit", "format")),
            Map.entry("experiment", Set.of("console", "distributed", "diagnosis", "fault", "load", "integrity", "cluster", "measure", "finding", "verdict",
                    "telemetry", "result", "spec", "error", "unit", "format")),
            Map.entry("distributed", Set.of("load", "measure", "result", "spec", "error", "unit", "format")),
            Map.entry("console", Set.of("finding", "load", "measure", "verdict", "result", "spec", "error", "unit", "format")),
            Map.entry("finding", Set.of("verdict", "result", "error", "unit", "format")),
            Map.entry("report", Set.of("diagnosis", "compare", "plan", "cost", "verdict", "measure", "result", "spec", "error", "unit", "format")),
            Map.entry("live", Set.of("measure", "result", "error", "unit", "format")),
            Map.entry("diagnosis", Set.of("result", "error", "unit", "format")),
            Map.entry("gate", Set.of("catalog", "verdict", "result", "spec", "error", "unit", "format")),
            Map.entry("history", Set.of("catalog", "changepoint", "report", "result", "spec", "error", "unit", "format")),
            Map.entry("catalog", Set.of("result", "spec", "error", "unit", "format")),
            Map.entry("changepoint", Set.of("error", "unit")),
            Map.entry("merge", Set.of("measure", "result", "spec", "error", "unit", "format")),
            Map.entry("compare", Set.of("verdict", "result", "spec", "error", "unit", "format")),
            Map.entry("cost", Set.of("plan", "result", "error", "unit", "format")),
            Map.entry("plan", Set.of("result", "error", "unit", "format")),
            Map.entry("load", Set.of("measure", "integrity", "result", "spec", "error", "unit", "format")),
            Map.entry("integrity", Set.of("result", "error", "unit", "format")),
            Map.entry("fault", Set.of("cluster", "network", "measure", "result", "spec", "error", "unit", "format")),
            Map.entry("cluster", Set.of("network", "error", "unit", "format")),
            Map.entry("network", Set.of("error", "unit")),
            Map.entry("telemetry", Set.of("result", "error", "unit", "format")),
            Map.entry("measure", Set.of("result", "error", "unit", "format")),
            Map.entry("verdict", Set.of("result", "error", "unit", "format")),
            Map.entry("result", Set.of("spec", "error", "unit", "format")),
            Map.entry("spec", Set.of("error", "unit", "format")),
            Map.entry("format", Set.of("error", "unit")),
            Map.entry("error", Set.of("unit")),
            Map.entry("tls", Set.of()),
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
