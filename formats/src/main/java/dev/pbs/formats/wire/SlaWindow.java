package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * {@code GET /api/v1/sla/window}: how long after commit a read must start to be consistent with
 * probability p, in milliseconds, with its distribution-free 95% interval.
 *
 * @param tMillis the window, or null when it lies beyond the largest simulated delay
 * @param ci95 the interval's ends in ms (an end may be null when beyond range)
 */
@Schema(
        name = "SlaWindow",
        description = "How long after commit a read must start to be consistent with " + "probability p.")
public record SlaWindow(
        @Schema(description = "The profile simulated.") @JsonProperty("profile")
        String profile,

        @Schema(description = "Replicas per key.") @JsonProperty("n")
        int n,

        @Schema(description = "Read quorum.") @JsonProperty("r")
        int r,

        @Schema(description = "Write quorum.") @JsonProperty("w")
        int w,

        @Schema(description = "The probability asked for.") @JsonProperty("p")
        double p,

        @Schema(
                description = "The window in milliseconds; null when beyond the largest simulated delay.",
                nullable = true)
        @JsonProperty("t_ms")
        Double tMillis,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "Distribution-free 95% interval [low, high] in ms; an "
                                        + "end is null when beyond range."),
                minItems = 2,
                maxItems = 2,
                schema = @Schema(type = "number", nullable = true))
        @JsonProperty("ci95")
        List<Double> ci95,

        @Schema(description = "The window lies beyond the simulated range.") @JsonProperty("beyond_range")
        boolean beyondRange,

        @Schema(description = "R + W > N: the window is 0.") @JsonProperty("strict")
        boolean strict,

        @Schema(description = "Monte Carlo trials run.") @JsonProperty("trials")
        long trials,

        @Schema(description = "The seed used.") @JsonProperty("seed")
        long seed) {}
