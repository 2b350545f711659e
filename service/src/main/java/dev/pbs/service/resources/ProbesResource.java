package dev.pbs.service.resources;

import dev.pbs.model.quorum.EchoedText;
import dev.pbs.service.errors.ApiProblem;
import dev.pbs.service.history.HistoryView;
import dev.pbs.service.openapi.ApiDocumentation;
import dev.pbs.service.probes.ProbeConfiguration;
import dev.pbs.service.probes.ProbeDefinition;
import dev.pbs.service.probes.ProbeRegistry;
import dev.pbs.service.probes.ProbeStatus;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;

/** {@code /v1/probes}: the probes of the service's YAML and those added through the API, and what they see. */
@Path("/v1/probes")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "probes", description = "Live measurement of Cassandra clusters, from the service's YAML or added here")
public final class ProbesResource {

    private final ProbeRegistry probes;
    private final BearerToken token;

    public ProbesResource(ProbeRegistry probes, BearerToken token) {
        this.probes = probes;
        this.token = token;
    }

    @GET
    @Operation(operationId = "listProbes", summary = "Every probe's state, samples, operations and node status")
    @ApiResponse(
            responseCode = "200",
            description = "One entry per probe, by name (empty when there is none).",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            array = @ArraySchema(schema = @Schema(implementation = ProbeStatus.class))))
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "503", ref = ApiDocumentation.SERVICE_UNAVAILABLE)
    public List<ProbeStatus> list() {
        return probes.statuses();
    }

    /** Adds a probe; the body is one probe in the YAML's fields. */
    @POST
    @Consumes(MediaType.WILDCARD)
    @Operation(
            operationId = "addProbe",
            summary = "Add a probe",
            description = "Adds a probe, in the fields of one entry of the YAML's probes (name, contactPoints, "
                    + "rate, slas...; passwords only through passwordEnv or passwordFile), kept across restarts. "
                    + "In fleet mode an instance takes its lease and runs it. Needs the bearer token.",
            security = @SecurityRequirement(name = ApiDocumentation.BEARER))
    @ApiResponse(
            responseCode = "201",
            description = "Added; it starts at once (in fleet mode, at the next lease round).")
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "401", ref = ApiDocumentation.UNAUTHORIZED)
    @ApiResponse(responseCode = "403", ref = ApiDocumentation.FORBIDDEN)
    @ApiResponse(responseCode = "409", ref = ApiDocumentation.CONFLICT)
    @ApiResponse(responseCode = "413", ref = ApiDocumentation.PAYLOAD_TOO_LARGE)
    @ApiResponse(responseCode = "503", ref = ApiDocumentation.SERVICE_UNAVAILABLE)
    public Response add(
            @Parameter(hidden = true) @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @RequestBody(
                            required = true,
                            description = "One probe, in the YAML's fields (at most 1 MiB).",
                            content = @Content(mediaType = MediaType.APPLICATION_JSON))
                    InputStream body) {
        token.require(authorization);
        ProbeConfiguration probe =
                ProbeDefinition.read(RequestBodies.readJson(body).toString());
        probes.add(probe);
        return Response.status(201).build();
    }

    @DELETE
    @Path("/{name}")
    @Operation(
            operationId = "removeProbe",
            summary = "Remove a probe added through the API",
            description = "Stops it wherever it runs; its history stays. A probe of the YAML is removed there. "
                    + "Needs the bearer token.",
            security = @SecurityRequirement(name = ApiDocumentation.BEARER))
    @ApiResponse(responseCode = "204", description = "Removed.")
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "401", ref = ApiDocumentation.UNAUTHORIZED)
    @ApiResponse(responseCode = "403", ref = ApiDocumentation.FORBIDDEN)
    @ApiResponse(responseCode = "404", ref = ApiDocumentation.NOT_FOUND)
    @ApiResponse(responseCode = "409", ref = ApiDocumentation.CONFLICT)
    @ApiResponse(responseCode = "503", ref = ApiDocumentation.SERVICE_UNAVAILABLE)
    public Response remove(
            @Parameter(description = "The probe's name.", example = "prod") @PathParam("name") String name,
            @Parameter(hidden = true) @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        token.require(authorization);
        if (!probes.remove(name)) {
            throw notFound(name);
        }
        return Response.noContent().build();
    }

    @GET
    @Path("/{name}/history")
    @Operation(
            operationId = "probeHistory",
            summary = "A probe's kept live profiles (summarised), their predictions and which messages' delays "
                    + "moved, oldest first")
    @ApiResponse(
            responseCode = "200",
            description = "The history (no entries before the probe's first published profile).",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = HistoryView.class)))
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "404", ref = ApiDocumentation.NOT_FOUND)
    @ApiResponse(responseCode = "503", ref = ApiDocumentation.SERVICE_UNAVAILABLE)
    public HistoryView history(
            @Parameter(description = "The probe's name.", example = "prod") @PathParam("name") String name) {
        return probes.history(name).orElseThrow(() -> notFound(name));
    }

    private static ApiProblem notFound(String name) {
        return ApiProblem.of(404, "no probe named '" + EchoedText.of(name) + "'; GET /api/v1/probes lists them");
    }
}
