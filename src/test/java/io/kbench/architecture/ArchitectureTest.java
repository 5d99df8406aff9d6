package io.kbench.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of docs/architecture.md, checked on the bytecode, so a fully qualified name written inline cannot hide
 * a dependency. Each layer may use the layers below it, never one above.
 */
class ArchitectureTest {
    private static final String ROOT = "io.kbench";
    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(ROOT);
    }

    @Test
    void noPackageCycles() {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void layersPointOneWay() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("cli").definedBy(ROOT + ".cli..")
                .layer("experiment").definedBy(ROOT + ".experiment..")
                .layer("readers").definedBy(ROOT + ".report..", ROOT + ".compare..", ROOT + ".plan..", ROOT + ".cost..")
                .layer("load").definedBy(ROOT + ".load..")
                .layer("cluster").definedBy(ROOT + ".cluster..")
                .layer("measure").definedBy(ROOT + ".measure..")
                .layer("verdict").definedBy(ROOT + ".verdict..")
                .layer("result").definedBy(ROOT + ".result..")
                .layer("spec").definedBy(ROOT + ".spec..")
                .layer("bottom").definedBy(ROOT + ".error..", ROOT + ".unit..", ROOT + ".format..")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("experiment").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("readers").mayOnlyBeAccessedByLayers("cli", "readers")
                .whereLayer("load").mayOnlyBeAccessedByLayers("cli", "experiment")
                .whereLayer("cluster").mayOnlyBeAccessedByLayers("cli", "experiment")
                .whereLayer("measure").mayOnlyBeAccessedByLayers("cli", "experiment", "readers", "load")
                .whereLayer("verdict").mayOnlyBeAccessedByLayers("cli", "experiment", "readers", "load", "measure")
                .whereLayer("result").mayOnlyBeAccessedByLayers("cli", "experiment", "readers", "load", "measure", "verdict")
                .whereLayer("spec").mayOnlyBeAccessedByLayers("cli", "experiment", "readers", "load", "cluster", "measure",
                        "verdict", "result")
                .check(classes);
    }

    @Test
    void experimentsDoNotRenderReports() {
        noClasses().that().resideInAPackage(ROOT + ".experiment..").should().dependOnClassesThat()
                .resideInAPackage(ROOT + ".report..").check(classes);
    }

    @Test
    void theClusterKnowsNothingOfResults() {
        noClasses().that().resideInAPackage(ROOT + ".cluster..").should().dependOnClassesThat()
                .resideInAnyPackage(ROOT + ".result..", ROOT + ".load..", ROOT + ".measure..").check(classes);
    }

    @Test
    void thereIsNoUtilPackage() {
        noClasses().should().resideInAPackage("..util..").check(classes);
    }
}
