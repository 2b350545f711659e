package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.service.probes.CannedProbeStatus;
import dev.pbs.service.probes.ProbeMetrics;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Grafana dashboards (dashboards module, grafana/*.json) against the running service: every metric a
 * panel or a template variable queries must be one the service exports on the admin port's /metrics, and
 * every panel must read the dashboard's Prometheus datasource variable.
 *
 * <p>The service runs with one probe whose contact point nothing listens on (127.0.0.1:1), so that the
 * probe families have samples: pbs_probe_connected (0), pbs_probe_operations_total (0 by outcome) and
 * pbs_probe_last_refresh_timestamp_seconds (0). Other families stay out of the scrape until a probe reaches
 * a cluster, because they have no sample before (and the Prometheus client then writes not even their
 * HELP and TYPE lines): pbs_probe_node_up (no nodes seen), pbs_probe_samples (nothing published), the
 * live predictions' (SlaMetrics: nothing predicted, nothing observed) and the drift's (DriftMetrics: no
 * history). Those, and only those, are checked instead against {@link ProbeMetrics} fed a connected
 * probe's status, which has a live prediction with a workload, an observation and drift.
 * The request histogram, pbs_http_server_requests_seconds, has series once the API has answered: the test
 * asks it one question first.
 */
class GrafanaDashboardsTest {

    private static final Pattern METRIC = Pattern.compile("\\b((?:pbs|jvm|process|jetty|logback)_[a-z0-9_]+)\\b");
    /** The files every check below must at least have found. */
    private static final List<String> KNOWN_DASHBOARDS =
            List.of("pbs-service.json", "pbs-probes.json", "pbs-slas.json");
    /** Families without samples, so absent from /metrics, until a probe connects to a cluster. */
    private static final Set<String> NEED_A_CONNECTED_PROBE = Set.of(
            "pbs_probe_node_up",
            "pbs_probe_samples",
            // SlaMetrics: once a probe has predicted its declared configurations (and observed).
            "pbs_predicted_window_seconds",
            "pbs_predicted_window_lower_seconds",
            "pbs_predicted_window_upper_seconds",
            "pbs_predicted_consistency_ratio",
            "pbs_predicted_consistency_lower_ratio",
            "pbs_predicted_consistency_upper_ratio",
            "pbs_predicted_latency_seconds",
            "pbs_predicted_latency_lower_seconds",
            "pbs_predicted_latency_upper_seconds",
            "pbs_sla_met",
            "pbs_predicted_stale_read_ratio",
            "pbs_predicted_stale_reads_per_day",
            "pbs_predicted_versions_behind_ratio",
            "pbs_predicted_timestamp_seconds",
            "pbs_observed_consistency_ratio",
            "pbs_observed_consistency_lower_ratio",
            "pbs_observed_consistency_upper_ratio",
            "pbs_observed_latency_seconds",
            "pbs_observation_within_interval_total",
            "pbs_observation_windows_total",
            // DriftMetrics: once a probe's history has a reference to compare against.
            "pbs_delay_drift_distance",
            "pbs_delay_drift_moved");

    @RegisterExtension
    static final TestService SERVICE = TestService.from("test-pbs-unreachable-probe.yml");

    @Test
    void everyQueriedMetric_isExportedByTheService() throws Exception {
        // The request histogram has series once the API has answered.
        HttpResponse<Void> answer = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(SERVICE.api("/profiles")))
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
        assertThat(answer.statusCode()).isEqualTo(200);
        String scrape = scrape();
        Set<String> exported = metricNames(scrape);
        // The probe is configured and exported: not connected, nothing done, never published.
        assertThat(scrape)
                .contains(
                        "pbs_probe_connected{probe=\"nowhere\"} 0.0",
                        "pbs_probe_last_refresh_timestamp_seconds{probe=\"nowhere\"} 0.0",
                        "pbs_probe_operations_total{outcome=\"succeeded\",probe=\"nowhere\"} 0.0",
                        "pbs_probe_operations_total{outcome=\"failed\",probe=\"nowhere\"} 0.0");
        assertThat(exported).doesNotContainAnyElementsOf(NEED_A_CONNECTED_PROBE);
        Set<String> connected = metricNames(connectedProbeScrape());
        assertThat(connected)
                .as("every family said to need a connected probe is exported once one is")
                .containsAll(NEED_A_CONNECTED_PROBE);

        Set<String> queriedByAll = new TreeSet<>();
        for (Map.Entry<String, JsonNode> file : dashboards().entrySet()) {
            String resource = file.getKey();
            JsonNode dashboard = file.getValue();
            assertThat(dashboard.get("uid").asText()).as(resource).isNotBlank();
            Set<String> queried = new LinkedHashSet<>();
            for (JsonNode panel : dashboard.get("panels")) {
                assertThat(panel.at("/datasource/uid").asText())
                        .as(panel.get("title").asText())
                        .isEqualTo("${datasource}");
                for (JsonNode target : panel.get("targets")) {
                    queried.addAll(metricsIn(target.get("expr").asText()));
                }
            }
            for (JsonNode variable : dashboard.at("/templating/list")) {
                if ("query".equals(variable.path("type").asText())) {
                    JsonNode query = variable.get("query");
                    queried.addAll(metricsIn(
                            query.isTextual()
                                    ? query.asText()
                                    : query.path("query").asText()));
                }
            }
            assertThat(queried).as(resource + " queries some metrics").isNotEmpty();
            Set<String> notScraped = new TreeSet<>(queried);
            notScraped.removeAll(exported);
            assertThat(notScraped)
                    .as(resource + ": queried but not in the service's /metrics")
                    .isSubsetOf(NEED_A_CONNECTED_PROBE);
            assertThat(connected)
                    .as(resource + ": exported once a probe is connected")
                    .containsAll(notScraped);
            queriedByAll.addAll(queried);
        }
        assertThat(queriedByAll)
                .as("the service dashboard's request histogram")
                .contains("pbs_http_server_requests_seconds_bucket", "pbs_http_server_requests_seconds_count");
        assertThat(queriedByAll)
                .as("the probe dashboard's families")
                .contains(
                        "pbs_probe_connected",
                        "pbs_probe_node_up",
                        "pbs_probe_operations_total",
                        "pbs_probe_samples",
                        "pbs_probe_last_refresh_timestamp_seconds");
        assertThat(queriedByAll)
                .as("the SLA dashboard's families")
                .contains(
                        "pbs_sla_met",
                        "pbs_predicted_window_seconds",
                        "pbs_predicted_window_lower_seconds",
                        "pbs_predicted_window_upper_seconds",
                        "pbs_predicted_consistency_ratio",
                        "pbs_observed_consistency_ratio",
                        "pbs_predicted_latency_seconds",
                        "pbs_observed_latency_seconds",
                        "pbs_predicted_stale_reads_per_day",
                        "pbs_predicted_stale_read_ratio",
                        "pbs_predicted_versions_behind_ratio",
                        "pbs_delay_drift_distance",
                        "pbs_delay_drift_moved",
                        "pbs_predicted_timestamp_seconds");
    }

    @Test
    void dashboards_haveADatasourceVariableAndStableUids() throws Exception {
        Set<String> uids = new HashSet<>();
        for (JsonNode dashboard : dashboards().values()) {
            assertThat(uids.add(dashboard.get("uid").asText())).as("unique uid").isTrue();
            JsonNode variable = dashboard.at("/templating/list/0");
            assertThat(variable.get("name").asText()).isEqualTo("datasource");
            assertThat(variable.get("query").asText()).isEqualTo("prometheus");
        }
        assertThat(uids).contains("pbs-service", "pbs-probes", "pbs-slas");
    }

    /**
     * The probe variable comes second, after the datasource; every panel's query, and every variable's
     * after it (a configuration filter), reads only the chosen probes.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "pbs-probes.json, 'label_values(pbs_probe_connected, probe)'",
        "pbs-slas.json, 'label_values(pbs_predicted_timestamp_seconds, probe)'"
    })
    void dashboard_choosesProbesByLabelAndFiltersEveryQueryByThem(String file, String probeQuery) throws Exception {
        JsonNode dashboard = dashboards().get(file);
        assertThat(dashboard).as(file).isNotNull();
        JsonNode variables = dashboard.at("/templating/list");
        JsonNode probe = variables.get(1);
        assertThat(probe.get("name").asText()).isEqualTo("probe");
        assertThat(probe.get("query").asText()).isEqualTo(probeQuery);
        assertThat(probe.at("/datasource/uid").asText()).isEqualTo("${datasource}");
        assertThat(probe.get("multi").asBoolean()).isTrue();
        assertThat(probe.get("includeAll").asBoolean()).isTrue();
        for (JsonNode panel : dashboard.get("panels")) {
            for (JsonNode target : panel.get("targets")) {
                assertFiltersByProbe(
                        panel.get("title").asText(), target.get("expr").asText());
            }
        }
        for (int index = 2; index < variables.size(); index++) {
            JsonNode variable = variables.get(index);
            if ("query".equals(variable.path("type").asText())) {
                assertThat(variable.at("/datasource/uid").asText()).isEqualTo("${datasource}");
                assertFiltersByProbe(
                        "variable " + variable.get("name").asText(),
                        variable.get("query").asText());
            }
        }
    }

    /** Each metric selector in the expression starts with the probe filter. */
    private static void assertFiltersByProbe(String where, String expression) {
        Matcher metric = METRIC.matcher(expression);
        while (metric.find()) {
            assertThat(expression.substring(metric.end()))
                    .as(where + ": " + expression)
                    .startsWith("{probe=~\"$probe\"");
        }
    }

    private static Set<String> metricsIn(String expression) {
        Set<String> names = new LinkedHashSet<>();
        Matcher matcher = METRIC.matcher(expression);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    /** Every grafana/*.json on the classpath (the dashboards module's folder or jar), by file name. */
    private static Map<String, JsonNode> dashboards() throws Exception {
        URL known = GrafanaDashboardsTest.class.getClassLoader().getResource("grafana/" + KNOWN_DASHBOARDS.get(0));
        assertThat(known).as("grafana/ on the classpath").isNotNull();
        URI uri = known.toURI();
        Map<String, JsonNode> found = new TreeMap<>();
        if ("jar".equals(uri.getScheme())) {
            try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
                readDashboards(jar.getPath("/grafana"), found);
            }
        } else {
            readDashboards(Path.of(uri).getParent(), found);
        }
        assertThat(found.keySet()).containsAll(KNOWN_DASHBOARDS);
        return found;
    }

    private static void readDashboards(Path folder, Map<String, JsonNode> found) throws IOException {
        ObjectMapper json = JsonMapping.mapper();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(path -> path.getFileName().toString().endsWith(".json"))
                    .toList()) {
                try (InputStream input = Files.newInputStream(file)) {
                    found.put(file.getFileName().toString(), json.readTree(input));
                }
            }
        }
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

    /** What the probe metrics give for a probe connected to three nodes that has published a profile. */
    private static String connectedProbeScrape() throws IOException {
        PrometheusRegistry registry = new PrometheusRegistry();
        ProbeMetrics.register(registry, () -> List.of(CannedProbeStatus.running("local", 1_795_990_000L, 1500)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Metric names of the exposition's samples, including summary and counter series names. */
    private static Set<String> metricNames(String exposition) {
        Set<String> names = new HashSet<>();
        for (String line : exposition.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.split("[{ ]", 2)[0]);
            }
        }
        return names;
    }
}
