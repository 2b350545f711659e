package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The OpenAPI document at /api/openapi.json and Swagger UI at /swagger/, from the whole application. */
class ApiDocumentationTest {

    @RegisterExtension
    static final TestService SERVICE = TestService.standard();

    private static JsonNode document;

    /**
     * The first request builds the document (about 1 s on a cold JVM, more on a busy machine), so
     * this one does not use the test client, which gives up after 5 s.
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
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        document = JsonMapping.mapper().readTree(response.body());
    }

    @Test
    void openApi_listsEveryEndpointWithItsMethods() {
        JsonNode paths = document.get("paths");

        assertThat(fieldNames(paths))
                .containsExactlyInAnyOrder(
                        "/v1/profiles",
                        "/v1/profiles/{name}",
                        "/v1/predictions",
                        "/v1/recommendations",
                        "/v1/sla/window",
                        "/v1/probes",
                        "/v1/probes/{name}",
                        "/v1/probes/{name}/history",
                        "/v1/cluster");
        assertThat(fieldNames(paths.get("/v1/recommendations"))).containsExactly("post");
        assertThat(fieldNames(paths.get("/v1/profiles"))).containsExactly("get");
        assertThat(fieldNames(paths.get("/v1/profiles/{name}"))).containsExactlyInAnyOrder("get", "put", "delete");
        assertThat(fieldNames(paths.get("/v1/predictions"))).containsExactly("post");
        assertThat(fieldNames(paths.get("/v1/sla/window"))).containsExactly("get");
        assertThat(fieldNames(paths.get("/v1/probes"))).containsExactlyInAnyOrder("get", "post");
        assertThat(fieldNames(paths.get("/v1/probes/{name}"))).containsExactly("delete");
        assertThat(fieldNames(paths.get("/v1/cluster"))).containsExactly("get");
        assertThat(fieldNames(paths.get("/v1/probes/{name}/history"))).containsExactly("get");
        assertThat(document.at("/openapi").asText()).startsWith("3.");
        assertThat(document.at("/info/title").asText()).isNotBlank();
        assertThat(document.at("/info/version").asText()).isNotBlank().doesNotContain("${");
        assertThat(document.at("/info/description").asText()).isNotBlank();
        assertThat(document.at("/info/license/name").asText()).isEqualTo("Apache-2.0");
        assertThat(document.at("/info/license/url").asText()).isEqualTo("https://www.apache.org/licenses/LICENSE-2.0");
        assertThat(document.at("/servers/0/url").asText()).isEqualTo("/api");
        paths.forEach(path -> path.forEach(operation -> {
            assertThat(operation.get("summary").asText()).isNotBlank();
            assertThat(operation.get("operationId").asText()).isNotBlank();
        }));
    }

    @Test
    void openApi_documentsTheErrorAnswersOfEachOperation() {
        Map<String, List<String>> expected = Map.of(
                "/v1/profiles/{name}/get", List.of("200", "400", "404"),
                "/v1/profiles/{name}/put", List.of("200", "201", "400", "401", "403", "409", "413"),
                "/v1/profiles/{name}/delete", List.of("204", "400", "401", "403", "404", "409"),
                "/v1/predictions/post", List.of("200", "400", "404", "413", "503"),
                "/v1/recommendations/post", List.of("200", "400", "404", "413", "503"),
                "/v1/sla/window/get", List.of("200", "400", "404", "503"));
        expected.forEach((operation, codes) -> {
            int split = operation.lastIndexOf('/');
            JsonNode responses = document.get("paths")
                    .get(operation.substring(0, split))
                    .get(operation.substring(split + 1))
                    .get("responses");
            assertThat(fieldNames(responses)).as(operation).containsExactlyInAnyOrderElementsOf(codes);
            for (String code : codes) {
                if (code.startsWith("4") || code.startsWith("5")) {
                    JsonNode error = resolve(responses.get(code));
                    assertThat(error.get("description").asText())
                            .as("%s %s", operation, code)
                            .isNotBlank();
                    assertThat(schemaOf(error))
                            .as("%s %s", operation, code)
                            .isEqualTo(document.at("/components/schemas/Error"));
                }
            }
        });
        assertThat(fieldNames(document.at("/components/schemas/Error/properties")))
                .containsExactlyInAnyOrder("code", "message");
        assertThat(resolve(document.at("/paths/~1v1~1predictions/post/responses/503"))
                        .has("headers"))
                .isTrue();
        assertThat(document.at("/paths/~1v1~1profiles~1{name}/put/security/0").has("bearer"))
                .isTrue();
        assertThat(document.at("/components/securitySchemes/bearer/scheme").asText())
                .isEqualTo("bearer");
    }

    @Test
    void openApi_describesThePredictionRequestAndTheQueryParameters() {
        JsonNode body = document.at("/paths/~1v1~1predictions/post/requestBody");
        assertThat(body.get("required").asBoolean()).isTrue();
        JsonNode request = schemaOf(body);
        assertThat(fieldNames(request.get("properties")))
                .containsExactlyInAnyOrder(
                        "profile",
                        "profile_inline",
                        "n",
                        "r",
                        "w",
                        "t_ms",
                        "windows",
                        "stale_probabilities",
                        "percentiles",
                        "k",
                        "trials",
                        "seed",
                        "read_fanout",
                        "coordinator_replica",
                        "coordinator_replica_share",
                        "speculative_retry",
                        "read_repair",
                        "replica_choice",
                        "snitch_badness_threshold",
                        "write_rate",
                        "read_interval_ms",
                        "write_level",
                        "read_level",
                        "write_dc",
                        "read_dc",
                        "levels",
                        "dc_matrix",
                        "pause_every_ms",
                        "pause_for_ms",
                        "pause_timing",
                        "outage_every_ms",
                        "outage_for_ms",
                        "hint_window_ms",
                        "hint_replay_ms",
                        "faulty_replicas",
                        "healthy",
                        "recovery_outage_ms",
                        "recovery_times_ms");
        assertThat(request.has("required"))
                .as("every field has a default or an alternative")
                .isFalse();
        // Each time the fault fields take is in milliseconds, and says so.
        request.get("properties").properties().forEach(field -> {
            if (field.getKey().endsWith("_ms")) {
                assertThat(field.getValue().path("description").asText())
                        .as(field.getKey())
                        .containsPattern("\\b(ms|milliseconds)\\b");
            }
        });
        request.get("properties")
                .properties()
                .forEach(field -> assertThat(
                                resolve(field.getValue()).path("description").asText())
                        .as(field.getKey())
                        .isNotBlank());

        List<String> parameters = new ArrayList<>();
        document.at("/paths/~1v1~1sla~1window/get/parameters").forEach(parameter -> {
            assertThat(parameter.get("description").asText()).isNotBlank();
            parameters.add(
                    parameter.get("in").asText() + ":" + parameter.get("name").asText());
        });
        assertThat(parameters)
                .containsExactlyInAnyOrder(
                        "query:profile",
                        "query:n",
                        "query:r",
                        "query:w",
                        "query:p",
                        "query:trials",
                        "query:seed",
                        "query:write_level",
                        "query:read_level",
                        "query:write_dc",
                        "query:read_dc");

        JsonNode recommendation = schemaOf(document.at("/paths/~1v1~1recommendations/post/requestBody"));
        assertThat(fieldNames(recommendation.get("properties")))
                .containsExactlyInAnyOrder(
                        "profile",
                        "profile_inline",
                        "n",
                        "require",
                        "objective",
                        "levels",
                        "trials",
                        "seed",
                        "write_level",
                        "read_level",
                        "write_dc",
                        "read_dc",
                        "read_fanout",
                        "speculative_retry",
                        "read_repair",
                        "replica_choice",
                        "snitch_badness_threshold");
        assertThat(recommendation.has("required"))
                .as("every field has a default or an alternative")
                .isFalse();
        recommendation
                .get("properties")
                .properties()
                .forEach(field -> assertThat(
                                resolve(field.getValue()).path("description").asText())
                        .as(field.getKey())
                        .isNotBlank());
        assertThat(document.at("/paths/~1v1~1profiles~1{name}/get/parameters/0/in")
                        .asText())
                .isEqualTo("path");
    }

    /** Every field the service actually writes is in the documented schema, recursively. */
    @Test
    void openApi_schemasCoverWhatTheServiceAnswers() {
        JsonNode prediction = SERVICE.client()
                .target(SERVICE.url("/api/v1/predictions"))
                .request()
                .post(
                        Entity.json("{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"trials\": 2000}"),
                        JsonNode.class);
        assertCovered(prediction, schemaOf(document.at("/paths/~1v1~1predictions/post/responses/200")), "prediction");

        // With faulty replicas and a recovery: the fault fields of the answer, one configuration never available.
        JsonNode faulty = SERVICE.client()
                .target(SERVICE.url("/api/v1/predictions"))
                .request()
                .post(
                        Entity.json("{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 3, \"trials\": 2000, "
                                + "\"pause_every_ms\": 2000, \"pause_for_ms\": 200, \"outage_every_ms\": 0.001, "
                                + "\"outage_for_ms\": 1e10, \"hint_replay_ms\": 5000, \"faulty_replicas\": [3], "
                                + "\"recovery_outage_ms\": 20000}"),
                        JsonNode.class);
        assertThat(faulty.has("faults")).isTrue();
        assertThat(faulty.get("recovery").get("points")).isNotEmpty();
        assertThat(faulty.get("configs").get(0).get("fault_effects").has("p_read_waited_for_pause"))
                .isTrue();
        assertCovered(faulty, schemaOf(document.at("/paths/~1v1~1predictions/post/responses/200")), "faulty");

        JsonNode window = SERVICE.client()
                .target(SERVICE.url("/api/v1/sla/window"))
                .queryParam("profile", "lnkd-disk")
                .queryParam("n", 3)
                .queryParam("r", 1)
                .queryParam("w", 1)
                .request()
                .get(JsonNode.class);
        assertCovered(window, schemaOf(document.at("/paths/~1v1~1sla~1window/get/responses/200")), "window");

        JsonNode profiles = SERVICE.client()
                .target(SERVICE.url("/api/v1/profiles"))
                .request()
                .get(JsonNode.class);
        assertCovered(profiles, schemaOf(document.at("/paths/~1v1~1profiles/get/responses/200")), "profiles");

        JsonNode profile = SERVICE.client()
                .target(SERVICE.url("/api/v1/profiles/lnkd-disk"))
                .request()
                .get(JsonNode.class);
        assertCovered(profile, schemaOf(document.at("/paths/~1v1~1profiles~1{name}/get/responses/200")), "profile");

        // With the read path, every optional field of a recommendation is written.
        JsonNode recommendation = SERVICE.client()
                .target(SERVICE.url("/api/v1/recommendations"))
                .request()
                .post(
                        Entity.json(
                                "{\"profile\": \"lnkd-disk\", \"n\": 3, \"read_fanout\": \"targeted\", "
                                        + "\"speculative_retry\": \"NONE,ALWAYS\", \"read_repair\": \"blocking\", "
                                        + "\"replica_choice\": \"snitch\", \"require\": [\"repair@1ms<=0.5\"], \"trials\": 2000}"),
                        JsonNode.class);
        assertThat(recommendation.get("feasible").get(0).has("speculative_retry"))
                .isTrue();
        assertThat(recommendation.get("feasible").get(0).get("metrics").has("read_repair"))
                .isTrue();
        assertCovered(
                recommendation,
                schemaOf(document.at("/paths/~1v1~1recommendations/post/responses/200")),
                "recommendation");
    }

    @Test
    void openApi_isAlsoServedAsYaml() {
        Response response = SERVICE.client()
                .target(SERVICE.url("/api/openapi.yaml"))
                .request()
                .get();

        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(response.readEntity(String.class)).contains("openapi:", "/v1/predictions:");
    }

    @Test
    void swaggerUi_servesItsPagePointedAtTheDocument() {
        for (String path : List.of("/swagger/", "/swagger", "/swagger/index.html")) {
            Response page = SERVICE.client().target(SERVICE.url(path)).request().get();
            assertThat(page.getStatus()).as(path).isEqualTo(200);
            assertThat(page.getMediaType().toString()).as(path).startsWith("text/html");
            // Absolute paths: relative ones would miss from /swagger (no slash).
            assertThat(page.readEntity(String.class))
                    .as(path)
                    .contains(
                            "id=\"swagger-ui\"",
                            "\"/swagger/ui/swagger-ui-bundle.js\"",
                            "\"/swagger/swagger-initializer.js\"");
        }

        String initializer = SERVICE.client()
                .target(SERVICE.url("/swagger/swagger-initializer.js"))
                .request()
                .get(String.class);
        assertThat(initializer).contains("\"/api/openapi.json\"").doesNotContain("petstore");

        Response bundle = SERVICE.client()
                .target(SERVICE.url("/swagger/ui/swagger-ui-bundle.js"))
                .request()
                .get();
        assertThat(bundle.getStatus()).isEqualTo(200);
        assertThat(bundle.readEntity(String.class)).contains("SwaggerUIBundle");
        assertThat(SERVICE.client()
                        .target(SERVICE.url("/swagger/ui/swagger-ui.css"))
                        .request()
                        .get()
                        .getStatus())
                .isEqualTo(200);
    }

    private static void assertCovered(JsonNode value, JsonNode schema, String path) {
        JsonNode resolved = resolve(schema);
        if (resolved.has("discriminator") && value.isObject()) {
            // One of several schemas, chosen by a property's value (the distributions by "type").
            String chosen = value.path(
                            resolved.at("/discriminator/propertyName").asText())
                    .asText();
            JsonNode mapped = resolved.at("/discriminator/mapping").get(chosen);
            assertThat(mapped)
                    .as("%s: '%s' is a documented choice", path, chosen)
                    .isNotNull();
            resolved = resolve(document.at(mapped.asText().substring(1)));
        }
        if (value.isArray()) {
            assertThat(resolved.path("type").asText()).as(path).isEqualTo("array");
            for (JsonNode element : value) {
                assertCovered(element, resolved.get("items"), path + "[]");
            }
        } else if (value.isObject()) {
            JsonNode properties = resolved.get("properties");
            assertThat(properties).as("%s has documented properties", path).isNotNull();
            value.properties().forEach(field -> {
                assertThat(properties.has(field.getKey()))
                        .as("%s.%s is documented", path, field.getKey())
                        .isTrue();
                assertCovered(field.getValue(), properties.get(field.getKey()), path + "." + field.getKey());
            });
        }
    }

    private static JsonNode schemaOf(JsonNode responseOrBody) {
        return resolve(resolve(responseOrBody).at("/content/application~1json/schema"));
    }

    /** Follows a local {@code $ref}, or returns the node itself. */
    private static JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        while (current != null && current.has("$ref")) {
            current = document.at(current.get("$ref").asText().substring(1));
        }
        return current;
    }

    private static Set<String> fieldNames(JsonNode node) {
        Set<String> names = new TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
