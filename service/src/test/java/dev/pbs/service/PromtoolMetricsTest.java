package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The admin port's /metrics against Prometheus's own checker ({@code promtool check metrics}) after requests
 * that answer 200, 400, 404 from a resource and 404 from no resource, and the request histogram's labels and
 * counts. Skipped without {@code /usr/bin/promtool} (Debian's {@code prometheus} package) unless
 * {@code PBS_REQUIRE_PROMTOOL=1} (as in CI), when it fails instead.
 */
class PromtoolMetricsTest {

    private static final Pattern ROUTE = Pattern.compile("route=\"([^\"]*)\"");

    @RegisterExtension
    static final TestService SERVICE = TestService.standard();

    @Test
    void checkMetrics_afterAnsweredAndRefusedRequests_printsNothingAndCountsByRouteMethodAndStatus() throws Exception {
        assumeTrue(Promtool.installedOrFail(), Promtool.MISSING);
        String prediction = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"trials\": 2000, \"seed\": 5}";
        assertThat(post("/api/v1/predictions", prediction)).isEqualTo(200);
        assertThat(post("/api/v1/predictions", "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 9, \"w\": 1}"))
                .isEqualTo(400);
        assertThat(get("/api/v1/profiles/no-such-profile")).isEqualTo(404);
        // Three URLs no resource has: one series, whatever the URLs.
        assertThat(get("/api/v1/no/such/thing")).isEqualTo(404);
        assertThat(get("/api/v2/predictions")).isEqualTo(404);
        assertThat(get("/api/v1/profiles/a/b/c")).isEqualTo(404);

        String scrape = scrape();
        Promtool.Check check = Promtool.checkMetrics(scrape);

        assertThat(check.lines()).as("promtool check metrics output").isEmpty();
        assertThat(check.exitStatus()).as("promtool check metrics exit status").isZero();
        assertThat(scrape).contains("# TYPE pbs_http_server_requests_seconds histogram");
        assertThat(count(scrape, "/v1/predictions", "POST", 200)).isEqualTo(1);
        assertThat(count(scrape, "/v1/predictions", "POST", 400)).isEqualTo(1);
        assertThat(count(scrape, "/v1/profiles/{name}", "GET", 404)).isEqualTo(1);
        assertThat(count(scrape, "unmatched", "GET", 404)).isEqualTo(3);
        assertThat(scrape)
                .contains("pbs_http_server_requests_seconds_bucket{method=\"GET\",route=\"unmatched\",status=\"404\","
                        + "le=\"+Inf\"} 3")
                .contains("pbs_http_server_requests_seconds_sum{method=\"POST\",route=\"/v1/predictions\","
                        + "status=\"200\"} ");
        assertThat(routes(scrape)).containsExactlyInAnyOrder("/v1/predictions", "/v1/profiles/{name}", "unmatched");
    }

    /** What the test above guards against: promtool names a camelCase family and exits with a failure. */
    @Test
    void checkMetrics_camelCaseName_isReported() throws Exception {
        assumeTrue(Promtool.installedOrFail(), Promtool.MISSING);
        String scrape = "# HELP QueuedThreadPool_dw_size_total x\n# TYPE QueuedThreadPool_dw_size_total counter\n"
                + "QueuedThreadPool_dw_size_total 1.0\n";

        Promtool.Check check = Promtool.checkMetrics(scrape);

        assertThat(check.exitStatus()).isNotZero();
        assertThat(check.lines()).singleElement().asString().contains("camelCase");
    }

    /** The count of the histogram's series with these labels, or -1 when there is none. */
    private static long count(String scrape, String route, String method, int status) {
        String series = "pbs_http_server_requests_seconds_count{method=\"" + method + "\",route=\"" + route
                + "\",status=\"" + status + "\"} ";
        return scrape.lines()
                .filter(line -> line.startsWith(series))
                .mapToLong(
                        line -> Long.parseLong(line.substring(series.length()).trim()))
                .findFirst()
                .orElse(-1);
    }

    private static Set<String> routes(String scrape) {
        Set<String> routes = new TreeSet<>();
        scrape.lines()
                .filter(line -> line.startsWith("pbs_http_server_requests_seconds"))
                .forEach(line -> {
                    Matcher route = ROUTE.matcher(line);
                    if (route.find()) {
                        routes.add(route.group(1));
                    }
                });
        return routes;
    }

    private static int get(String path) throws Exception {
        return send(HttpRequest.newBuilder(application(path)).GET().build());
    }

    private static int post(String path, String json) throws Exception {
        return send(HttpRequest.newBuilder(application(path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build());
    }

    private static int send(HttpRequest request) throws Exception {
        return HttpClient.newHttpClient()
                .send(request, HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private static URI application(String path) {
        return URI.create(SERVICE.url(path));
    }

    private static String scrape() throws Exception {
        HttpResponse<String> scrape = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(SERVICE.admin("/metrics")))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(scrape.statusCode()).isEqualTo(200);
        return scrape.body();
    }
}
