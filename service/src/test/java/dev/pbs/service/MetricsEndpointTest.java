package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Prometheus metrics on the admin port, from the whole application. */
class MetricsEndpointTest {

    @RegisterExtension
    static final TestService SERVICE = TestService.standard();

    @Test
    void metrics_afterCachedPredictions_showTheCacheTheRequestsAndTheJvm() {
        String body = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"trials\": 2000, \"seed\": 11}";
        for (int request = 0; request < 3; request++) {
            Response response = SERVICE.client()
                    .target(SERVICE.api("/predictions"))
                    .request()
                    .post(Entity.json(body));
            assertThat(response.getStatus()).isEqualTo(200);
            response.close();
        }

        Response scrape =
                SERVICE.client().target(SERVICE.admin("/metrics")).request().get();
        assertThat(scrape.getStatus()).isEqualTo(200);
        assertThat(scrape.getMediaType().toString()).startsWith("text/plain");
        String text = scrape.readEntity(String.class);

        assertThat(value(text, "pbs_prediction_cache_misses_total")).hasValue(1);
        assertThat(value(text, "pbs_prediction_cache_hits_total")).hasValue(2);
        assertThat(value(text, "pbs_simulations_refused_total")).hasValue(0);
        assertThat(value(text, "pbs_simulations_in_progress")).hasValue(0);
        assertThat(
                        value(
                                text,
                                "pbs_http_server_requests_seconds_count{method=\"POST\",route=\"/v1/predictions\",status=\"200\"}"))
                .hasValue(3);
        assertThat(text)
                .contains(
                        "# TYPE pbs_http_server_requests_seconds histogram",
                        "# TYPE pbs_prediction_cache_hits_total counter",
                        "# TYPE pbs_simulations_in_progress gauge",
                        "jetty_thread_pool_utilization{pool=\"dw\"}",
                        "logback_events_total{level=\"warn\"}",
                        "jvm_memory_used_bytes{",
                        "jvm_threads_current ")
                .doesNotContain("pbs_api_", "_responses_total", "QueuedThreadPool", "MutableServletContextHandler");
    }

    @Test
    void metricsJson_stillServesDropwizardsView() {
        JsonNode metrics = SERVICE.client()
                .target(SERVICE.admin("/metrics.json"))
                .request()
                .get(JsonNode.class);

        assertThat(metrics.get("gauges").has("pbs.prediction_cache.hits")).isTrue();
        assertThat(metrics.get("gauges").has("org.eclipse.jetty.util.thread.QueuedThreadPool.dw.utilization"))
                .isTrue();
    }

    /** The value of a series (a name, and its labels as the text writes them), if the text has one. */
    private static OptionalDouble value(String text, String name) {
        return Arrays.stream(text.split("\n"))
                .filter(line -> line.startsWith(name + " "))
                .mapToDouble(line ->
                        Double.parseDouble(line.substring(name.length() + 1).trim()))
                .findFirst();
    }
}
