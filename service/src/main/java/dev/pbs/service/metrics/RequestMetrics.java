package dev.pbs.service.metrics;

import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.List;
import java.util.Set;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.ExtendedUriInfo;
import org.glassfish.jersey.server.monitoring.ApplicationEvent;
import org.glassfish.jersey.server.monitoring.ApplicationEventListener;
import org.glassfish.jersey.server.monitoring.RequestEvent;
import org.glassfish.jersey.server.monitoring.RequestEventListener;
import org.glassfish.jersey.uri.UriTemplate;

/**
 * {@code pbs_http_server_requests_seconds{route, method, status}}: every request Jersey answers (the API under
 * {@code /api/}), timed from Jersey's start to the answer written, in one histogram.
 * <ul>
 *   <li>{@code route}: the path template of the resource method that answered, without {@code /api}
 *       ({@code /v1/profiles/{name}}), or {@value #UNMATCHED} when no resource method matched (an unknown
 *       path, a method the path does not have, a request a filter refused before matching);</li>
 *   <li>{@code method}: the HTTP method, or {@value #OTHER_METHOD} for one outside {@link #METHODS};</li>
 *   <li>{@code status}: the status code answered, exception mappers' included (500 when no answer was made).</li>
 * </ul>
 * Each label takes few values whatever URLs and methods clients send. Requests Jetty refuses before Jersey
 * (a malformed URI) and the static files outside {@code /api/} are not counted.
 */
public final class RequestMetrics implements ApplicationEventListener {

    /** The family's name; its series are {@code _bucket}, {@code _count} and {@code _sum}. */
    public static final String NAME = "pbs_http_server_requests_seconds";

    /** The route of a request that matched no resource method. */
    public static final String UNMATCHED = "unmatched";

    /** The method label of a request whose method is not one of {@link #METHODS}. */
    public static final String OTHER_METHOD = "other";

    static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE");

    /**
     * Upper bounds in seconds: the client's defaults (5 ms to 10 s) and 30 s and 60 s, for simulations with many
     * trials or candidates.
     */
    private static final double[] UPPER_BOUNDS_SECONDS = {
        0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60
    };

    private final Histogram requests;

    private RequestMetrics(Histogram requests) {
        this.requests = requests;
    }

    /** Registers the histogram in the registry; the answer is to be registered with Jersey. */
    public static RequestMetrics register(PrometheusRegistry registry) {
        Histogram requests = Histogram.builder()
                .name(NAME)
                .unit(Unit.SECONDS)
                .help("HTTP requests answered by the API, by route template, method and status code")
                .labelNames("route", "method", "status")
                .classicOnly()
                .classicUpperBounds(UPPER_BOUNDS_SECONDS)
                .withoutExemplars()
                .register(registry);
        return new RequestMetrics(requests);
    }

    @Override
    public void onEvent(ApplicationEvent event) {}

    @Override
    public RequestEventListener onRequest(RequestEvent start) {
        long startNanos = System.nanoTime();
        return event -> {
            if (event.getType() == RequestEvent.Type.FINISHED) {
                double seconds = (System.nanoTime() - startNanos) / 1e9;
                requests.labelValues(route(event.getUriInfo()), method(event), status(event))
                        .observe(seconds);
            }
        };
    }

    /** The matched resource method's path template (the resource's and the method's joined), or unmatched. */
    static String route(ExtendedUriInfo uri) {
        if (uri == null || uri.getMatchedResourceMethod() == null) {
            return UNMATCHED;
        }
        List<UriTemplate> templates = uri.getMatchedTemplates(); // the innermost first
        StringBuilder route = new StringBuilder();
        for (int i = templates.size() - 1; i >= 0; i--) {
            String template = templates.get(i).getTemplate();
            if (!template.startsWith("/")) {
                route.append('/');
            }
            route.append(template);
        }
        String joined = route.toString().replaceAll("/{2,}", "/");
        if (joined.length() > 1 && joined.endsWith("/")) {
            joined = joined.substring(0, joined.length() - 1);
        }
        return joined.isEmpty() ? "/" : joined;
    }

    private static String method(RequestEvent event) {
        String method = event.getContainerRequest().getMethod();
        return METHODS.contains(method) ? method : OTHER_METHOD;
    }

    private static String status(RequestEvent event) {
        ContainerResponse response = event.getContainerResponse();
        return Integer.toString(response == null ? 500 : response.getStatus());
    }
}
