package dev.pbs.service;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Prometheus's own checker, {@code promtool check metrics}, from Debian's {@code prometheus} package.
 * {@link #installedOrFail()} says whether to skip a test that needs it.
 */
public final class Promtool {

    /** Debian's path; the property exists to check the skip and the failure when it is missing. */
    public static final Path PROMTOOL = Path.of(System.getProperty("pbs.test.promtool", "/usr/bin/promtool"));

    static final boolean INSTALLED = Files.isExecutable(PROMTOOL);
    public static final String MISSING =
            "the test needs " + PROMTOOL + ": install Debian's package with 'apt-get install prometheus'";

    /** What {@code promtool check metrics} said about a scrape: its exit status and every line it wrote. */
    public record Check(int exitStatus, List<String> lines) {}

    private Promtool() {}

    /**
     * Whether promtool is installed; fails when it is not but {@code PBS_REQUIRE_PROMTOOL=1} (as in CI), so
     * that a missing promtool cannot pass for a skipped test there.
     */
    public static boolean installedOrFail() {
        if (!INSTALLED && "1".equals(System.getenv("PBS_REQUIRE_PROMTOOL"))) {
            fail("PBS_REQUIRE_PROMTOOL=1 but " + MISSING);
        }
        return INSTALLED;
    }

    /** {@code promtool check metrics < scrape}: its standard output and error together. */
    public static Check checkMetrics(String scrape) throws IOException, InterruptedException {
        return run(scrape, "check", "metrics");
    }

    /**
     * {@code promtool ARGUMENTS}, with {@code input} on its standard input: its standard output and
     * error together.
     */
    public static Check run(String standardInput, String... arguments) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>();
        command.add(PROMTOOL.toString());
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        CompletableFuture<byte[]> output = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
        try (OutputStream input = process.getOutputStream()) {
            input.write(standardInput.getBytes(StandardCharsets.UTF_8));
        }
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("promtool " + String.join(" ", arguments) + " did not finish in 60 s");
        }
        String text = new String(output.join(), StandardCharsets.UTF_8);
        return new Check(process.exitValue(), text.lines().toList());
    }

    private static byte[] readAll(InputStream stream) {
        try (stream;
                ByteArrayOutputStream bytes = new ByteArrayOutputStream()) {
            stream.transferTo(bytes);
            return bytes.toByteArray();
        } catch (IOException problem) {
            throw new java.io.UncheckedIOException(problem);
        }
    }
}
