package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.testing.LocalClusterExtension;
import dev.pbs.formats.json.JsonMapping;
import io.dropwizard.testing.DropwizardTestSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17's done-when, against the real parts: the service with a probe of the local test cluster
 * and two declared SLAs, Debian's Prometheus scraping it every second with the alerting rules of
 * {@code dashboards/prometheus/pbs-alerts.yml} (their {@code for:} shortened to 10 s). While the
 * cluster is healthy the ONE/ONE SLA ({@code window@0.99<=150ms}) is met; then every node delays
 * its write requests (MUTATION_REQ, exponential, mean 150 ms), the SLA gauge drops to 0, Prometheus
 * sees it and fires PbsSlaMissed, and the history's drift names W. Every query of every Grafana
 * dashboard and every alert rule is evaluated through Prometheus's HTTP API: each parses and
 * returns data. Finally the service restarts and its history is still there. The timeline is
 * printed and written to {@code target/live-sla-timeline.txt}.
 */
@Tag("end-to-end")
@ExtendWith(LocalClusterExtension.class)
class LiveSlaPrometheusIT {

    private static final String PROBE = "sla";
    private static final String ONE_ONE_REQUIREMENT = "window@0.99<=150ms";
    private static final String INJECTED = "MUTATION_REQ=exponential:150";
    private static final Duration ALERT_FOR = Duration.ofSeconds(10);
    /**
     * The probe's window: long enough (at 60 operations a second) for decided verdicts. The waits
     * for kept windows scale with it, as they were set for 10-second windows: four windows within
     * 15 windows' time, a window that names the moved message within 12.
     */
    private static final int WINDOW_SECONDS = 20;

    private static final Path DASHBOARDS =
            Path.of("..", "dashboards").toAbsolutePath().normalize();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path folder;

    private final List<String> timeline = new ArrayList<>();
    private long started;

    private void mark(String event) {
        String line = String.format(java.util.Locale.ROOT, "%6.1f s  %s", (System.nanoTime() - started) / 1e9, event);
        timeline.add(line);
        System.out.println("[timeline] " + line);
    }

    @Test
    void slaMetThenMissedAfterDelaysAreRaised_alertFires_driftNamesW_historySurvivesRestart(LocalCluster cluster)
            throws Exception {
        Assumptions.assumeTrue(PrometheusServer.installedOrFail(), PrometheusServer.MISSING);
        started = System.nanoTime();
        cluster.changeInjectedDelays("");
        Path configuration = writeConfiguration(cluster);
        DropwizardTestSupport<PbsConfiguration> service =
                new DropwizardTestSupport<>(PbsApplication.class, configuration.toString());
        service.before();
        mark("service started, probe '" + PROBE + "' connecting to "
                + cluster.contactPoints().get(0));
        try (PrometheusServer prometheus =
                PrometheusServer.start(folder, "127.0.0.1:" + service.getAdminPort(), shortenedRules())) {
            mark("prometheus scraping the admin port every 1 s, rules every 1 s (for: " + ALERT_FOR.toSeconds()
                    + " s)");
            String oneOne = "pbs_sla_met{probe=\"" + PROBE + "\",write_level=\"ONE\",read_level=\"ONE\",requirement=\""
                    + ONE_ONE_REQUIREMENT + "\"}";
            String quorum = "pbs_sla_met{probe=\"" + PROBE + "\",write_level=\"QUORUM\",read_level=\"QUORUM\"}";

            awaitValue(prometheus, oneOne, 1, Duration.ofSeconds(180));
            mark("ONE/ONE " + ONE_ONE_REQUIREMENT + " met (pbs_sla_met 1 in Prometheus); window@0.99 "
                    + windowMillis(service) + " ms");
            awaitHistory(
                    service, history -> history.get("entries").size() >= 4, Duration.ofSeconds(15 * WINDOW_SECONDS));
            mark("history holds " + history(service).get("entries").size()
                    + " completed windows of the healthy cluster");
            provokeRequestsAndA503(service);

            cluster.changeInjectedDelays(INJECTED);
            long injectedAt = System.currentTimeMillis() / 1000;
            mark("injected " + INJECTED + " on every node");
            awaitServiceGauge(
                    service,
                    "pbs_sla_met{clock=\"acknowledgement\",datacenter=\"\",probe=\"" + PROBE
                            + "\",read_level=\"ONE\",requirement=\"" + ONE_ONE_REQUIREMENT
                            + "\",write_level=\"ONE\"} 0.0",
                    Duration.ofSeconds(180));
            mark("service gauge pbs_sla_met 0; window@0.99 " + windowMillis(service) + " ms");
            awaitValue(prometheus, oneOne, 0, Duration.ofSeconds(30));
            long zero = System.nanoTime();
            mark("Prometheus sees pbs_sla_met 0");
            awaitAlert(prometheus, "PbsSlaMissed", "firing", Duration.ofSeconds(60));
            double firedAfter = (System.nanoTime() - zero) / 1e9;
            mark("PbsSlaMissed firing (GET /api/v1/alerts), " + String.format(java.util.Locale.ROOT, "%.1f", firedAfter)
                    + " s after Prometheus saw 0");
            assertThat(firedAfter)
                    .as("fires after its for: of 10 s, within a few evaluations")
                    .isBetween(8.0, 25.0);
            assertThat(prometheus.query(quorum).at("/data/result/0/value/1").asText())
                    .as("the strict QUORUM/QUORUM SLA still holds")
                    .isEqualTo("1");

            JsonNode drift = awaitHistory(
                            service,
                            history -> firstMove(history, injectedAt) != null,
                            Duration.ofSeconds(12 * WINDOW_SECONDS))
                    .get("entries");
            JsonNode latest = firstMove(JsonMapping.mapper().createObjectNode().set("entries", drift), injectedAt);
            mark("history entry of " + (latest.get("published_at_epoch_seconds").asLong() - injectedAt)
                    + " s after the injection: moved " + movedMessages(latest) + "; " + driftSummary(latest));

            List<String> problems = new ArrayList<>();
            int grafana = checkGrafanaQueries(prometheus, problems);
            int rules = checkAlertRules(prometheus, problems);
            mark(grafana + " Grafana queries and " + rules + " alert rules evaluated in Prometheus");
            assertThat(problems).as("queries that failed or returned no data").isEmpty();

            List<Long> before = publishedTimes(history(service));
            service.after();
            service = new DropwizardTestSupport<>(PbsApplication.class, configuration.toString());
            service.before();
            List<Long> after = publishedTimes(history(service));
            mark("service restarted: history has " + after.size() + " entries, " + before.size() + " before");
            assertThat(after).containsAll(before);
        } finally {
            cluster.changeInjectedDelays("");
            service.after();
            Files.writeString(Path.of("target", "live-sla-timeline.txt"), String.join("\n", timeline) + "\n");
        }
    }

    private Path writeConfiguration(LocalCluster cluster) throws Exception {
        Path configuration = folder.resolve("pbs.yml");
        Files.writeString(configuration, """
                dataDirectory: %s
                apiToken: test-token
                limits:
                  maxTrials: 4000000
                  defaultTrials: 2000
                  concurrentSimulations: 1
                  queuedSimulations: 0
                probes:
                  - name: %s
                    contactPoints: ["%s"]
                    keyspace: pbs_probe_sla_it
                    rate: 60
                    traceFraction: 0.5
                    refreshSeconds: 5
                    windowSeconds: %d
                    warmUpRoundSeconds: 3
                    observeWrites: 10
                    predictionTrials: 50000
                    historySize: 200
                    historySpacingSeconds: 5
                    workload: {readsPerSecond: 1000, writesPerSecond: 100, keys: 10000}
                    slas:
                      - {writeLevel: ONE, readLevel: ONE, require: ["%s"]}
                      - {writeLevel: QUORUM, readLevel: QUORUM, require: ["consistency@0ms>=0.999"]}
                server:
                  rootPath: /api/
                  applicationConnectors: [{type: http, bindHost: 127.0.0.1, port: 0}]
                  adminConnectors: [{type: http, bindHost: 127.0.0.1, port: 0}]
                logging:
                  level: WARN
                  loggers:
                    dev.pbs.service.probes: INFO
                """.formatted(
                        folder.resolve("data"), PROBE, hostAndPort(cluster), WINDOW_SECONDS, ONE_ONE_REQUIREMENT));
        return configuration;
    }

    private static String hostAndPort(LocalCluster cluster) {
        var address = cluster.contactPoints().get(0);
        return address.getHostString() + ":" + address.getPort();
    }

    /** The alerting rules with every {@code for:} shortened, so that the test sees them fire. */
    private Path shortenedRules() throws Exception {
        String rules = Files.readString(DASHBOARDS.resolve("prometheus").resolve("pbs-alerts.yml"));
        Path shortened = folder.resolve("pbs-alerts.yml");
        Files.writeString(shortened, rules.replaceAll("for: \\d+[smh]", "for: " + ALERT_FOR.toSeconds() + "s"));
        return shortened;
    }

    /** Requests for the request histogram's panels, and a 503 (two predictions at once, one slot, no queue). */
    private void provokeRequestsAndA503(DropwizardTestSupport<PbsConfiguration> service) throws Exception {
        String body = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"trials\": 4000000}";
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int index = 0; index < 3; index++) {
            answers.add(HTTP.sendAsync(
                    HttpRequest.newBuilder(
                                    URI.create("http://127.0.0.1:" + service.getLocalPort() + "/api/v1/predictions"))
                            .header("Content-Type", "application/json")
                            .timeout(Duration.ofSeconds(120))
                            .POST(HttpRequest.BodyPublishers.ofString(body))
                            .build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        List<Integer> statuses = new ArrayList<>();
        for (CompletableFuture<HttpResponse<String>> answer : answers) {
            statuses.add(answer.get().statusCode());
        }
        get(service.getLocalPort(), "/api/v1/profiles/no-such-profile");
        mark("three predictions at once answered " + statuses + "; a 404");
        assertThat(statuses).contains(200, 503);
    }

    private static HttpResponse<String> get(int port, String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .timeout(Duration.ofSeconds(30))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode history(DropwizardTestSupport<PbsConfiguration> service) throws Exception {
        return JsonMapping.readTree(get(service.getLocalPort(), "/api/v1/probes/" + PROBE + "/history")
                .body());
    }

    private static JsonNode latest(JsonNode history) {
        JsonNode entries = history.get("entries");
        return entries.size() == 0 ? JsonMapping.mapper().createObjectNode() : entries.get(entries.size() - 1);
    }

    private static List<String> movedMessages(JsonNode entry) {
        List<String> moved = new ArrayList<>();
        for (JsonNode drift : entry.path("drift")) {
            if (drift.get("moved").asBoolean()) {
                moved.add(drift.get("message").asText());
            }
        }
        return moved;
    }

    /** Each message's median, reference then latest, and distance: {@code W 1.56 -> 75.9 ms D 0.875}. */
    private static String driftSummary(JsonNode entry) {
        List<String> parts = new ArrayList<>();
        for (JsonNode drift : entry.path("drift")) {
            parts.add(String.format(
                    java.util.Locale.ROOT,
                    "%s %.3g -> %.3g ms D %.3f (spread %.3f)",
                    drift.get("message").asText(),
                    drift.get("reference_median_ms").asDouble(),
                    drift.get("latest_median_ms").asDouble(),
                    drift.get("statistic").asDouble(),
                    drift.get("reference_spread").asDouble()));
        }
        return String.join(", ", parts);
    }

    private static String largestDistance(JsonNode entry) {
        String largest = null;
        double distance = -1;
        for (JsonNode drift : entry.path("drift")) {
            if (drift.get("statistic").asDouble() > distance) {
                distance = drift.get("statistic").asDouble();
                largest = drift.get("message").asText();
            }
        }
        return largest;
    }

    /**
     * The first entry kept after {@code since} (Unix time) whose drift names W as moved and as the
     * message that moved most; null when there is none yet.
     */
    private static JsonNode firstMove(JsonNode history, long since) {
        for (JsonNode entry : history.get("entries")) {
            if (entry.get("published_at_epoch_seconds").asLong() > since
                    && movedMessages(entry).contains("W")
                    && "W".equals(largestDistance(entry))) {
                return entry;
            }
        }
        return null;
    }

    private static List<Long> publishedTimes(JsonNode history) {
        List<Long> times = new ArrayList<>();
        history.get("entries")
                .forEach(entry ->
                        times.add(entry.get("published_at_epoch_seconds").asLong()));
        return times;
    }

    /** The ONE/ONE 99% window the probe's status shows now, ms ("beyond the range" when null). */
    private static String windowMillis(DropwizardTestSupport<PbsConfiguration> service) throws Exception {
        JsonNode probe = JsonMapping.readTree(
                        get(service.getLocalPort(), "/api/v1/probes").body())
                .get(0);
        for (JsonNode configuration : probe.at("/prediction/configurations")) {
            if (configuration.get("write_level").asText().equals("ONE")) {
                for (JsonNode window : configuration.get("windows")) {
                    if (window.get("p").asDouble() == 0.99) {
                        return window.get("ms").isNull()
                                ? "beyond the range"
                                : String.format(
                                        java.util.Locale.ROOT,
                                        "%.1f",
                                        window.get("ms").asDouble());
                    }
                }
            }
        }
        return "?";
    }

    private static JsonNode awaitHistory(
            DropwizardTestSupport<PbsConfiguration> service, Predicate<JsonNode> condition, Duration limit)
            throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        JsonNode history = null;
        while (System.nanoTime() < deadline) {
            history = history(service);
            if (condition.test(history)) {
                return history;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("the history did not reach the expected state in " + limit.toSeconds() + " s: "
                + (history == null ? null : latest(history)) + "; the probe: " + probeState(service));
    }

    /** The probe's state and problems, as /api/v1/probes gives them: what a failure message needs. */
    private static String probeState(DropwizardTestSupport<PbsConfiguration> service) throws Exception {
        JsonNode probe = JsonMapping.readTree(
                        get(service.getLocalPort(), "/api/v1/probes").body())
                .get(0);
        List<String> fields = new ArrayList<>();
        for (String field :
                List.of("state", "last_error", "refresh_problem", "observation_problem", "samples", "operations")) {
            fields.add(field + "=" + probe.path(field));
        }
        // The service runs in this JVM: where its probe's threads are now.
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            if (thread.getName().startsWith("pbs-probe")) {
                fields.add("\n" + thread.getName() + " " + thread.getState() + ":\n    "
                        + String.join(
                                "\n    ",
                                java.util.Arrays.stream(stack)
                                        .limit(25)
                                        .map(String::valueOf)
                                        .toList()));
            }
        });
        return String.join(", ", fields);
    }

    private static void awaitServiceGauge(
            DropwizardTestSupport<PbsConfiguration> service, String sample, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        String scrape = "";
        while (System.nanoTime() < deadline) {
            scrape = get(service.getAdminPort(), "/metrics").body();
            if (scrape.contains(sample)) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no '" + sample + "' in the service's /metrics in " + limit.toSeconds() + " s: "
                + scrape.lines().filter(line -> line.startsWith("pbs_sla_met")).toList());
    }

    private static void awaitValue(PrometheusServer prometheus, String expression, double value, Duration limit)
            throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        JsonNode answer = null;
        while (System.nanoTime() < deadline) {
            answer = prometheus.query(expression);
            JsonNode result = answer.at("/data/result");
            if (result.size() == 1
                    && Double.parseDouble(result.get(0).at("/value/1").asText()) == value) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError(
                expression + " was not " + value + " in Prometheus in " + limit.toSeconds() + " s: " + answer);
    }

    private static void awaitAlert(PrometheusServer prometheus, String name, String state, Duration limit)
            throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        JsonNode alerts = null;
        while (System.nanoTime() < deadline) {
            alerts = prometheus.api("/api/v1/alerts");
            for (JsonNode alert : alerts.at("/data/alerts")) {
                if (alert.at("/labels/alertname").asText().equals(name)
                        && alert.at("/labels/probe").asText().equals(PROBE)
                        && alert.get("state").asText().equals(state)) {
                    assertThat(alert.at("/labels/write_level").asText()).isEqualTo("ONE");
                    return;
                }
            }
            Thread.sleep(250);
        }
        throw new AssertionError(name + " was not " + state + " in " + limit.toSeconds() + " s: " + alerts);
    }

    /** Every panel's and variable's query of every dashboard: parses and returns data. */
    private static int checkGrafanaQueries(PrometheusServer prometheus, List<String> problems) throws Exception {
        Map<String, String> queries = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(DASHBOARDS.resolve("grafana"))) {
            for (Path file : files.filter(path -> path.toString().endsWith(".json"))
                    .sorted()
                    .toList()) {
                JsonNode dashboard = JsonMapping.readTree(Files.readString(file));
                collectPanels(file.getFileName().toString(), dashboard.path("panels"), queries);
                for (JsonNode variable : dashboard.at("/templating/list")) {
                    if ("query".equals(variable.path("type").asText())) {
                        JsonNode query = variable.get("query");
                        String text = query.isTextual()
                                ? query.asText()
                                : query.path("query").asText();
                        queries.put(
                                file.getFileName() + " variable "
                                        + variable.get("name").asText(),
                                text);
                    }
                }
            }
        }
        for (Map.Entry<String, String> query : queries.entrySet()) {
            String expression = promql(query.getValue());
            JsonNode answer = prometheus.query(expression);
            if (!"success".equals(answer.path("status").asText())) {
                problems.add(query.getKey() + ": " + expression + ": "
                        + answer.path("error").asText());
            } else if (answer.at("/data/result").isArray()
                    && answer.at("/data/result").isEmpty()) {
                problems.add(query.getKey() + ": " + expression + ": no data");
            }
        }
        return queries.size();
    }

    private static void collectPanels(String file, JsonNode panels, Map<String, String> queries) {
        for (JsonNode panel : panels) {
            collectPanels(file, panel.path("panels"), queries);
            int index = 0;
            for (JsonNode target : panel.path("targets")) {
                queries.put(
                        file + " '" + panel.path("title").asText() + "' #" + index++,
                        target.get("expr").asText());
            }
        }
    }

    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((.*),\\s*\\w+\\)");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{?(\\w+)}?");

    /** A Grafana query as Prometheus reads it: variables filled in for this probe, label_values as its series. */
    static String promql(String grafana) {
        Matcher labelValues = LABEL_VALUES.matcher(grafana.trim());
        String query = labelValues.matches() ? labelValues.group(1) : grafana;
        Matcher variable = VARIABLE.matcher(query);
        StringBuilder filled = new StringBuilder();
        while (variable.find()) {
            String value = switch (variable.group(1)) {
                case "probe" -> PROBE;
                case "__rate_interval", "__range" -> "1m";
                case "__interval" -> "15s";
                default -> ".*";
            };
            variable.appendReplacement(filled, Matcher.quoteReplacement(value));
        }
        variable.appendTail(filled);
        return filled.toString();
    }

    /** Every alert rule evaluates without error, and its expression without its threshold returns data. */
    private static int checkAlertRules(PrometheusServer prometheus, List<String> problems) throws Exception {
        int rules = 0;
        for (JsonNode group : prometheus.api("/api/v1/rules").at("/data/groups")) {
            for (JsonNode rule : group.get("rules")) {
                rules++;
                String name = rule.get("name").asText();
                if (!"ok".equals(rule.path("health").asText())) {
                    problems.add("rule " + name + ": " + rule.path("health").asText() + " " + rule.path("lastError"));
                }
                String measured = withoutThreshold(rule.get("query").asText());
                JsonNode answer = prometheus.query(measured);
                if (!"success".equals(answer.path("status").asText())
                        || answer.at("/data/result").isEmpty()) {
                    problems.add("rule " + name + ": " + measured + ": " + answer);
                }
            }
        }
        assertThat(rules).isEqualTo(3);
        return rules;
    }

    /** An alert expression's left side: what it compares with its threshold. */
    static String withoutThreshold(String expression) {
        int depth = 0;
        boolean quoted = false;
        for (int index = 0; index < expression.length(); index++) {
            char character = expression.charAt(index);
            if (character == '"') {
                quoted = !quoted;
            } else if (!quoted && (character == '(' || character == '{' || character == '[')) {
                depth++;
            } else if (!quoted && (character == ')' || character == '}' || character == ']')) {
                depth--;
            } else if (!quoted && depth == 0 && (character == '>' || character == '<' || character == '=')) {
                return expression.substring(0, index).trim();
            }
        }
        return expression;
    }
}
