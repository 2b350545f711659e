package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The launcher, {@code ./pbs}, as a user runs it, on the jar this build packaged: the first run
 * makes the class-data-sharing archive ({@code cli/target/pbs.jsa}), later runs use it as it is,
 * and both print what the command prints.
 */
class LauncherIT {

    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    private static final Path ARCHIVE = REPOSITORY.resolve("cli/target/pbs.jsa");

    record Run(int status, String out, String err) {}

    private static Run launch(String... arguments) throws IOException, InterruptedException {
        return launchWith(null, arguments);
    }

    /** Runs the launcher with {@code PBS_JAVA_OPTIONS} set to {@code javaOptions} (unset when null). */
    private static Run launchWith(String javaOptions, String... arguments) throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of("bash", REPOSITORY.resolve("pbs").toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).directory(REPOSITORY.toFile());
        builder.environment().remove("PBS_JAVA_OPTIONS");
        if (javaOptions != null) {
            builder.environment().put("PBS_JAVA_OPTIONS", javaOptions);
        }
        Process process = builder.start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(
                process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void firstRunMakesTheArchive_laterRunsUseItUnchanged() throws Exception {
        assertThat(REPOSITORY.resolve("cli/target/pbs.jar")).exists();
        Files.deleteIfExists(ARCHIVE);

        Run version = launch("--version");
        assertThat(version.status()).as(version.err()).isZero();
        assertThat(version.out()).startsWith("pbs ");
        assertThat(version.err()).isEmpty();
        assertThat(ARCHIVE).exists();
        assertThat(Files.size(ARCHIVE)).isGreaterThan(1 << 20);
        assertThat(Files.list(ARCHIVE.getParent())
                        .map(path -> path.getFileName().toString()))
                .as("no temporary files left behind")
                .noneMatch(name -> name.startsWith("pbs.jsa."));
        FileTime made = Files.getLastModifiedTime(ARCHIVE);

        Run prediction =
                launch("predict", "--profile", "lnkd-disk", "--n", "3", "--trials", "1000", "--format", "json");
        assertThat(prediction.status()).as(prediction.err()).isZero();
        assertThat(prediction.err()).isEmpty();
        JsonNode answer = JsonMapping.readTree(prediction.out());
        assertThat(answer.path("configs").size()).as("every (R, W) of N = 3").isEqualTo(9);
        assertThat(answer.path("trials").asLong()).isEqualTo(1000);
        assertThat(Files.getLastModifiedTime(ARCHIVE)).isEqualTo(made);

        Run badInput = launch("predict", "--profile", "no-such-profile");
        assertThat(badInput.status()).isEqualTo(PbsCommandLine.EXIT_BAD_INPUT);
        assertThat(badInput.err()).startsWith("pbs: ").doesNotContain("Exception");
    }

    @Test
    void serve_boundsTheHeap_andTheOperatorsOptionsReplaceTheBounds() throws Exception {
        // -XX:+PrintCommandLineFlags prints the JVM's options on stdout before the command runs.
        Run byDefault = launchWith("-XX:+PrintCommandLineFlags", "serve", "--help");
        assertThat(byDefault.status()).as(byDefault.err()).isZero();
        assertThat(byDefault.out())
                .contains("-XX:InitialHeapSize=67108864")
                .contains("-XX:MaxHeapSize=536870912")
                .contains("-XX:+UseParallelGC")
                .contains("PBS_JAVA_OPTIONS");

        Run larger = launchWith("-XX:+PrintCommandLineFlags -Xmx1g", "serve", "--help");
        assertThat(larger.status()).as(larger.err()).isZero();
        assertThat(larger.out()).contains("-XX:MaxHeapSize=1073741824");

        Run serial = launchWith("-XX:+PrintCommandLineFlags -XX:+UseSerialGC", "serve", "--help");
        assertThat(serial.status()).as(serial.err()).isZero();
        assertThat(serial.out()).contains("-XX:+UseSerialGC").doesNotContain("-XX:+UseParallelGC");
    }
}
