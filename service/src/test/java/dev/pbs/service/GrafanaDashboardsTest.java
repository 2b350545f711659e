package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Grafana dashboards (dashboards module, grafana/) against the running service: every metric a
 * panel queries must be one the service exports on the admin port's /metrics, and every panel
 * must read the dashboard's Prometheus datasource variable.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class GrafanaDashboardsTest {

    private static final Pattern METRIC = Pattern.compile("\\b((?:pbs|jvm|process)_[a-z0-9_]+)\\b");
    private static final String[] DASHBOARDS = {"grafana/pbs-service.json"};

    private static final DropwizardAppExtension<PbsConfiguration> APP = new DropwizardAppExtension<>(
            PbsApplication.class, ResourceHelpers.resourceFilePath("test-pbs.yml"),
            ConfigOverride.config("dataDirectory", temporaryDirectory()));

    private static String temporaryDirectory() {
        try {
            return Files.createTempDirectory("pbs-grafana").toString();
        } catch (IOException problem) {
            throw new UncheckedIOException(problem);
        }
    }

    @Test
    void everyQueriedMetric_isExportedByTheService() throws Exception {
        Set<String> exported = exportedMetricNames();
        for (String resource : DASHBOARDS) {
            JsonNode dashboard = read(resource);
            assertThat(dashboard.get("uid").asText()).as(resource).isNotBlank();
            Set<String> queried = new LinkedHashSet<>();
            for (JsonNode panel : dashboard.get("panels")) {
                assertThat(panel.at("/datasource/uid").asText()).as(panel.get("title").asText())
                        .isEqualTo("${datasource}");
                for (JsonNode target : panel.get("targets")) {
                    Matcher matcher = METRIC.matcher(target.get("expr").asText());
                    while (matcher.find()) {
                        queried.add(matcher.group(1));
                    }
                }
            }
            assertThat(queried).as(resource + " queries some metrics").isNotEmpty();
            assertThat(exported).as(resource).containsAll(queried);
        }
    }

    @Test
    void dashboards_haveADatasourceVariableAndStableUids() throws Exception {
        Set<String> uids = new HashSet<>();
        for (String resource : DASHBOARDS) {
            JsonNode dashboard = read(resource);
            assertThat(uids.add(dashboard.get("uid").asText())).as("unique uid").isTrue();
            JsonNode variable = dashboard.at("/templating/list/0");
            assertThat(variable.get("name").asText()).isEqualTo("datasource");
            assertThat(variable.get("query").asText()).isEqualTo("prometheus");
        }
    }

    private static JsonNode read(String resource) throws IOException {
        try (InputStream input = GrafanaDashboardsTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(input).as(resource + " on the classpath").isNotNull();
            return new ObjectMapper().readTree(input);
        }
    }

    /** Metric names of the exposition, including summary and counter series names. */
    private static Set<String> exportedMetricNames() throws Exception {
        HttpResponse<String> scrape = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + APP.getAdminPort() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(scrape.statusCode()).isEqualTo(200);
        Set<String> names = new HashSet<>();
        for (String line : scrape.body().split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.split("[{ ]", 2)[0]);
            }
        }
        return names;
    }
}
