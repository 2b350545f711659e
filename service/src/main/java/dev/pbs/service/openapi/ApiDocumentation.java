package dev.pbs.service.openapi;

import dev.pbs.formats.profile.ProfileDocument;
import dev.pbs.formats.wire.ErrorBody;
import dev.pbs.model.quorum.ConsistencyLevel;
import io.dropwizard.assets.AssetsBundle;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.jersey.setup.JerseyEnvironment;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.jaxrs2.integration.resources.OpenApiResource;
import io.swagger.v3.oas.integration.SwaggerConfiguration;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.ComposedSchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.NumberSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The OpenAPI 3 document, built from the resources' annotations: {@code /api/openapi.json} and
 * {@code /api/openapi.yaml} (Jersey lives under {@code /api}). And Swagger UI at {@code /swagger/}:
 * the webjar's files at {@code /swagger/ui/}, with this jar's own {@code swagger/index.html} and
 * initializer pointing it at the document.
 */
public final class ApiDocumentation {

    /** Only the resources are scanned; scanning the whole class path took about 6 s. */
    public static final String RESOURCE_PACKAGE = "dev.pbs.service.resources";

    /**
     * Schemas no Java type can describe (a number or a string), written here; records and
     * parameters refer to them with {@code @Schema(ref = ...)}.
     */
    public static final String QUORUM = "Quorum";

    public static final String QUORUM_REF = "#/components/schemas/" + QUORUM;

    /** N for tuning: a number or a range such as {@code "3..5"}. */
    public static final String REPLICA_RANGE = "ReplicaRange";

    public static final String REPLICA_RANGE_REF = "#/components/schemas/" + REPLICA_RANGE;

    /** How often coordinators are replicas: a number, or the writes' and the reads' in an object. */
    public static final String COORDINATOR_REPLICA_SHARE = "CoordinatorReplicaShareOrNumber";

    public static final String COORDINATOR_REPLICA_SHARE_REF = "#/components/schemas/" + COORDINATOR_REPLICA_SHARE;

    /** One name or several: a string or an array of strings. */
    public static final String NAMES = "NameOrNames";

    public static final String NAMES_REF = "#/components/schemas/" + NAMES;

    /** Name of the bearer-token security scheme, for {@code @SecurityRequirement}. */
    public static final String BEARER = "bearer";

    /** Names of the shared error answers under {@code #/components/responses}, for {@code @ApiResponse(ref)}. */
    public static final String BAD_REQUEST = "BadRequest";

    public static final String UNAUTHORIZED = "Unauthorized";
    public static final String FORBIDDEN = "Forbidden";
    public static final String NOT_FOUND = "NotFound";
    public static final String CONFLICT = "Conflict";
    public static final String PAYLOAD_TOO_LARGE = "PayloadTooLarge";
    public static final String SERVICE_UNAVAILABLE = "ServiceUnavailable";

    /** The licence of pbs (the repository's LICENSE), as {@code info.license} states it. */
    private static final String LICENSE_NAME = "Apache-2.0";

    private static final String LICENSE_URL = "https://www.apache.org/licenses/LICENSE-2.0";

    private static final String PROPERTIES = "/dev/pbs/service/openapi/openapi.properties";
    private static final String WEBJAR = "/META-INF/resources/webjars/swagger-ui/";

    private ApiDocumentation() {}

    /** Serves Swagger UI at {@code /swagger/}; call from {@code Application.initialize}. */
    public static void addSwaggerUi(Bootstrap<?> bootstrap) {
        bootstrap.addBundle(new AssetsBundle("/swagger", "/swagger", "index.html", "swagger"));
        bootstrap.addBundle(
                new AssetsBundle(WEBJAR + property("swagger-ui.version"), "/swagger/ui", "index.html", "swagger-ui"));
    }

    /** Registers the resource that serves the document. */
    public static void register(JerseyEnvironment jersey) {
        RecordSchemas.register();
        SwaggerConfiguration configuration = new SwaggerConfiguration()
                .openAPI(document())
                .resourcePackages(Set.of(RESOURCE_PACKAGE))
                .filterClass(UnreferencedSchemaFilter.class.getName())
                .prettyPrint(true)
                .sortOutput(true);
        jersey.register(new OpenApiResource().openApiConfiguration(configuration));
    }

    /**
     * What the annotations do not say: the description, the licence, the server path, security
     * (none unless an operation asks for the bearer token) and shared errors.
     */
    static OpenAPI document() {
        Components components = new Components()
                .addSecuritySchemes(
                        BEARER,
                        new SecurityScheme()
                                .type(SecurityScheme.Type.HTTP)
                                .scheme("bearer")
                                .description(
                                        "The token the service was started with (PBS_API_TOKEN); needed by PUT and "
                                                + "DELETE. Without one configured, changes are refused with 403."));
        @SuppressWarnings("rawtypes")
        Map<String, Schema> errorSchemas = ModelConverters.getInstance().readAll(ErrorBody.class);
        errorSchemas.forEach(components::addSchemas);
        // Values that are a number or a string: Java types cannot say so, so these are written here.
        components.addSchemas(
                QUORUM,
                new ComposedSchema()
                        .oneOf(List.of(
                                new IntegerSchema().minimum(BigDecimal.ONE), new StringSchema().example("QUORUM")))
                        .description("A quorum size: a number from 1 to N, or a Cassandra consistency level: "
                                + ConsistencyLevel.NAMES + " (any letter case; in one datacenter LOCAL_X is X and "
                                + "EACH_QUORUM is QUORUM)."));
        components.addSchemas(
                REPLICA_RANGE,
                new ComposedSchema()
                        .oneOf(List.of(
                                new IntegerSchema().minimum(BigDecimal.ONE),
                                new StringSchema()
                                        .pattern("^\\s*\\d+\\s*(\\.\\.\\s*\\d+\\s*)?$")
                                        .example("3..5")))
                        .description("Replicas per key: a number, or a range \"A..B\" of numbers to try."));
        components.addSchemas(
                COORDINATOR_REPLICA_SHARE,
                new ComposedSchema()
                        .oneOf(List.of(
                                new NumberSchema()
                                        .minimum(BigDecimal.ZERO)
                                        .maximum(BigDecimal.ONE)
                                        .example(0.67),
                                new Schema<>().$ref("#/components/schemas/CoordinatorReplicaShare")))
                        .description("How often the coordinator of a write and of a read is one of the replicas: one "
                                + "probability for both, or each in an object."));
        components.addSchemas(
                NAMES,
                new ComposedSchema()
                        .oneOf(List.of(
                                new StringSchema().example("LOCAL_QUORUM"),
                                new ArraySchema().items(new StringSchema()).minItems(1)))
                        .description("One name, or several in an array."));
        components.addSchemas(
                ProfileDocument.REPLICA_DATACENTERS,
                new ComposedSchema()
                        .oneOf(List.of(
                                new ArraySchema().items(new IntegerSchema().minimum(BigDecimal.ZERO)),
                                new ArraySchema().items(new StringSchema().example("dc1")),
                                new StringSchema()._enum(List.of("per_replica"))))
                        .description("Each replica's datacenter, by name or by index into names (fixes N), or "
                                + "\"per_replica\": one datacenter per replica, any N."));
        components.addResponses(
                BAD_REQUEST, error("Bad input: the message names the field or parameter and the " + "rule it broke."));
        components.addResponses(
                UNAUTHORIZED,
                error("No 'Authorization: Bearer <token>' header.")
                        .addHeaderObject(
                                "WWW-Authenticate",
                                new Header().description("Bearer").schema(new Schema<String>().type("string"))));
        components.addResponses(FORBIDDEN, error("Wrong token, or changes are disabled (no PBS_API_TOKEN)."));
        components.addResponses(NOT_FOUND, error("No such profile or probe."));
        components.addResponses(
                CONFLICT,
                error("Built-in profiles cannot be replaced or deleted; a probe's name is taken, or the probe is in "
                        + "a service's YAML, which alone can remove it."));
        components.addResponses(PAYLOAD_TOO_LARGE, error("The request body is over 1 MiB."));
        components.addResponses(
                SERVICE_UNAVAILABLE,
                error("Every simulation slot and queue place is taken or, in fleet mode, the state store cannot be "
                                + "reached; try again after Retry-After seconds.")
                        .addHeaderObject(
                                "Retry-After",
                                new Header()
                                        .description("Seconds to wait before trying again.")
                                        .schema(new IntegerSchema())));
        return new OpenAPI()
                .info(new Info()
                        .title("pbs: Probabilistically Bounded Staleness")
                        .version(property("pbs.version"))
                        .description("Predicts how stale reads from a partial-quorum store (Dynamo, Cassandra, "
                                + "Riak, Voldemort) can be: the probability that a read t ms after a write returns "
                                + "it, consistency windows and k-staleness, by Monte Carlo simulation of the WARS "
                                + "model (Bailis et al., VLDB 2012) over a latency profile. Errors are JSON "
                                + "{\"code\", \"message\"}. Metrics and health checks are on the admin port.")
                        // The LICENSE file at the repository's root. The document is OpenAPI 3.0, whose
                        // License has no SPDX identifier field (3.1 added it), so the name is the SPDX id.
                        .license(new License().name(LICENSE_NAME).url(LICENSE_URL)))
                // Public unless an operation declares the bearer token (uploading and deleting profiles).
                .security(List.of())
                .servers(List.of(new Server().url("/api").description("this service")))
                .components(components);
    }

    private static ApiResponse error(String description) {
        return new ApiResponse()
                .description(description)
                .content(new Content()
                        .addMediaType(
                                jakarta.ws.rs.core.MediaType.APPLICATION_JSON,
                                new MediaType().schema(new Schema<>().$ref("#/components/schemas/Error"))));
    }

    private static String property(String name) {
        Properties properties = new Properties();
        try (InputStream in = ApiDocumentation.class.getResourceAsStream(PROPERTIES)) {
            if (in == null) {
                throw new IllegalStateException(PROPERTIES + " is missing from the class path");
            }
            properties.load(in);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
        String value = properties.getProperty(name);
        if (value == null || value.startsWith("${")) {
            throw new IllegalStateException(PROPERTIES + " has no " + name + " (was the build's filtering skipped?)");
        }
        return value;
    }
}
