package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every package says what it is for: each directory of every module's {@code src/main/java} that
 * holds Java sources has a {@code package-info.java}. A module is a folder of the repository with a
 * {@code pom.xml} and a {@code src/main/java}, whether or not the parent pom lists it.
 */
class PackageDocumentationTest {

    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void everyPackage_hasAPackageInfo() throws IOException {
        List<Path> sourceRoots = sourceRoots();
        TreeSet<String> packages = new TreeSet<>();
        TreeSet<String> undocumented = new TreeSet<>();
        for (Path sourceRoot : sourceRoots) {
            try (Stream<Path> files = Files.walk(sourceRoot)) {
                files.filter(file -> file.getFileName().toString().endsWith(".java"))
                        .map(Path::getParent)
                        .distinct()
                        .forEach(folder -> {
                            String name = ROOT.relativize(folder).toString();
                            packages.add(name);
                            if (!Files.isRegularFile(folder.resolve("package-info.java"))) {
                                undocumented.add(name);
                            }
                        });
            }
        }
        assertThat(sourceRoots).as("modules with src/main/java").hasSizeGreaterThanOrEqualTo(9);
        assertThat(packages).as("packages found").hasSizeGreaterThanOrEqualTo(30);
        assertThat(undocumented)
                .as("packages without a package-info.java (each needs one saying what the package holds)")
                .isEmpty();
    }

    private static List<Path> sourceRoots() throws IOException {
        List<Path> roots = new ArrayList<>();
        try (Stream<Path> folders = Files.list(ROOT)) {
            folders.filter(folder -> Files.isRegularFile(folder.resolve("pom.xml")))
                    .map(folder -> folder.resolve("src/main/java"))
                    .filter(Files::isDirectory)
                    .sorted()
                    .forEach(roots::add);
        }
        return roots;
    }
}
