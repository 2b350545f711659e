package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.pbs.formats.json.WholeNumbers;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** How long after commit reads are consistent with probability p. */
@Schema(
        name = "ConsistencyWindow",
        description = "How long after commit a read must start to be consistent " + "with probability p.")
public record ConsistencyWindow(
        @Schema(description = "The probability.") @JsonSerialize(using = WholeNumbers.class) @JsonProperty("p")
        Double p,

        @Schema(nullable = true, description = "ms; null when beyond the simulated range")
        @JsonSerialize(using = WholeNumbers.class)
        @JsonProperty("t_ms")
        Double tMillis,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "Distribution-free 95% interval [low, high] in ms; an "
                                        + "end is null when beyond the simulated range."),
                minItems = 2,
                maxItems = 2,
                schema = @Schema(type = "number", nullable = true))
        @JsonSerialize(contentUsing = WholeNumbers.class)
        @JsonProperty("ci95")
        List<Double> ci95,

        @Schema(description = "The window lies beyond the simulated range.") @JsonProperty("beyond_range")
        boolean beyondRange,

        @Schema(
                description = "How the window was estimated; only when the answer has rare_events.",
                allowableValues = {"monte_carlo", "importance_sampling", "exact"},
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("method")
        String method,

        @Schema(
                description = "importance_sampling only: P(stale) just before the window (still above 1 - p), "
                        + "whose interval is the window's precision.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("p_stale")
        Double pStale,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "importance_sampling only: p_stale +- 1.96 SE.",
                                requiredMode = Schema.RequiredMode.NOT_REQUIRED),
                minItems = 2,
                maxItems = 2)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("p_stale_ci95")
        List<Double> pStaleCi95,

        @Schema(
                description = "importance_sampling only: (sum w)^2 / sum w^2 over the trials stale just before "
                        + "the window; about 400 or more for a 10% interval.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("effective_sample_size")
        Double effectiveSampleSize,

        @Schema(
                description = "importance_sampling only: whether p_stale's interval is within the asked relative "
                        + "half-width (10%).",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("resolved")
        Boolean resolved) {

    /** A window from the plain trials, in an answer without the rare-event method. */
    public ConsistencyWindow(Double p, Double tMillis, List<Double> ci95, boolean beyondRange) {
        this(p, tMillis, ci95, beyondRange, null, null, null, null, null);
    }
}
