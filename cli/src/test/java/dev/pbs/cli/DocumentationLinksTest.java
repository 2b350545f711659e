package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documentation stands alone: every relative Markdown link in README.md, CONTRIBUTING.md and
 * docs/*.md resolves to a file in the repository (a link that leaves it, relative or absolute, counts
 * as broken), and the README stays short.
 */
class DocumentationLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void everyRelativeLink_resolvesInsideTheRepository() throws IOException {
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path document : documents()) {
            String text = Files.readString(document);
            Matcher matcher = LINK.matcher(text);
            while (matcher.find()) {
                String target = matcher.group(1);
                if (target.startsWith("http://")
                        || target.startsWith("https://")
                        || target.startsWith("#")
                        || target.startsWith("mailto:")) {
                    continue;
                }
                links++;
                Path file = document.getParent()
                        .resolve(target.replaceFirst("#.*$", ""))
                        .normalize();
                if (!file.startsWith(ROOT) || !Files.exists(file)) {
                    broken.add(ROOT.relativize(document) + " -> " + target);
                }
            }
        }
        assertThat(links).isGreaterThan(10);
        assertThat(broken).isEmpty();
    }

    @Test
    void readme_isAtMostAbout250Lines() throws IOException {
        assertThat(Files.readAllLines(ROOT.resolve("README.md"))).hasSizeLessThanOrEqualTo(250);
    }

    private static List<Path> documents() throws IOException {
        List<Path> documents = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).forEach(documents::add);
        }
        return documents;
    }
}
