package dev.pbs.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The release archive as an operator meets it: unpacked into an empty folder outside the
 * repository and run with nothing but {@code java} and the few shell tools the launcher uses on the
 * PATH (no Maven, no git, no checkout, no JAVA_HOME). It answers {@code --version} and a prediction,
 * serves its profiles, predictions and health check over loopback, stops on SIGTERM and keeps an
 * uploaded profile across a restart, and its completion script loads in bash.
 */
class ReleaseArchiveIT {

    /** What bin/pbs runs besides java. */
    private static final List<String> SHELL_TOOLS =
            List.of("bash", "env", "sed", "dirname", "readlink", "cut", "head", "mv", "rm", "cat");

    private static final String TOKEN = "release-test-token";

    private static Path folder;
    private static Path installation;
    private static Path path;
    private static Path workingFolder;

    @BeforeAll
    static void unpack() throws Exception {
        Path archive = Path.of(System.getProperty("pbs.archive"));
        String expected = Files.readString(Path.of(archive + ".sha256")).split("\\s+")[0];
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        assertThat(HexFormat.of().formatHex(sha256.digest(Files.readAllBytes(archive))))
                .as("the archive's SHA-256 beside it")
                .isEqualTo(expected);

        folder = Files.createTempDirectory("pbs-release-");
        Path unpacked = Files.createDirectories(folder.resolve("opt"));
        Process tar = new ProcessBuilder("tar", "xzf", archive.toString(), "-C", unpacked.toString())
                .inheritIO()
                .start();
        assertThat(tar.waitFor()).isZero();
        try (Stream<Path> top = Files.list(unpacked)) {
            installation = top.findFirst().orElseThrow();
        }
        path = Files.createDirectories(folder.resolve("path"));
        Files.createSymbolicLink(path.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
        for (String tool : SHELL_TOOLS) {
            Files.createSymbolicLink(path.resolve(tool), located(tool));
        }
        workingFolder = Files.createDirectories(folder.resolve("elsewhere"));
    }

    @AfterAll
    static void removeFolder() throws IOException {
        if (folder != null) {
            try (Stream<Path> files = Files.walk(folder)) {
                files.sorted(java.util.Comparator.reverseOrder())
                        .forEach(file -> file.toFile().delete());
            }
        }
    }

    @Test
    void layout_hasWhatAnOperatorInstalls() throws IOException {
        for (String file : List.of(
                "bin/pbs",
                "lib/pbs.jar",
                "conf/pbs.yml",
                "completion/pbs",
                "examples/pbs.service",
                "LICENSE",
                "NOTICE",
                "licenses/THIRD-PARTY-pbs.txt",
                "licenses/THIRD-PARTY-cassandra.txt",
                "dashboards/grafana/pbs-service.json",
                "dashboards/grafana/provisioning/dashboards/pbs.yaml",
                "dashboards/prometheus/pbs-alerts.yml",
                "dashboards/prometheus/pbs-alerts.test.yml")) {
            assertThat(installation.resolve(file)).as(file).isRegularFile();
        }
        for (String bundle : List.of("licenses/pbs", "licenses/cassandra")) {
            try (Stream<Path> folders = Files.list(installation.resolve(bundle))) {
                assertThat(folders.filter(
                                folder -> folder.getFileName().toString().startsWith("jackson-databind-")))
                        .as("%s: jackson-databind's licence and notice as its jar carries them", bundle)
                        .singleElement()
                        .satisfies(folder ->
                                assertThat(folder.resolve("META-INF/LICENSE")).isRegularFile())
                        .satisfies(folder ->
                                assertThat(folder.resolve("META-INF/NOTICE")).isRegularFile());
            }
        }
        assertThat(installation.resolve("bin/pbs")).isExecutable();
        assertThat(installation.resolve("lib/cassandra")).isDirectory();
        assertThat(installation.resolve("lib").toFile().list((dir, name) -> name.endsWith(".jar")))
                .as("lib/ holds pbs.jar alone: Cassandra's server is in lib/cassandra")
                .containsExactly("pbs.jar");
    }

    @Test
    void version_namesTheReleaseAndItsCommit() throws Exception {
        Run run = run(Map.of(), "--version");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out().lines().findFirst().orElseThrow())
                .matches("pbs \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(commit [0-9a-f]{7,}(-dirty)?\\)");
    }

    @Test
    void predict_answersFromTheInstallation() throws Exception {
        Run run = run(Map.of(), "predict", "--profile", "lnkd-disk", "--n", "3", "--trials", "20000");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("P(consistent)", "Windows");
    }

    @Test
    void java_tooOld_oneLineNamingWhatItFound() throws Exception {
        Path oldJava = Files.createDirectories(folder.resolve("jdk-11/bin"));
        Files.writeString(oldJava.resolve("java"), "#!/bin/sh\necho 'openjdk version \"11.0.2\" 2019-01-15' >&2\n");
        oldJava.resolve("java").toFile().setExecutable(true);

        Run run = run(Map.of("JAVA_HOME", oldJava.getParent().toString()), "--version");

        assertThat(run.status()).isEqualTo(1);
        assertThat(run.err().strip())
                .isEqualTo("pbs: needs Java 17 or newer; found Java 11.0.2 (JAVA_HOME=" + oldJava.getParent() + ")");
    }

    @Test
    void java_missing_oneLineSayingWhereItLooked() throws Exception {
        Path noJava = Files.createDirectories(folder.resolve("path-without-java"));
        for (String tool : SHELL_TOOLS) {
            if (!Files.exists(noJava.resolve(tool))) {
                Files.createSymbolicLink(noJava.resolve(tool), located(tool));
            }
        }

        Run run = run(Map.of("PATH", noJava.toString()), "--version");

        assertThat(run.status()).isEqualTo(1);
        assertThat(run.err().strip()).startsWith("pbs: needs Java 17 or newer; found no java");
        assertThat(run.err().strip().lines()).hasSize(1);
    }

    @Test
    void completion_loadsInBash() throws Exception {
        Process bash = new ProcessBuilder(
                        "bash", "-c", "source \"$1\" && complete -p pbs", "bash", installation + "/completion/pbs")
                .redirectErrorStream(true)
                .start();
        assertThat(bash.waitFor(20, TimeUnit.SECONDS)).isTrue();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(bash.exitValue()).as(output).isZero();
        assertThat(output).contains("-F _complete_pbs", "pbs");
    }

    @Test
    void serve_answers_stopsOnSigterm_andKeepsAnUploadedProfile() throws Exception {
        int httpPort = freePort();
        int adminPort = freePort();
        Map<String, String> environment = Map.of(
                "PBS_HTTP_PORT", String.valueOf(httpPort),
                "PBS_ADMIN_PORT", String.valueOf(adminPort),
                "PBS_API_TOKEN", TOKEN);
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        String api = "http://127.0.0.1:" + httpPort + "/api/v1";

        Process service = start(environment, "serve");
        try {
            awaitHealthy(client, adminPort, service);
            HttpResponse<String> profiles = client.send(get(api + "/profiles"), HttpResponse.BodyHandlers.ofString());
            assertThat(profiles.statusCode()).isEqualTo(200);
            assertThat(profiles.body()).contains("lnkd-disk");

            HttpResponse<String> prediction = client.send(
                    HttpRequest.newBuilder(URI.create(api + "/predictions"))
                            .header("Content-Type", "application/json")
                            .POST(
                                    HttpRequest.BodyPublishers.ofString(
                                            "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"trials\": 20000, \"seed\": 7}"))
                            .timeout(Duration.ofSeconds(60))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(prediction.statusCode()).as(prediction.body()).isEqualTo(200);
            assertThat(prediction.body()).contains("\"trials\"");

            String profile = client.send(get(api + "/profiles/lnkd-disk"), HttpResponse.BodyHandlers.ofString())
                    .body();
            HttpResponse<String> upload = client.send(
                    HttpRequest.newBuilder(URI.create(api + "/profiles/operators-own"))
                            .header("Content-Type", "application/json")
                            .header("Authorization", "Bearer " + TOKEN)
                            .PUT(HttpRequest.BodyPublishers.ofString(profile))
                            .timeout(Duration.ofSeconds(30))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(upload.statusCode()).as(upload.body()).isEqualTo(201);
        } finally {
            service.destroy();
        }
        assertThat(service.waitFor(30, TimeUnit.SECONDS))
                .as("the service stops on SIGTERM")
                .isTrue();
        assertThat(service.exitValue()).isIn(0, 143);
        assertThat(installation.resolve("data/profiles"))
                .as("the data directory is the installation's data/, not the caller's folder")
                .isDirectory();
        assertThat(workingFolder.resolve("pbs-data")).doesNotExist();

        Process restarted = start(environment, "serve");
        try {
            awaitHealthy(client, adminPort, restarted);
            HttpResponse<String> kept =
                    client.send(get(api + "/profiles/operators-own"), HttpResponse.BodyHandlers.ofString());
            assertThat(kept.statusCode()).as(kept.body()).isEqualTo(200);
        } finally {
            restarted.destroy();
            assertThat(restarted.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    private record Run(int status, String out, String err) {}

    private static Run run(Map<String, String> environment, String... arguments) throws Exception {
        Process process = start(environment, arguments);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(
                process.exitValue(),
                new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                Files.readString(folder.resolve("stderr-" + process.pid())));
    }

    /** bin/pbs with a bare environment: the PATH of java and the shell tools, HOME, nothing else. */
    private static Process start(Map<String, String> environment, String... arguments) throws IOException {
        List<String> command = new java.util.ArrayList<>();
        command.add(installation.resolve("bin/pbs").toString());
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingFolder.toFile());
        builder.environment().clear();
        builder.environment().put("PATH", path.toString());
        builder.environment().put("HOME", folder.toString());
        builder.environment().put("LANG", "C.UTF-8");
        builder.environment().putAll(environment);
        Path stderr = folder.resolve("stderr-pending-" + System.nanoTime());
        builder.redirectError(stderr.toFile());
        Process process = builder.start();
        Files.move(stderr, folder.resolve("stderr-" + process.pid()));
        return process;
    }

    private static void awaitHealthy(HttpClient client, int adminPort, Process service) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            assertThat(service.isAlive())
                    .as("the service is running: %s", Files.readString(folder.resolve("stderr-" + service.pid())))
                    .isTrue();
            try {
                HttpResponse<String> health = client.send(
                        get("http://127.0.0.1:" + adminPort + "/healthcheck"), HttpResponse.BodyHandlers.ofString());
                if (health.statusCode() == 200) {
                    assertThat(health.body()).contains("\"healthy\":true");
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new AssertionError("the service did not answer its health check within 90 s");
    }

    private static HttpRequest get(String uri) {
        return HttpRequest.newBuilder(URI.create(uri))
                .timeout(Duration.ofSeconds(30))
                .GET()
                .build();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static Path located(String tool) {
        for (String directory : System.getenv("PATH").split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(directory, tool);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no " + tool + " on the PATH");
    }
}
