package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Pareto;
import dev.pbs.model.distribution.Shifted;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.service.history.ProbeHistory;
import dev.pbs.service.probes.CannedLivePrediction;
import dev.pbs.service.probes.CannedProbeStatus;
import dev.pbs.service.probes.CannedProfiles;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every answer the API documents, obtained for real and checked against its schema in the OpenAPI
 * document the running service serves: each operation's 2xx answer to its documented example
 * request, and each documented 4xx. The schemas are generated from the records Jackson writes,
 * closed ({@code additionalProperties: false}) and with every property the records always write
 * required, so a field added to a record or to its schema alone fails here.
 *
 * <p>Also writes the document to {@code target/openapi.json}, which {@code tools/openapi-lint}
 * checks with Redocly's linter.
 */
class OpenApiAnswersTest {

    /** With a probe that never reaches its cluster, so that GET /api/v1/probes lists one. */
    @RegisterExtension
    static final TestService SERVICE = TestService.from("test-pbs-unreachable-probe.yml");

    /** Where the document is written for tools/openapi-lint (the module's target directory). */
    private static final Path DOCUMENT_FILE = Path.of("target", "openapi.json");
    /** The document's name for the validator, which reads it from memory, never from this address. */
    private static final String DOCUMENT_URI = "https://pbs.invalid/api/openapi.json";

    private static final String TOKEN = "Bearer test-token";
    private static final String NEW_PROFILE = "my-cluster";

    private static JsonNode document;
    private static SchemaRegistry schemas;
    /** Documented answers, as {@code operationId status}, and the schema of each under components/schemas. */
    private static final Map<String, String> ANSWER_SCHEMAS = new LinkedHashMap<>();

    /**
     * Fetches the document (the first request builds it: seconds on a cold, busy JVM), writes it for
     * the linter, and gives the validator a copy in which each documented answer's schema is also
     * a named schema, so that each can be checked by name with every {@code $ref} resolving.
     */
    @BeforeAll
    static void fetchTheDocument() throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(SERVICE.url("/api/openapi.json")))
                                .timeout(Duration.ofSeconds(60))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        Files.createDirectories(DOCUMENT_FILE.getParent());
        Files.writeString(DOCUMENT_FILE, response.body());
        document = JsonMapping.readTree(response.body());

        ObjectNode copy = document.deepCopy();
        ObjectNode components = (ObjectNode) copy.get("components").get("schemas");
        document.get("paths")
                .properties()
                .forEach(path -> path.getValue().properties().forEach(method -> {
                    JsonNode operation = method.getValue();
                    operation.get("responses").properties().forEach(answer -> {
                        if (answer.getKey().startsWith("2") || answer.getKey().startsWith("4")) {
                            String key = operation.get("operationId").asText() + " " + answer.getKey();
                            JsonNode schema = resolve(answer.getValue()).at("/content/application~1json/schema");
                            String name =
                                    "answer-" + operation.get("operationId").asText() + "-" + answer.getKey();
                            ANSWER_SCHEMAS.put(key, schema.isMissingNode() ? null : name);
                            if (!schema.isMissingNode()) {
                                components.set(name, schema);
                            }
                        }
                    });
                }));
        String validated = JsonMapping.mapper().writeValueAsString(copy);
        schemas = SchemaRegistry.withDialect(
                Dialects.getOpenApi30(), builder -> builder.schemas(Map.of(DOCUMENT_URI, validated)));
    }

    @Test
    void everyDocumentedAnswer_isObtainedAndMatchesItsSchema() throws Exception {
        Set<String> checked = new TreeSet<>();
        String example = exampleBody("/v1/predictions", "post");
        checked.add(check("predict", 200, send("POST", "/api/v1/predictions", example, null)));
        // Faulty replicas and a recovery curve: the optional fields the example leaves out, with the nulls of a
        // configuration never available (W = 3 while replica 3 is almost always down).
        check(
                "predict",
                200,
                send(
                        "POST",
                        "/api/v1/predictions",
                        "{\"profile\": \"lnkd-disk\", \"n\": 3, \"trials\": 2000, \"pause_every_ms\": 2000, "
                                + "\"pause_for_ms\": 200, \"outage_every_ms\": 0.001, \"outage_for_ms\": 1e10, "
                                + "\"hint_replay_ms\": 5000, \"faulty_replicas\": [3], \"recovery_outage_ms\": 20000}",
                        null));
        // The rare-event method: importance-sampled windows and P(stale), and its refusal.
        check(
                "predict",
                200,
                send(
                        "POST",
                        "/api/v1/predictions",
                        "{\"profile\": \"lnkd-ssd\", \"n\": 3, \"trials\": 2000, \"t_ms\": [0, 10, 1000], "
                                + "\"windows\": [0.99, 0.99999], \"stale_probabilities\": true}",
                        null));
        check(
                "predict",
                200,
                send(
                        "POST",
                        "/api/v1/predictions",
                        "{\"profile\": \"lnkd-ssd\", \"n\": 3, \"trials\": 2000, \"read_fanout\": \"targeted\", "
                                + "\"speculative_retry\": \"ALWAYS\", \"windows\": [0.99999], "
                                + "\"stale_probabilities\": true}",
                        null));
        // Coordinators on replicas for some operations: the share in the answer.
        check(
                "predict",
                200,
                send(
                        "POST",
                        "/api/v1/predictions",
                        "{\"profile\": \"lnkd-ssd\", \"n\": 3, \"trials\": 2000, \"read_fanout\": \"targeted\", "
                                + "\"coordinator_replica_share\": {\"writes\": 0.67, \"reads\": 0.5}}",
                        null));
        checked.add(
                check("predict", 400, send("POST", "/api/v1/predictions", "{\"profile\": \"ymmr\", \"n\": 0}", null)));
        check(
                "predict",
                400,
                send(
                        "POST",
                        "/api/v1/predictions",
                        "{\"profile\": \"ymmr\", \"n\": 3, \"pause_every_ms\": 200, \"pause_for_ms\": 2000}",
                        null));
        checked.add(check(
                "predict", 404, send("POST", "/api/v1/predictions", "{\"profile\": \"no-such\", \"n\": 3}", null)));
        checked.add(check("predict", 413, send("POST", "/api/v1/predictions", oversized(), null)));

        String question = exampleBody("/v1/recommendations", "post");
        checked.add(check("recommend", 200, send("POST", "/api/v1/recommendations", question, null)));
        // Consistency levels across datacenters: the optional fields the (N, R, W) example leaves out.
        check(
                "recommend",
                200,
                send(
                        "POST",
                        "/api/v1/recommendations",
                        "{\"profile\": \"lnkd-disk\", \"n\": 3, \"write_level\": [\"ONE\", \"QUORUM\"], "
                                + "\"read_level\": \"ONE\", \"require\": [\"window@0.999<=5ms\"], \"trials\": 2000}",
                        null));
        checked.add(check(
                "recommend",
                400,
                send(
                        "POST",
                        "/api/v1/recommendations",
                        "{\"profile\": \"ymmr\", \"n\": 3, \"objective\": \"fast\"}",
                        null)));
        checked.add(check(
                "recommend",
                404,
                send("POST", "/api/v1/recommendations", "{\"profile\": \"no-such\", \"n\": 3}", null)));
        checked.add(check("recommend", 413, send("POST", "/api/v1/recommendations", oversized(), null)));

        checked.add(check(
                "slaWindow", 200, send("GET", "/api/v1/sla/window?" + exampleQuery("/v1/sla/window"), null, null)));
        check(
                "slaWindow",
                200,
                send(
                        "GET",
                        "/api/v1/sla/window?profile=lnkd-disk&n=3&write_level=ONE&read_level=QUORUM&trials=2000",
                        null,
                        null));
        checked.add(
                check("slaWindow", 400, send("GET", "/api/v1/sla/window?profile=ymmr&n=3&r=1&w=1&p=2", null, null)));
        checked.add(check("slaWindow", 404, send("GET", "/api/v1/sla/window?profile=no-such&n=3&r=1&w=1", null, null)));

        checked.add(check("listProfiles", 200, send("GET", "/api/v1/profiles", null, null)));
        checked.add(check("listProfiles", 400, send("GET", "/api/v1/profiles;x=1", null, null)));
        String name = document.at("/paths/~1v1~1profiles~1{name}/get/parameters/0/example")
                .asText();
        checked.add(check("getProfile", 200, send("GET", "/api/v1/profiles/" + name, null, null)));
        for (String builtIn : List.of("lnkd-ssd", "ymmr", "wan", "ec2-three-regions")) {
            check("getProfile", 200, send("GET", "/api/v1/profiles/" + builtIn, null, null));
        }
        checked.add(check("getProfile", 400, send("GET", "/api/v1/profiles/a..b", null, null)));
        checked.add(check("getProfile", 404, send("GET", "/api/v1/profiles/no-such", null, null)));

        String profile = everyKindOfDistribution();
        String path = "/api/v1/profiles/" + NEW_PROFILE;
        checked.add(check("putProfile", 401, send("PUT", path, profile, null)));
        checked.add(check("putProfile", 403, send("PUT", path, profile, "Bearer wrong")));
        checked.add(check("putProfile", 201, send("PUT", path, profile, TOKEN)));
        checked.add(check("putProfile", 200, send("PUT", path, profile, TOKEN)));
        checked.add(check("putProfile", 400, send("PUT", path, "{\"name\": \"x\"}", TOKEN)));
        checked.add(check("putProfile", 409, send("PUT", "/api/v1/profiles/lnkd-disk", profile, TOKEN)));
        checked.add(check("putProfile", 413, send("PUT", path, oversized(), TOKEN)));
        checked.add(check("getProfile", 200, send("GET", path, null, null)));

        checked.add(check("deleteProfile", 401, send("DELETE", path, null, null)));
        checked.add(check("deleteProfile", 403, send("DELETE", path, null, "Bearer wrong")));
        checked.add(check("deleteProfile", 400, send("DELETE", "/api/v1/profiles/a..b", null, TOKEN)));
        checked.add(check("deleteProfile", 409, send("DELETE", "/api/v1/profiles/lnkd-disk", null, TOKEN)));
        checked.add(check("deleteProfile", 204, send("DELETE", path, null, TOKEN)));
        checked.add(check("deleteProfile", 404, send("DELETE", path, null, TOKEN)));

        HttpResponse<String> probes = send("GET", "/api/v1/probes", null, null);
        assertThat(JsonMapping.readTree(probes.body()))
                .as("the configured probe")
                .hasSize(1);
        checked.add(check("listProbes", 200, probes));
        checked.add(check("listProbes", 400, send("GET", "/api/v1/probes;x=1", null, null)));
        HttpResponse<String> history = send("GET", "/api/v1/probes/nowhere/history", null, null);
        assertThat(JsonMapping.readTree(history.body()).get("entries"))
                .as("nothing published yet")
                .isEmpty();
        checked.add(check("probeHistory", 200, history));
        checked.add(check("probeHistory", 400, send("GET", "/api/v1/probes/nowhere/history;x=1", null, null)));
        HttpResponse<String> unknown = send("GET", "/api/v1/probes/elsewhere/history", null, null);
        assertThat(unknown.body()).contains("no probe named 'elsewhere'; GET /api/v1/probes lists them");
        checked.add(check("probeHistory", 404, unknown));

        // Probes added and removed through the API (one whose contact point nothing listens on).
        String added = "{\"name\": \"added\", \"contactPoints\": [\"127.0.0.1:1\"], \"refreshSeconds\": 5}";
        checked.add(check("addProbe", 401, send("POST", "/api/v1/probes", added, null)));
        checked.add(check("addProbe", 403, send("POST", "/api/v1/probes", added, "Bearer wrong")));
        HttpResponse<String> badProbe =
                send("POST", "/api/v1/probes", "{\"name\": \"x\", \"contactPoint\": \"a\"}", TOKEN);
        assertThat(badProbe.body()).contains("unknown probe field 'contactPoint'");
        checked.add(check("addProbe", 400, badProbe));
        checked.add(check("addProbe", 413, send("POST", "/api/v1/probes", oversized(), TOKEN)));
        checked.add(check("addProbe", 201, send("POST", "/api/v1/probes", added, TOKEN)));
        HttpResponse<String> taken = send("POST", "/api/v1/probes", added, TOKEN);
        assertThat(taken.body()).contains("a probe named 'added' exists");
        checked.add(check("addProbe", 409, taken));
        assertThat(JsonMapping.readTree(
                        send("GET", "/api/v1/probes", null, null).body()))
                .as("the configured probe and the added one")
                .hasSize(2);
        HttpResponse<String> cluster = send("GET", "/api/v1/cluster", null, null);
        assertThat(JsonMapping.readTree(cluster.body()).get("probes")).hasSize(2);
        checked.add(check("cluster", 200, cluster));
        checked.add(check("cluster", 400, send("GET", "/api/v1/cluster;x=1", null, null)));
        checked.add(check("removeProbe", 401, send("DELETE", "/api/v1/probes/added", null, null)));
        checked.add(check("removeProbe", 403, send("DELETE", "/api/v1/probes/added", null, "Bearer wrong")));
        checked.add(check("removeProbe", 400, send("DELETE", "/api/v1/probes/added;x=1", null, TOKEN)));
        HttpResponse<String> configured = send("DELETE", "/api/v1/probes/nowhere", null, TOKEN);
        assertThat(configured.body()).contains("probe 'nowhere' is in the service's YAML");
        checked.add(check("removeProbe", 409, configured));
        checked.add(check("removeProbe", 204, send("DELETE", "/api/v1/probes/added", null, TOKEN)));
        checked.add(check("removeProbe", 404, send("DELETE", "/api/v1/probes/added", null, TOKEN)));

        assertThat(checked)
                .as("every documented 2xx and 4xx answer was obtained and checked")
                .containsExactlyInAnyOrderElementsOf(ANSWER_SCHEMAS.keySet());
    }

    /** A probe that ran an observation cannot be had without a cluster: its status as the service writes it. */
    @Test
    void runningProbeWithAnObservation_asTheServiceWritesIt_matchesTheSchema() {
        JsonNode answer = SERVICE.objectMapper()
                .valueToTree(List.of(
                        CannedProbeStatus.running("canned", 1_700_000_000L, 1234),
                        CannedProbeStatus.unreachable("down", "no route to host")));

        assertThat(answer.get(0).get("observation").get("points")).isNotEmpty();
        assertThat(problems("listProbes 200", answer)).isEmpty();
    }

    /** A history with entries, a prediction and drift cannot be had without a cluster: as the service writes it. */
    @Test
    void historyWithEntries_asTheServiceWritesIt_matchesTheSchema() throws Exception {
        ProbeHistory history = ProbeHistory.open(
                Files.createTempDirectory("pbs-history"), 10, Duration.ofSeconds(1), Duration.ofSeconds(1));
        Instant start = Instant.parse("2026-12-01T00:00:00Z");
        for (int index = 0; index < 3; index++) {
            history.record(
                    CannedProfiles.measured("cassandra:canned", index),
                    CannedLivePrediction.lnkdDisk(),
                    start.plusSeconds(10L * index));
        }
        JsonNode answer = SERVICE.objectMapper().valueToTree(history.view("canned"));

        assertThat(answer.at("/entries/2/drift")).hasSize(4);
        assertThat(answer.at("/entries/0/drift").isNull()).isTrue();
        assertThat(problems("probeHistory 200", answer)).isEmpty();
    }

    /** The check has teeth: a field the schema lacks, a missing one, a null where none may be. */
    @Test
    void answerThatPartsFromItsRecord_fails() throws Exception {
        ObjectNode window = (ObjectNode)
                JsonMapping.readTree(send("GET", "/api/v1/sla/window?" + exampleQuery("/v1/sla/window"), null, null)
                        .body());
        assertThat(problems("slaWindow 200", window)).isEmpty();

        assertThat(problems("slaWindow 200", window.deepCopy().put("extra", 1))).isNotEmpty();
        ObjectNode missing = window.deepCopy();
        missing.remove("seed");
        assertThat(problems("slaWindow 200", missing)).isNotEmpty();
        assertThat(problems("slaWindow 200", window.deepCopy().putNull("profile")))
                .isNotEmpty();
        assertThat(problems("slaWindow 200", window.deepCopy().putNull("t_ms")))
                .as("t_ms is nullable")
                .isEmpty();

        ObjectNode profile = (ObjectNode) JsonMapping.readTree(
                send("GET", "/api/v1/profiles/lnkd-disk", null, null).body());
        ((ObjectNode) profile.get("default").get("w")).put("mean_ms", 3);
        assertThat(problems("getProfile 200", profile))
                .as("a mixture with an exponential's field")
                .isNotEmpty();
    }

    /** Asserts the status, checks the body against the documented schema, and names the answer checked. */
    private static String check(String operationId, int status, HttpResponse<String> response) throws IOException {
        String key = operationId + " " + status;
        assertThat(response.statusCode())
                .as("%s %s: %s", response.request().method(), response.request().uri(), response.body())
                .isEqualTo(status);
        assertThat(ANSWER_SCHEMAS).as("%s is documented", key).containsKey(key);
        if (ANSWER_SCHEMAS.get(key) == null) {
            assertThat(response.body()).as(key).isEmpty();
        } else {
            assertThat(response.headers().firstValue("Content-Type"))
                    .as(key)
                    .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
            assertThat(problems(key, JsonMapping.readTree(response.body())))
                    .as("%s: %s", key, response.body())
                    .isEmpty();
        }
        return key;
    }

    private static List<String> problems(String key, JsonNode answer) {
        List<com.networknt.schema.Error> errors = schemas.getSchema(
                        SchemaLocation.of(DOCUMENT_URI + "#/components/schemas/" + ANSWER_SCHEMAS.get(key)))
                .validate(answer);
        return errors.stream().map(Object::toString).toList();
    }

    /** The operation's documented example request body. */
    private static String exampleBody(String path, String method) throws IOException {
        JsonNode examples =
                document.get("paths").get(path).get(method).at("/requestBody/content/application~1json/examples");
        Iterator<JsonNode> values = examples.elements();
        assertThat(values.hasNext())
                .as("%s %s documents an example", method, path)
                .isTrue();
        JsonNode value = values.next().get("value");
        return value.isTextual() ? value.asText() : JsonMapping.mapper().writeValueAsString(value);
    }

    /** The operation's documented parameter examples as a query string. */
    private static String exampleQuery(String path) {
        List<String> query = new ArrayList<>();
        document.get("paths").get(path).get("get").get("parameters").forEach(parameter -> {
            if (parameter.has("example")) {
                query.add(parameter.get("name").asText() + "="
                        + URLEncoder.encode(parameter.get("example").asText(), StandardCharsets.UTF_8));
            }
        });
        assertThat(query).as("%s documents examples", path).isNotEmpty();
        return String.join("&", query);
    }

    /** A body over the 1 MiB limit. */
    private static String oversized() {
        return "{\"profile\": \"" + "x".repeat(1 << 20) + "\", \"n\": 3}";
    }

    /** A profile file with every type of distribution, per-replica delays and datacenters. */
    private static String everyKindOfDistribution() {
        Histogram histogram = new Histogram(3);
        for (long micros = 100; micros < 5000; micros += 7) {
            histogram.recordValue(micros);
        }
        LatencyProfile profile = LatencyProfile.builder(NEW_PROFILE)
                .description("every kind")
                .provenance("test")
                .defaults(new MessageDelays(
                        Pareto.of(1.5, 3),
                        LogNormal.of(-1, 0.5),
                        Shifted.of(0.2, Exponential.ofMean(0.4)),
                        Mixture.of(List.of(
                                new Mixture.Component(0.9, Constant.of(0.3)),
                                new Mixture.Component(0.1, Exponential.ofMean(5))))))
                .replicaOverrides(List.of(
                        new DelayOverrides(Empirical.of(histogram, TimeUnit.MICROSECONDS), null, null, null),
                        DelayOverrides.NONE,
                        new DelayOverrides(null, null, null, Constant.of(1))))
                .topology(DatacenterTopology.explicit(
                        new int[] {0, 0, 1}, LogNormal.of(2, 0.25), CoordinatorPlacement.parse("dc:0")))
                .build();
        return ProfileJson.writeString(profile);
    }

    private static HttpResponse<String> send(String method, String target, String body, String authorization)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(SERVICE.url(target)))
                .timeout(Duration.ofSeconds(60))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        // A client each: Jetty may close the connection after refusing a request it did not read.
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Follows a local {@code $ref}, or returns the node itself. */
    private static JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        while (current != null && current.has("$ref")) {
            current = document.at(current.get("$ref").asText().substring(1));
        }
        return current;
    }
}
