package dev.pbs.service.resources;

import dev.pbs.formats.wire.Prediction;
import dev.pbs.service.core.PredictionService;
import dev.pbs.service.openapi.ApiDocumentation;
import dev.pbs.service.requests.PredictionRequestBody;
import dev.pbs.service.requests.PredictionRequestReader;
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

/** {@code POST /api/v1/predictions}: the JSON of {@code ./pbs predict --format json}. */
@Path("/v1/predictions")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "predictions", description = "Staleness predictions by Monte Carlo simulation")
public final class PredictionsResource {

    private final PredictionRequestReader requests;
    private final PredictionService predictions;

    public PredictionsResource(PredictionRequestReader requests, PredictionService predictions) {
        this.requests = requests;
        this.predictions = predictions;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    @Operation(
            operationId = "predict",
            summary = "Predict staleness for one profile and N",
            description = "Simulates the WARS model over the profile: P(consistent read) t ms after commit, "
                    + "consistency windows, read and write latency percentiles and k-staleness, for one (R, W) or "
                    + "every (R, W) of N. The same JSON as ./pbs predict --format json. Answers to requests with "
                    + "an explicit seed are cached; simulations beyond the service's capacity are refused (503).")
    @ApiResponse(
            responseCode = "200",
            description = "The prediction.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = Prediction.class)))
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "404", ref = ApiDocumentation.NOT_FOUND)
    @ApiResponse(responseCode = "413", ref = ApiDocumentation.PAYLOAD_TOO_LARGE)
    @ApiResponse(responseCode = "503", ref = ApiDocumentation.SERVICE_UNAVAILABLE)
    public Prediction predict(
            @RequestBody(
                            required = true,
                            description = "What to simulate and report.",
                            content =
                                    @Content(
                                            mediaType = MediaType.APPLICATION_JSON,
                                            schema = @Schema(implementation = PredictionRequestBody.class),
                                            examples =
                                                    @ExampleObject(
                                                            name = "one configuration",
                                                            value = "{\"profile\": \"lnkd-disk\", "
                                                                    + "\"n\": 3, \"r\": 1, \"w\": 1, \"t_ms\": [0, 5, 50], \"trials\": 100000, "
                                                                    + "\"seed\": 7}")))
                    InputStream body) {
        return predictions.prediction(requests.read(RequestBodies.read(body, PredictionRequestBody.class)));
    }
}
