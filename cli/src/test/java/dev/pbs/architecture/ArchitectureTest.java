package dev.pbs.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The architecture the modules promise, checked on every build over the main classes of every
 * module the command line includes (all but the node launcher and the benchmarks): no package
 * depends on itself through others, and the core never sees HTTP, JSON or a framework.
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        // Other modules' test jars (fixtures and ITs on this module's test classpath) are tests too.
        ImportOption noTestJars = location -> !location.contains("-tests.jar");
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(noTestJars)
                .importPackages("dev.pbs");
    }

    @Test
    void importedClasses_coverEveryModuleOfTheCommandLine() {
        for (String module : new String[] {
            "dev.pbs.model",
            "dev.pbs.montecarlo",
            "dev.pbs.questions",
            "dev.pbs.formats",
            "dev.pbs.cassandra",
            "dev.pbs.service",
            "dev.pbs.cli"
        }) {
            org.assertj.core.api.Assertions.assertThat(classes.stream()
                            .anyMatch(type -> type.getPackageName().startsWith(module)))
                    .as(module)
                    .isTrue();
        }
    }

    @Test
    void packages_haveNoCycles() {
        slices().matching("dev.pbs.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void core_importsNoHttpJsonOrFrameworkType() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.pbs.model..", "dev.pbs.montecarlo..", "dev.pbs.questions..", "dev.pbs.service.core..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "jakarta..",
                        "javax.ws..",
                        "javax.servlet..",
                        "com.fasterxml.jackson..",
                        "io.dropwizard..",
                        "org.eclipse.jetty..",
                        "org.glassfish..",
                        "io.swagger..",
                        "picocli..",
                        "com.datastax..")
                .check(classes);
    }

    @Test
    void modelAndEngine_knowNothingOfTheEdges() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.pbs.model..", "dev.pbs.montecarlo..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.pbs.questions..",
                        "dev.pbs.formats..",
                        "dev.pbs.service..",
                        "dev.pbs.cli..",
                        "dev.pbs.cassandra..")
                .check(classes);
    }

    @Test
    void service_neverUsesTheCommandLine() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.pbs.service..", "dev.pbs.formats..", "dev.pbs.questions..", "dev.pbs.cassandra..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.pbs.cli..")
                .check(classes);
    }
}
