package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Prometheus metrics on the admin port, from the whole application. */
@ExtendWith(DropwizardExtensionsSupport.class)
class MetricsEndpointTest {

    private static final DropwizardAppExtension<PbsConfiguration> APP = new DropwizardAppExtension<>(
            PbsApplication.class,
            ResourceHelpers.resourceFilePath("test-pbs.yml"),
            ConfigOverride.config("dataDirectory", temporaryDirectory()));

    private static String temporaryDirectory() {
        try {
            return Files.createTempDirectory("pbs-metrics").toString();
        } catch (IOException problem) {
            throw new UncheckedIOException(problem);
        }
    }

    private static String admin(String path) {
        return "http://127.0.0.1:" + APP.getAdminPort() + path;
    }

    @Test
    void metrics_afterCachedPredictions_showTheCacheTheTimerAndTheJvm() {
        String body = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"trials\": 2000, \"seed\": 11}";
        for (int request = 0; request < 3; request++) {
            Response response = APP.client()
                    .target("http://127.0.0.1:" + APP.getLocalPort() + "/api/v1/predictions")
                    .request()
                    .post(Entity.json(body));
            assertThat(response.getStatus()).isEqualTo(200);
            response.close();
        }

        Response scrape = APP.client().target(admin("/metrics")).request().get();
        assertThat(scrape.getStatus()).isEqualTo(200);
        assertThat(scrape.getMediaType().toString()).startsWith("text/plain");
        String text = scrape.readEntity(String.class);

        assertThat(value(text, "pbs_prediction_cache_misses")).hasValue(1);
        assertThat(value(text, "pbs_prediction_cache_hits")).hasValue(2);
        assertThat(value(text, "pbs_simulations_refused")).hasValue(0);
        assertThat(value(text, "pbs_simulations_in_progress")).hasValue(0);
        assertThat(value(text, "pbs_api_predictions_seconds_count")).hasValue(3);
        assertThat(value(text, "pbs_api_predictions_2xx_responses_total")).hasValue(3);
        assertThat(text)
                .contains(
                        "# TYPE pbs_api_predictions_seconds summary",
                        "jvm_memory_used_bytes{",
                        "jvm_threads_current ",
                        "pbs_api_sla_window_seconds_count ",
                        "pbs_api_profiles_list_seconds_count ");
    }

    @Test
    void metricsJson_stillServesDropwizardsView() {
        JsonNode metrics = APP.client().target(admin("/metrics.json")).request().get(JsonNode.class);

        assertThat(metrics.get("gauges").has("pbs.prediction_cache.hits")).isTrue();
        assertThat(metrics.get("timers").has("pbs.api.predictions.seconds")).isTrue();
    }

    /** The value of a sample without labels, if the text has one. */
    private static OptionalDouble value(String text, String name) {
        return Arrays.stream(text.split("\n"))
                .filter(line -> line.startsWith(name + " "))
                .mapToDouble(line ->
                        Double.parseDouble(line.substring(name.length() + 1).trim()))
                .findFirst();
    }
}
