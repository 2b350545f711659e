package dev.pbs.service.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.service.errors.IllegalArgumentMapper;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import io.dropwizard.testing.junit5.ResourceExtension;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The request histogram's labels for answers, mapped exceptions, server errors and unmatched requests. */
@ExtendWith(DropwizardExtensionsSupport.class)
class RequestMetricsTest {

    private static final PrometheusRegistry REGISTRY = new PrometheusRegistry();
    private static final ResourceExtension RESOURCES = ResourceExtension.builder()
            .addResource(new Things())
            .addProvider(new IllegalArgumentMapper())
            .addProvider(RequestMetrics.register(REGISTRY))
            .build();

    /** A resource with one method per kind of answer. */
    @Path("/v1/things")
    public static final class Things {
        @GET
        public String list() {
            return "[]";
        }

        @GET
        @Path("/{name}")
        public String get(@PathParam("name") String name) {
            throw new IllegalArgumentException("no thing named " + name); // IllegalArgumentMapper: 400
        }

        @POST
        @Path("/{name}/broken")
        public String broken(@PathParam("name") String name) {
            throw new IllegalStateException("a bug"); // no mapper of ours: Dropwizard's answers 500
        }

        @GET
        @Path("/busy")
        public String busy() {
            throw new WebApplicationException(503);
        }
    }

    private Map<String, Long> before;

    @BeforeEach
    void rememberCounts() {
        before = counts();
    }

    @Test
    void answer_isCountedUnderTheResourcesTemplateMethodAndStatus() {
        close(RESOURCES.target("/v1/things").request().get());

        assertThat(newCounts()).containsExactly(Map.entry("/v1/things GET 200", 1L));
    }

    @Test
    void mappedException_isCountedWithTheMappersStatusUnderTheTemplate() {
        close(RESOURCES.target("/v1/things/a").request().get());
        close(RESOURCES.target("/v1/things/b").request().get());

        assertThat(newCounts()).containsExactly(Map.entry("/v1/things/{name} GET 400", 2L));
    }

    @Test
    void unmappedException_isCountedAs500() {
        close(RESOURCES.target("/v1/things/a/broken").request().post(Entity.text("")));

        assertThat(newCounts()).containsExactly(Map.entry("/v1/things/{name}/broken POST 500", 1L));
    }

    @Test
    void webApplicationException_isCountedWithItsStatus() {
        close(RESOURCES.target("/v1/things/busy").request().get());

        assertThat(newCounts()).containsExactly(Map.entry("/v1/things/busy GET 503", 1L));
    }

    @Test
    void unknownPathsAndMissingMethods_shareOneUnmatchedRoute() {
        close(RESOURCES.target("/v1/elsewhere").request().get());
        close(RESOURCES.target("/v1/things/a/b/c").request().get());
        close(RESOURCES.target("/v1/things").request().post(Entity.text("")));
        close(RESOURCES.target("/v1/things").request().delete());

        assertThat(newCounts())
                .containsOnly(
                        Map.entry("unmatched GET 404", 2L),
                        Map.entry("unmatched POST 405", 1L),
                        Map.entry("unmatched DELETE 405", 1L));
    }

    private static void close(Response response) {
        response.close();
    }

    /** The counts that grew since the test started, by "route method status". */
    private Map<String, Long> newCounts() {
        Map<String, Long> grown = new TreeMap<>();
        counts().forEach((series, count) -> {
            long added = count - before.getOrDefault(series, 0L);
            if (added > 0) {
                grown.put(series, added);
            }
        });
        return grown;
    }

    private static Map<String, Long> counts() {
        Map<String, Long> counts = new TreeMap<>();
        for (MetricSnapshot snapshot : REGISTRY.scrape()) {
            if (snapshot instanceof HistogramSnapshot histogram
                    && histogram.getMetadata().getPrometheusName().equals(RequestMetrics.NAME)) {
                for (HistogramSnapshot.HistogramDataPointSnapshot point : histogram.getDataPoints()) {
                    Labels labels = point.getLabels();
                    counts.put(
                            labels.get("route") + " " + labels.get("method") + " " + labels.get("status"),
                            point.getCount());
                }
            }
        }
        return counts;
    }
}
