package dev.pbs.service.resources;

import dev.pbs.model.quorum.EchoedText;
import dev.pbs.service.errors.ApiProblem;
import dev.pbs.service.history.HistoryView;
import dev.pbs.service.openapi.ApiDocumentation;
import dev.pbs.service.probes.ManagedProbe;
import dev.pbs.service.probes.ProbeStatus;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** {@code /v1/probes}: the probes configured in the service and what they see. */
@Path("/v1/probes")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "probes", description = "Live measurement of Cassandra clusters configured in the service's YAML")
public final class ProbesResource {

    private final List<ManagedProbe> probes;

    public ProbesResource(List<ManagedProbe> probes) {
        this.probes = List.copyOf(probes);
    }

    @GET
    @Operation(
            operationId = "listProbes",
            summary = "Every configured probe's state, samples, operations and node " + "status")
    @ApiResponse(
            responseCode = "200",
            description = "One entry per probe (empty when none is configured).",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            array = @ArraySchema(schema = @Schema(implementation = ProbeStatus.class))))
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    public List<ProbeStatus> list() {
        return probes.stream().map(ManagedProbe::status).toList();
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
    public HistoryView history(
            @Parameter(description = "The probe's name, as configured.", example = "prod") @PathParam("name")
                    String name) {
        for (ManagedProbe probe : probes) {
            if (probe.name().equals(name)) {
                return probe.history();
            }
        }
        throw ApiProblem.of(404, "no probe named '" + EchoedText.of(name) + "'; GET /api/v1/probes lists them");
    }
}
