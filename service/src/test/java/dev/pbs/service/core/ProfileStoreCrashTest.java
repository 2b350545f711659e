package dev.pbs.service.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.profile.LatencyProfile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills (SIGKILL) a child JVM that is putting one profile over and over, then checks that the store
 * opens cleanly with one of the two versions: a put is atomic whatever moment the crash hits.
 */
class ProfileStoreCrashTest {

    private static final int CRASHES = 5;
    private static final long READY_TIMEOUT_SECONDS = 10;

    @TempDir
    Path dataDirectory;

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void open_afterTheWriterIsKilledMidPut_findsOneWholeVersion() throws Exception {
        LatencyProfile first = ProfileStoreWriterMain.version(0);
        LatencyProfile second = ProfileStoreWriterMain.version(1);
        Random random = new Random(20240601);
        for (int crash = 0; crash < CRASHES; crash++) {
            runWriterAndKillIt(50 + random.nextInt(251));

            ProfileStore store = ProfileStore.open(dataDirectory);

            assertThat(store.loadProblems()).as("crash %d", crash).isEmpty();
            assertThat(store.find(ProfileStoreWriterMain.NAME))
                    .as("crash %d", crash)
                    .isPresent();
            assertThat(store.find(ProfileStoreWriterMain.NAME).orElseThrow().profile())
                    .as("crash %d", crash)
                    .isIn(first, second);
            assertThat(ProfileStoreTest.filesIn(dataDirectory.resolve("profiles")))
                    .as("crash %d", crash)
                    .containsExactly(dataDirectory.resolve("profiles").resolve(ProfileStoreWriterMain.NAME + ".json"));
        }
    }

    private void runWriterAndKillIt(long writingMillis) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process writer = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        ProfileStoreWriterMain.class.getName(),
                        dataDirectory.toString())
                .redirectErrorStream(true)
                .start();
        try {
            BufferedReader output =
                    new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8));
            CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> readUntilReady(output));
            String seen = ready.get(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertThat(seen).as("the writer's output").endsWith("ready");
            assertThat(writer.isAlive()).as("the writer is still writing").isTrue();
            Thread.sleep(writingMillis);
        } finally {
            writer.destroyForcibly();
            writer.waitFor(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** Everything the writer printed up to its "ready" line, or until it ended. */
    private static String readUntilReady(BufferedReader output) {
        StringBuilder seen = new StringBuilder();
        try {
            for (String line = output.readLine(); line != null; line = output.readLine()) {
                seen.append(line);
                if (line.equals("ready")) {
                    break;
                }
                seen.append('\n');
            }
        } catch (IOException closed) {
            seen.append("(output closed: ").append(closed.getMessage()).append(')');
        }
        return seen.toString();
    }
}
