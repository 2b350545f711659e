package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.profile.ProfileCatalog;
import dev.pbs.formats.profile.ProfileJson;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pbs serve} in a separate JVM: upload a profile, kill the process without shutdown
 * (SIGKILL), start it again on the same data directory, and find the profile intact.
 */
class ServiceRestartTest {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @TempDir
    Path directory;

    @Test
    void uploadedProfile_survivesAKillAndRestart() throws Exception {
        int httpPort = freePort();
        int adminPort = freePort();
        Path configuration = directory.resolve("pbs.yml");
        Files.writeString(
                configuration,
                String.join(
                        "\n",
                        "dataDirectory: " + directory.resolve("data"),
                        "apiToken: restart-token",
                        "server:",
                        "  rootPath: /api/",
                        "  applicationConnectors: [{type: http, bindHost: 127.0.0.1, port: " + httpPort + "}]",
                        "  adminConnectors: [{type: http, bindHost: 127.0.0.1, port: " + adminPort + "}]",
                        "logging: {level: WARN}",
                        ""));
        String base = "http://127.0.0.1:" + httpPort + "/api/v1/profiles/";
        String uploaded = ProfileJson.writeString(
                        ProfileCatalog.require("ymmr").toBuilder().build())
                .replace("\"ymmr\"", "\"kept\"")
                .replace("Yammer Riak", "Uploaded before the crash");

        Process first = start(configuration);
        try {
            awaitUp(base);
            HttpResponse<String> put = CLIENT.send(
                    HttpRequest.newBuilder(URI.create(base + "kept"))
                            .header("Authorization", "Bearer restart-token")
                            .PUT(HttpRequest.BodyPublishers.ofString(uploaded))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(put.statusCode()).isEqualTo(201);
        } finally {
            first.destroyForcibly().waitFor();
        }

        Process second = start(configuration);
        try {
            awaitUp(base);
            HttpResponse<String> get = CLIENT.send(
                    HttpRequest.newBuilder(URI.create(base + "kept")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(get.statusCode()).isEqualTo(200);
            assertThat(ProfileJson.read(get.body())).isEqualTo(ProfileJson.read(uploaded));
            assertThat(JsonMapping.mapper()
                            .readTree(get.body())
                            .get("description")
                            .asText())
                    .startsWith("Uploaded before the crash");
        } finally {
            second.destroyForcibly().waitFor();
        }
    }

    private static Process start(Path configuration) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(List.of(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.pbs.service.PbsApplication",
                        "server",
                        configuration.toString()))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    private static void awaitUp(String base) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(40).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<Void> response = CLIENT.send(
                        HttpRequest.newBuilder(URI.create(base)).build(), HttpResponse.BodyHandlers.discarding());
                if (response.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the service did not come up at " + base);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
