package dev.pbs.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The licence check the build runs (license-maven-plugin as pbs-parent configures it, with the
 * policy in {@code distribution/src/license}) on a project of one Apache-2.0 dependency: it passes
 * with the real policy and fails when that licence is not in the allowed list. Runs Maven offline
 * (the build before it resolved the plugin).
 */
class LicenceCheckIT {

    private static final Path MODULE = Path.of(System.getProperty("pbs.distribution.module"));
    private static final Path POLICY = MODULE.resolve("src/license");

    @Test
    void check_licenceInTheAllowedList_passesAndListsIt() throws Exception {
        Build build = build("licence-fixture-allowed", POLICY);

        assertThat(build.status()).as(build.output()).isZero();
        assertThat(Files.readString(build.project().resolve("target/generated-sources/license/THIRD-PARTY.txt")))
                .contains("(Apache-2.0) picocli (info.picocli:picocli:");
    }

    @Test
    void check_licenceNotInTheAllowedList_failsTheBuildNamingIt() throws Exception {
        Path policy = Files.createDirectories(MODULE.resolve("target/licence-policy-without-apache"));
        try (Stream<Path> files = Files.list(POLICY)) {
            for (Path file : files.toList()) {
                Files.copy(file, policy.resolve(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        List<String> allowed = Files.readAllLines(policy.resolve("allowed-licences.txt"));
        Files.write(
                policy.resolve("allowed-licences.txt"),
                allowed.stream().filter(line -> !line.equals("Apache-2.0")).collect(Collectors.toList()));

        Build build = build("licence-fixture-unlisted", policy);

        assertThat(build.status()).isNotZero();
        assertThat(build.output())
                .contains("forbidden licenses")
                .contains("License: 'Apache-2.0'")
                .contains("info.picocli:picocli:");
    }

    private record Build(Path project, int status, String output) {}

    private static Build build(String folder, Path policy) throws Exception {
        Path project = Files.createDirectories(MODULE.resolve("target").resolve(folder));
        Files.copy(
                MODULE.resolve("src/test/licence-fixture/pom.xml"),
                project.resolve("pom.xml"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("maven.home"), "bin", "mvn").toString(),
                "-o",
                "-B",
                "-f",
                project.resolve("pom.xml").toString(),
                "-Dmaven.repo.local=" + System.getProperty("pbs.local.repository"),
                "-Dlicence.policy=" + policy,
                "generate-resources"));
        Process maven = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(maven.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(maven.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Build(project, maven.exitValue(), output);
    }
}
