package dev.pbs.service.resources;

import dev.pbs.formats.wire.Recommendation;
import dev.pbs.service.core.PredictionService;
import dev.pbs.service.openapi.ApiDocumentation;
import dev.pbs.service.requests.RecommendationRequestBody;
import dev.pbs.service.requests.RecommendationRequestReader;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;

/** {@code POST /api/v1/recommendations}: the JSON of {@code ./pbs tune --format json}. */
@Path("/v1/recommendations")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "sla", description = "Answers to service-level questions")
public final class RecommendationsResource {

    private final RecommendationRequestReader requests;
    private final PredictionService predictions;

    public RecommendationsResource(RecommendationRequestReader requests, PredictionService predictions) {
        this.requests = requests;
        this.predictions = predictions;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    @Operation(
            operationId = "recommend",
            summary = "Choose N, R and W, or consistency levels, for consistency and latency requirements",
            description = "Simulates every candidate (R, W) for each N of the range (or only Cassandra's levels), "
                    + "checks each requirement (consistency@10ms>=0.999, window@0.999<=50ms, read.p99.9<=20ms, "
                    + "write.p99<=50ms, w>=2, kstale@2<=0.001, speculation<=0.05, repair@10ms<=0.01), ranks the "
                    + "feasible by the objective (p99.9 "
                    + "latency: sum, read, write or mix:A) and explains every rejection. Reads are simulated with "
                    + "the read fields of a prediction (or the profile's read_path); with several speculative_retry "
                    + "settings each candidate is an (N, R, W, setting). For Cassandra's "
                    + "consistency levels across datacenters (write_level, read_level, write_dc, read_dc, or a "
                    + "profile that names its datacenters) the candidates are (write level, read level) pairs, "
                    + "all simulated on the same draws; a pair is feasible when every requirement holds for reads "
                    + "coordinated in every read datacenter, and is ranked at its worst. The same JSON as "
                    + "./pbs tune --format json.")
    @ApiResponse(
            responseCode = "200",
            description = "feasible (best first), rejected (with violations) and the "
                    + "Pareto frontier of read p99.9, write p99.9 and window.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = Recommendation.class)))
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "404", ref = ApiDocumentation.NOT_FOUND)
    @ApiResponse(responseCode = "413", ref = ApiDocumentation.PAYLOAD_TOO_LARGE)
    @ApiResponse(responseCode = "503", ref = ApiDocumentation.SERVICE_UNAVAILABLE)
    public Recommendation recommend(
            @RequestBody(
                            required = true,
                            description = "The question.",
                            content =
                                    @Content(
                                            mediaType = MediaType.APPLICATION_JSON,
                                            schema = @Schema(implementation = RecommendationRequestBody.class),
                                            examples =
                                                    @ExampleObject(
                                                            name = "ymmr within 250 ms",
                                                            value =
                                                                    "{\"profile\": \"ymmr\", "
                                                                            + "\"n\": 3, \"require\": [\"window@0.999<=250ms\"], \"trials\": 200000, \"seed\": 7}")))
                    InputStream body) {
        return predictions.recommendation(requests.read(RequestBodies.read(body, RecommendationRequestBody.class)));
    }
}
