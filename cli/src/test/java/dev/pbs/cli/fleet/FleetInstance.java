package dev.pbs.cli.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One {@code pbs serve} process of a test fleet, started from the jar this build packaged with a YAML
 * of its own on loopback ports, its output in a file. Stopped by its process id only.
 */
final class FleetInstance implements AutoCloseable {

    static final String TOKEN = "fleet-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Path JAR = Path.of("target", "pbs.jar").toAbsolutePath();

    final String name;
    final int port;
    final int adminPort;
    final Path output;
    private final Process process;

    private FleetInstance(String name, int port, int adminPort, Path output, Process process) {
        this.name = name;
        this.port = port;
        this.adminPort = adminPort;
        this.output = output;
        this.process = process;
    }

    /** Starts an instance with the YAML's {@code state:} and {@code probes:} text (indented as top-level keys). */
    static FleetInstance start(Path folder, String label, String stateAndProbes) throws IOException {
        int port = freePort();
        int adminPort = freePort();
        Path data = Files.createDirectories(folder.resolve(label + "-data"));
        Path configuration = folder.resolve(label + ".yml");
        Files.writeString(
                configuration,
                "dataDirectory: " + data + "\n"
                        + "apiToken: " + TOKEN + "\n"
                        + "limits: {maxTrials: 200000, defaultTrials: 2000}\n"
                        + stateAndProbes
                        + "server:\n"
                        + "  rootPath: /api/\n"
                        + "  applicationConnectors: [{type: http, bindHost: 127.0.0.1, port: " + port + "}]\n"
                        + "  adminConnectors: [{type: http, bindHost: 127.0.0.1, port: " + adminPort + "}]\n"
                        + "logging: {level: INFO}\n",
                StandardCharsets.UTF_8);
        Path output = folder.resolve(label + ".log");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(
                        java, "-Xmx512m", "-jar", JAR.toString(), "serve", "--config", configuration.toString()))
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        return new FleetInstance("127.0.0.1:" + port, port, adminPort, output, process);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Waits until the API answers, at most {@code seconds}; fails with the output when the process ended. */
    void awaitUp(int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError(name + " ended with " + process.exitValue() + ": " + output());
            }
            try {
                if (get("/api/v1/profiles").statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // Not listening yet.
            }
            Thread.sleep(250);
        }
        throw new AssertionError(name + " did not answer in " + seconds + " s: " + output());
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .GET(),
                port);
    }

    HttpResponse<String> put(String path, String body) throws IOException, InterruptedException {
        return send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .header("Authorization", "Bearer " + TOKEN)
                        .PUT(HttpRequest.BodyPublishers.ofString(body)),
                port);
    }

    HttpResponse<String> post(String path, String body, boolean withToken) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (withToken) {
            request.header("Authorization", "Bearer " + TOKEN);
        }
        return send(request, port);
    }

    HttpResponse<String> delete(String path) throws IOException, InterruptedException {
        return send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .header("Authorization", "Bearer " + TOKEN)
                        .DELETE(),
                port);
    }

    String metrics() throws IOException, InterruptedException {
        return send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + "/metrics"))
                                .GET(),
                        adminPort)
                .body();
    }

    JsonNode json(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = get(path);
        if (response.statusCode() != 200) {
            throw new AssertionError(name + path + ": " + response.statusCode() + " " + response.body());
        }
        return JSON.readTree(response.body());
    }

    private static HttpResponse<String> send(HttpRequest.Builder request, int port)
            throws IOException, InterruptedException {
        return HTTP.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    boolean alive() {
        return process.isAlive();
    }

    /** {@code kill -9}: no shutdown hook, no lease released. */
    void killHard() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(20, TimeUnit.SECONDS);
    }

    String output() throws IOException {
        return Files.exists(output) ? Files.readString(output, StandardCharsets.UTF_8) : "";
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
