package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * CONTRIBUTING.md says what the build has: its module table lists exactly the root POM's modules,
 * and every tagged test is named there and left out of the ordinary {@code mvn verify}: the
 * end-to-end tests and the long tier (tags {@code end-to-end} and {@code fidelity}) run under
 * {@code -Pfidelity}, every other tag's tests are given with the command that runs them.
 */
class DocumentationDriftTest {

    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern TABLE_MODULE = Pattern.compile("^\\| `([a-z-]+)` \\|", Pattern.MULTILINE);
    private static final Pattern PROPERTY = Pattern.compile("\\$\\{([a-z.-]+)\\}");
    private static final Pattern TAG = Pattern.compile("@Tag\\(\"([a-z-]+)\"\\)");

    @Test
    void moduleTable_listsThePomsModules() throws IOException {
        Set<String> modules = new TreeSet<>();
        Matcher pom = MODULE.matcher(Files.readString(ROOT.resolve("pom.xml")));
        while (pom.find()) {
            modules.add(pom.group(1));
        }
        String contributing = Files.readString(ROOT.resolve("CONTRIBUTING.md"));
        String section = contributing.substring(contributing.indexOf("## Modules"));
        section = section.substring(0, section.indexOf("\n## ", 3));
        Set<String> documented = new TreeSet<>();
        Matcher table = TABLE_MODULE.matcher(section);
        while (table.find()) {
            documented.add(table.group(1));
        }
        assertThat(modules).hasSizeGreaterThan(5);
        assertThat(documented).isEqualTo(modules);
    }

    @Test
    void everyTaggedTest_isDocumentedWithItsCommand_andLeftOutOfTheOrdinaryBuild() throws IOException {
        TreeMap<String, String> tagOfTest = new TreeMap<>();
        for (Path test : testSources()) {
            Matcher tag = TAG.matcher(Files.readString(test));
            if (tag.find()) {
                tagOfTest.put(test.getFileName().toString().replace(".java", ""), tag.group(1));
            }
        }
        assertThat(tagOfTest).containsValues("fidelity", "end-to-end");
        String contributing = Files.readString(ROOT.resolve("CONTRIBUTING.md"));
        String pom = Files.readString(ROOT.resolve("pom.xml"));
        String ordinaryIntegration = element(pom, "it.groups", pom);
        String ordinaryUnit = element(pom, "unit.excludedGroups", pom);
        String fromProfile = pom.substring(pom.indexOf("<id>fidelity</id>"));
        String everyTest = element(fromProfile.substring(0, fromProfile.indexOf("</profile>")), "it.groups", pom);
        List<String> problems = new ArrayList<>();
        tagOfTest.forEach((test, tag) -> {
            boolean inEveryTestBuild = tag.equals("fidelity") || tag.equals("end-to-end");
            if (!contributing.contains("`" + test + "`")) {
                problems.add(test + " is not named in CONTRIBUTING.md");
            }
            if (!inEveryTestBuild && !contributing.contains("-Dit.groups=" + tag)) {
                problems.add(test + ": CONTRIBUTING.md does not give the command with -Dit.groups=" + tag);
            }
            boolean integration = test.endsWith("IT");
            boolean leftOut = integration
                    ? ordinaryIntegration.contains("!" + tag + " ") || ordinaryIntegration.endsWith("!" + tag)
                    : ordinaryUnit.equals(tag);
            if (!leftOut) {
                problems.add(test + ": its tag " + tag + " is not left out of mvn verify");
            }
            if (tag.equals("end-to-end") && everyTest.contains("!end-to-end")) {
                problems.add(test + ": -Pfidelity leaves out its tag " + tag);
            }
        });
        assertThat(problems).isEmpty();
    }

    /** The first value of a POM element in {@code text}, read as {@link #resolved}. */
    private static String element(String text, String name, String pom) {
        Matcher value = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(text);
        assertThat(value.find()).as("pom.xml has <%s>", name).isTrue();
        return resolved(value.group(1), pom);
    }

    /** A POM value with {@code &amp;} read as {@code &} and each {@code ${property}} replaced by its value. */
    private static String resolved(String value, String pom) {
        return PROPERTY.matcher(value.replace("&amp;", "&"))
                .replaceAll(reference -> Matcher.quoteReplacement(element(pom, reference.group(1), pom)));
    }

    private static List<Path> testSources() throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.toList()) {
                Path tests = module.resolve("src/test/java");
                if (Files.isDirectory(tests)) {
                    try (Stream<Path> files = Files.walk(tests)) {
                        files.filter(file -> file.toString().endsWith(".java")).forEach(sources::add);
                    }
                }
            }
        }
        return sources;
    }
}
