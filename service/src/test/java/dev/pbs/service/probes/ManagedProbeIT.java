package dev.pbs.service.probes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.observe.WindowedComparison;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.record.ProbeReplay;
import dev.pbs.cassandra.testing.LocalClusterExtension;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.record.ProbeRecordReader;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.service.PbsApplication;
import dev.pbs.service.PbsConfiguration;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A probe configured in the service's YAML, against the real test cluster. */
@Tag("end-to-end")
@ExtendWith(LocalClusterExtension.class)
class ManagedProbeIT {

    private static final ObjectMapper JSON = JsonMapping.mapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static DropwizardTestSupport<PbsConfiguration> service;

    @BeforeAll
    static void startService(LocalCluster cluster) throws Exception {
        service = new DropwizardTestSupport<>(PbsApplication.class, ResourceHelpers.resourceFilePath("probe-it.yml"));
        service.before();
        // Its first state after connecting, seen from the start: rounds of 3 s take at least 6 s to settle.
        firstState = awaitProbe(status -> !status.get("state").asText().equals("connecting"), 60);
    }

    /** The probe's status when it first left {@code connecting}. */
    private static JsonNode firstState;

    @AfterAll
    static void stopService() {
        if (service != null) {
            service.after();
        }
    }

    private static HttpResponse<String> get(int port, String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode awaitProbe(java.util.function.Predicate<JsonNode> condition, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        JsonNode probe = null;
        while (System.nanoTime() < deadline) {
            probe = JSON.readTree(get(service.getLocalPort(), "/api/v1/probes").body())
                    .get(0);
            if (condition.test(probe)) {
                return probe;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("the probe did not reach the expected state in " + seconds + " s: " + probe);
    }

    @Test
    void probe_warmsUpBeforeItPublishesAnything() {
        assertThat(firstState.get("state").asText()).isEqualTo("warming-up");
        assertThat(firstState.get("last_refresh_epoch_seconds").asLong()).isZero();
        assertThat(firstState.get("refresh_problem").asText()).isEqualTo(ManagedProbe.WARMING_UP);
    }

    @Test
    void probe_publishesALiveProfileThatPredictsAndExportsMetrics() throws Exception {
        JsonNode probe =
                awaitProbe(status -> status.get("last_refresh_epoch_seconds").asLong() > 0, 90);
        assertThat(probe.get("state").asText()).isEqualTo("running");
        assertThat(probe.get("profile").asText()).isEqualTo("cassandra:it");
        assertThat(probe.get("nodes")).hasSize(3);
        assertThat(probe.get("samples").get("W").asLong()).isPositive();

        String profiles = get(service.getLocalPort(), "/api/v1/profiles").body();
        assertThat(profiles).contains("\"cassandra:it\"").contains("\"live-probe\"");
        HttpResponse<String> profile = get(service.getLocalPort(), "/api/v1/profiles/cassandra:it");
        assertThat(profile.statusCode()).isEqualTo(200);
        assertThat(profile.body()).contains("empirical").contains("pbs-local");

        HttpResponse<String> prediction = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + service.getLocalPort() + "/api/v1/predictions"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                "{\"profile\": \"cassandra:it\", \"n\": 3, \"trials\": 20000}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(prediction.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(prediction.body()).get("configs")).hasSize(9);

        String metrics = get(service.getAdminPort(), "/metrics").body();
        assertThat(metrics)
                .contains("pbs_probe_connected{probe=\"it\"} 1.0")
                .contains("pbs_probe_node_up{node=\"127.0.0.3\",probe=\"it\"} 1.0")
                .containsPattern("pbs_probe_samples\\{message=\"W\",probe=\"it\"} [1-9]");
    }

    @Test
    void probe_liveProfileCannotBeOverwrittenByAnUpload() throws Exception {
        HttpResponse<String> upload = HTTP.send(
                HttpRequest.newBuilder(URI.create(
                                "http://127.0.0.1:" + service.getLocalPort() + "/api/v1/profiles/cassandra:it"))
                        .header("Authorization", "Bearer test-token")
                        .header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString("{}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(upload.statusCode()).isEqualTo(400);
    }

    @Test
    void probe_afterItsFirstWindow_observesStalenessBesideThePrediction() throws Exception {
        JsonNode probe = awaitProbe(status -> !status.get("observation").isNull(), 150);
        JsonNode observation = probe.get("observation");
        assertThat(observation.get("writes").asLong()).isGreaterThanOrEqualTo(35);
        assertThat(observation.get("points")).hasSize(15);
        assertThat(observation.get("rmse_t_visibility").isNumber()).isTrue();
        assertThat(observation.get("rmse_t_visibility").asDouble()).isBetween(0.0, 1.0);
    }

    @Test
    void probe_keepsEachWindowsRecord_whichReplaysToItsObservation() throws Exception {
        JsonNode published = awaitProbe(status -> !status.get("observation").isNull(), 150)
                .get("observation")
                .get("rmse_t_visibility");
        assertThat(published.isNumber()).isTrue();
        // The window's record is finished just after its observation is published.
        Path records = Path.of("target", "pbs-probe-it-data", "records", "it");
        List<Double> replayed = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!replayed.contains(published.asDouble()) && System.nanoTime() < deadline) {
            TimeUnit.SECONDS.sleep(2);
            replayed.clear();
            for (Path record : recordsIn(records)) {
                ProbeReplay.Replayed window = ProbeRecordReader.replay(record);
                LatencyProfile profile = MeasuredProfile.withReadPath(
                        CalibratedProfile.of(window.measurement(), "cassandra:it"),
                        window.cluster().readPath());
                replayed.add(WindowedComparison.compare(window.observation().orElseThrow(), profile, "cassandra:it", 3)
                        .rmse());
            }
        }
        assertThat(replayed).as("the RMSE of each kept record's replay").contains(published.asDouble());
        assertThat(recordsIn(records)).hasSizeLessThanOrEqualTo(3);
    }

    private static List<Path> recordsIn(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".jsonl.gz"))
                    .sorted()
                    .toList();
        }
    }
}
