package dev.pbs.service.resources;

import com.codahale.metrics.annotation.ResponseMetered;
import com.codahale.metrics.annotation.Timed;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.QuantileEstimate;
import dev.pbs.formats.wire.SlaWindow;
import dev.pbs.service.core.PredictionRequest;
import dev.pbs.service.core.PredictionRequestReader;
import dev.pbs.service.core.PredictionService;
import dev.pbs.service.errors.ApiProblem;
import dev.pbs.service.openapi.ApiDocumentation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;

/**
 * {@code GET /api/v1/sla/window?profile=&n=&r=&w=&p=0.999}: how long after commit reads are
 * consistent with probability p, with its confidence interval. Optional {@code trials} and
 * {@code seed} as for predictions.
 */
@Path("/v1/sla")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "sla", description = "Answers to service-level questions")
public final class SlaResource {

    private static final double DEFAULT_PROBABILITY = 0.999;

    private final PredictionRequestReader requests;
    private final PredictionService predictions;

    public SlaResource(PredictionRequestReader requests, PredictionService predictions) {
        this.requests = requests;
        this.predictions = predictions;
    }

    @GET
    @Path("/window")
    @Timed(name = "pbs.api.sla_window.seconds", absolute = true)
    @ResponseMetered(name = "pbs.api.sla_window", absolute = true)
    @Operation(operationId = "slaWindow", summary = "Consistency window for a probability",
            description = "How long after commit a read must start to be consistent with probability p, for one "
                    + "profile and (N, R, W), with its distribution-free 95% interval. Runs a simulation like "
                    + "POST /api/v1/predictions, so the same capacity limits apply (503).")
    @ApiResponse(responseCode = "200", description = "The window.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SlaWindow.class)))
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "404", ref = ApiDocumentation.NOT_FOUND)
    @ApiResponse(responseCode = "503", ref = ApiDocumentation.SERVICE_UNAVAILABLE)
    public SlaWindow window(
            @Parameter(description = "Name of a stored profile.", required = true, example = "lnkd-disk")
            @QueryParam("profile") String profile,
            @Parameter(description = "Replicas per key (N).", required = true, example = "3",
                    schema = @Schema(type = "integer", minimum = "1")) @QueryParam("n") String n,
            @Parameter(description = "Read quorum: a number or ONE, TWO, THREE, QUORUM, ALL.", required = true,
                    example = "1", schema = @Schema(ref = ApiDocumentation.QUORUM_REF)) @QueryParam("r") String r,
            @Parameter(description = "Write quorum: a number or ONE, TWO, THREE, QUORUM, ALL.", required = true,
                    example = "1", schema = @Schema(ref = ApiDocumentation.QUORUM_REF)) @QueryParam("w") String w,
            @Parameter(description = "The probability of a consistent read, in (0, 1).", example = "0.999",
                    schema = @Schema(type = "number", defaultValue = "0.999", exclusiveMinimum = true,
                            minimum = "0", exclusiveMaximum = true, maximum = "1")) @QueryParam("p") String p,
            @Parameter(description = "Monte Carlo trials (default: the configured limits.defaultTrials).",
                    schema = @Schema(type = "integer", format = "int64", minimum = "1")) @QueryParam("trials")
            String trials,
            @Parameter(description = "Random seed (default 42).", schema = @Schema(type = "integer", format = "int64"))
            @QueryParam("seed") String seed) {
        double probability = p == null ? DEFAULT_PROBABILITY : number("p", p);
        if (!(probability > 0 && probability < 1)) {
            throw ApiProblem.badRequest("'p' must be a probability in (0, 1), was " + p);
        }
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("profile", required("profile", profile));
        body.put("n", wholeNumber("n", required("n", n)));
        body.put("r", required("r", r));
        body.put("w", required("w", w));
        body.putArray("t_ms").add(0);
        body.putArray("windows").add(probability);
        if (trials != null) {
            body.put("trials", wholeNumber("trials", trials));
        }
        if (seed != null) {
            body.put("seed", wholeNumber("seed", seed));
        }
        PredictionRequest request = requests.read(body);
        ConfigurationResult result = predictions.simulate(request.spec()).configurations().get(0);
        QuantileEstimate window = result.window(probability);
        return new SlaWindow(request.spec().profile().name(), request.spec().n(), result.configuration().r(),
                result.configuration().w(), probability, window.isFinite() ? window.valueMillis() : null,
                Arrays.asList(finite(window.lowerMillis()), finite(window.upperMillis())), !window.isFinite(),
                result.isStrict(), request.spec().trials(), request.spec().seed());
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }

    private static String required(String name, String value) {
        if (value == null || value.isBlank()) {
            throw ApiProblem.badRequest("query parameter '" + name + "' is required");
        }
        return value.trim();
    }

    private static long wholeNumber(String name, String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException notANumber) {
            throw ApiProblem.badRequest("query parameter '" + name + "' must be a whole number, was '"
                    + shorten(text) + "'");
        }
    }

    private static double number(String name, String text) {
        try {
            double value = Double.parseDouble(text.trim());
            if (!Double.isFinite(value)) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException notANumber) {
            throw ApiProblem.badRequest("query parameter '" + name + "' must be a finite number, was '"
                    + shorten(text) + "'");
        }
    }

    private static String shorten(String text) {
        String printable = text.replaceAll("\\p{Cntrl}", "?");
        return printable.length() <= 80 ? printable : printable.substring(0, 77) + "...";
    }
}
