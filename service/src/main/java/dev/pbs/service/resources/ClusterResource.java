package dev.pbs.service.resources;

import dev.pbs.service.openapi.ApiDocumentation;
import dev.pbs.service.probes.ClusterView;
import dev.pbs.service.probes.ProbeRegistry;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code /v1/cluster}: the service's instances, and which runs each probe. */
@Path("/v1/cluster")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "probes")
public final class ClusterResource {

    private final ProbeRegistry probes;

    public ClusterResource(ProbeRegistry probes) {
        this.probes = probes;
    }

    @GET
    @Operation(
            operationId = "cluster",
            summary = "The service's instances, which runs each probe and until when its lease lasts")
    @ApiResponse(
            responseCode = "200",
            description = "On one machine, one instance that runs every probe; in fleet mode every live instance.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ClusterView.class)))
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "503", ref = ApiDocumentation.SERVICE_UNAVAILABLE)
    public ClusterView cluster() {
        return probes.cluster();
    }
}
