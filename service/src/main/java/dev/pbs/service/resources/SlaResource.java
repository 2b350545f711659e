package dev.pbs.service.resources;

import dev.pbs.formats.wire.SlaWindow;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.QuantileEstimate;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.questions.SlaQuestion;
import dev.pbs.service.core.PredictionService;
import dev.pbs.service.openapi.ApiDocumentation;
import dev.pbs.service.requests.SlaRequestReader;
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
 * {@code seed} as for predictions. For consistency levels across datacenters, {@code write_level},
 * {@code read_level}, {@code write_dc} and {@code read_dc} instead of {@code r} and {@code w}
 * ({@code n} optional); without {@code read_dc}, the longest window of any read datacenter.
 */
@Path("/v1/sla")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "sla", description = "Answers to service-level questions")
public final class SlaResource {

    private final SlaRequestReader requests;
    private final PredictionService predictions;

    public SlaResource(SlaRequestReader requests, PredictionService predictions) {
        this.requests = requests;
        this.predictions = predictions;
    }

    @GET
    @Path("/window")
    @Operation(
            operationId = "slaWindow",
            summary = "Consistency window for a probability",
            description = "How long after commit a read must start to be consistent with probability p, for one "
                    + "profile and (N, R, W), with its distribution-free 95% interval. For Cassandra's consistency "
                    + "levels across datacenters (write_level, read_level, write_dc, read_dc, or a profile that "
                    + "names its datacenters; then without r and w, and n optional): a read at one level after a "
                    + "write at one level; without read_dc, the longest window of reads coordinated in any "
                    + "datacenter, read_dc naming it. Runs a simulation like POST /api/v1/predictions, so the same "
                    + "capacity limits apply (503).")
    @ApiResponse(
            responseCode = "200",
            description = "The window.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = SlaWindow.class)))
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "404", ref = ApiDocumentation.NOT_FOUND)
    @ApiResponse(responseCode = "503", ref = ApiDocumentation.SERVICE_UNAVAILABLE)
    public SlaWindow window(
            @Parameter(description = "Name of a stored profile.", required = true, example = "lnkd-disk")
                    @QueryParam("profile")
                    String profile,
            @Parameter(
                            description = "Replicas per key (N). Required unless the question is about consistency "
                                    + "levels across datacenters, where N comes from the profile's topology (then "
                                    + "it must agree).",
                            example = "3",
                            schema = @Schema(type = "integer", minimum = "1"))
                    @QueryParam("n")
                    String n,
            @Parameter(
                            description = "Read quorum: a number or ONE, TWO, THREE, QUORUM, ALL. Required unless "
                                    + "the question is about consistency levels across datacenters (then refused).",
                            example = "1",
                            schema = @Schema(ref = ApiDocumentation.QUORUM_REF))
                    @QueryParam("r")
                    String r,
            @Parameter(
                            description = "Write quorum: a number or ONE, TWO, THREE, QUORUM, ALL. Required unless "
                                    + "the question is about consistency levels across datacenters (then refused).",
                            example = "1",
                            schema = @Schema(ref = ApiDocumentation.QUORUM_REF))
                    @QueryParam("w")
                    String w,
            @Parameter(
                            description = "The probability of a consistent read, in (0, 1).",
                            example = "0.999",
                            schema =
                                    @Schema(
                                            type = "number",
                                            defaultValue = "0.999",
                                            exclusiveMinimum = true,
                                            minimum = "0",
                                            exclusiveMaximum = true,
                                            maximum = "1"))
                    @QueryParam("p")
                    String p,
            @Parameter(
                            description = "Monte Carlo trials (default: the configured limits.defaultTrials).",
                            schema = @Schema(type = "integer", format = "int64", minimum = "1"))
                    @QueryParam("trials")
                    String trials,
            @Parameter(description = "Random seed (default 42).", schema = @Schema(type = "integer", format = "int64"))
                    @QueryParam("seed")
                    String seed,
            @Parameter(
                            description = "Consistency levels across datacenters: the write's level, one of "
                                    + ConsistencyLevel.NAMES + " (default LOCAL_QUORUM).",
                            schema = @Schema(type = "string"))
                    @QueryParam("write_level")
                    String writeLevel,
            @Parameter(
                            description = "The read's consistency level (default LOCAL_QUORUM).",
                            schema = @Schema(type = "string"))
                    @QueryParam("read_level")
                    String readLevel,
            @Parameter(
                            description = "The datacenter of the write's coordinator, by name (default: the "
                                    + "profile's first).",
                            schema = @Schema(type = "string"))
                    @QueryParam("write_dc")
                    String writeDatacenter,
            @Parameter(
                            description = "The datacenter of the read's coordinator, by name (default: every "
                                    + "datacenter, and the answer is the longest window).",
                            schema = @Schema(type = "string"))
                    @QueryParam("read_dc")
                    String readDatacenter) {
        SlaQuestion question = requests.read(
                profile, n, r, w, p, trials, seed, writeLevel, readLevel, writeDatacenter, readDatacenter);
        if (question.isLevels()) {
            return levelWindow(question);
        }
        double probability = question.probability();
        SimulationSpec spec = question.prediction().simulation();
        ConfigurationResult result = predictions.simulate(spec).configurations().get(0);
        QuantileEstimate window = result.window(probability);
        return new SlaWindow(
                spec.profile().name(),
                spec.n(),
                result.configuration().r(),
                result.configuration().w(),
                probability,
                window.isFinite() ? window.valueMillis() : null,
                Arrays.asList(finite(window.lowerMillis()), finite(window.upperMillis())),
                window.isBeyondRange(),
                result.isStrict(),
                spec.trials(),
                spec.seed());
    }

    /** The window of the read datacenter whose window is the longest (the first of equals). */
    private SlaWindow levelWindow(SlaQuestion question) {
        double probability = question.probability();
        LevelSimulationSpec spec = question.prediction().levelSimulation();
        ConfigurationResult longest = null;
        for (ConfigurationResult result : predictions.simulate(spec).configurations()) {
            if (longest == null
                    || result.window(probability).valueMillis()
                            > longest.window(probability).valueMillis()) {
                longest = result;
            }
        }
        QuantileEstimate window = longest.window(probability);
        LevelConfiguration levels = longest.levels().orElseThrow();
        return new SlaWindow(
                spec.profile().name(),
                levels.writeLevel().name(),
                levels.readLevel().name(),
                spec.replicas().name(levels.writeDatacenter()),
                spec.replicas().name(levels.readDatacenter()),
                spec.n(),
                longest.configuration().r(),
                longest.configuration().w(),
                probability,
                window.isFinite() ? window.valueMillis() : null,
                Arrays.asList(finite(window.lowerMillis()), finite(window.upperMillis())),
                window.isBeyondRange(),
                longest.isStrict(),
                spec.trials(),
                spec.seed());
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
