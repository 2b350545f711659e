package dev.pbs.service;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Debian's Prometheus server (package {@code prometheus}), run by a test on a loopback port with a
 * temporary database, scraping the given targets every second and evaluating the given rule file
 * every second; stopped (by its process) on {@link #close()}.
 */
public final class PrometheusServer implements AutoCloseable {

    /** Debian's path; the property exists to check the skip and the failure when it is missing. */
    public static final Path PROMETHEUS = Path.of(System.getProperty("pbs.test.prometheus", "/usr/bin/prometheus"));

    public static final String MISSING =
            "the test needs " + PROMETHEUS + ": install Debian's package with 'apt-get install prometheus'";

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Process process;
    private final int port;

    private PrometheusServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Whether Prometheus is installed; fails when it is not but {@code PBS_REQUIRE_PROMTOOL=1} (as in CI). */
    public static boolean installedOrFail() {
        boolean installed = Files.isExecutable(PROMETHEUS);
        if (!installed && "1".equals(System.getenv("PBS_REQUIRE_PROMTOOL"))) {
            fail("PBS_REQUIRE_PROMTOOL=1 but " + MISSING);
        }
        return installed;
    }

    /**
     * Starts Prometheus in {@code folder} scraping {@code target} ({@code HOST:PORT}, path {@code
     * /metrics}) and evaluating {@code rules}, and waits until it is ready (at most 60 s).
     */
    public static PrometheusServer start(Path folder, String target, Path rules) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Path configuration = folder.resolve("prometheus.yml");
        Files.writeString(configuration, """
                global:
                  scrape_interval: 1s
                  evaluation_interval: 1s
                rule_files:
                  - %s
                scrape_configs:
                  - job_name: pbs
                    static_configs:
                      - targets: ["%s"]
                """.formatted(rules.toAbsolutePath(), target));
        Process process = new ProcessBuilder(
                        PROMETHEUS.toString(),
                        "--config.file=" + configuration,
                        "--storage.tsdb.path=" + folder.resolve("tsdb"),
                        "--web.listen-address=127.0.0.1:" + port,
                        "--log.level=warn")
                .redirectErrorStream(true)
                .redirectOutput(folder.resolve("prometheus.log").toFile())
                .start();
        PrometheusServer server = new PrometheusServer(process, port);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                fail("prometheus exited with " + process.exitValue() + ": "
                        + Files.readString(folder.resolve("prometheus.log")));
            }
            try {
                if (server.get("/-/ready").statusCode() == 200) {
                    return server;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        server.close();
        fail("prometheus was not ready in 60 s: " + Files.readString(folder.resolve("prometheus.log")));
        return server;
    }

    /** {@code GET /api/v1/query?query=EXPRESSION} at the current time: the whole answer. */
    public JsonNode query(String expression) throws Exception {
        HttpResponse<String> answer =
                get("/api/v1/query?query=" + URLEncoder.encode(expression, StandardCharsets.UTF_8));
        return JsonMapping.readTree(answer.body());
    }

    /** {@code GET PATH} of the HTTP API, as JSON. */
    public JsonNode api(String path) throws Exception {
        return JsonMapping.readTree(get(path).body());
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .timeout(Duration.ofSeconds(30))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
