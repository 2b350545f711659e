package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The rare-event method's run in a prediction: importance sampling of the write delays' tails
 * (docs/model.md, section 11), or why it does not cover the question.
 */
@Schema(
        name = "RareEvents",
        description = "The rare-event method (importance sampling) for the figures the plain trials could not "
                + "resolve: fewer than 400 of them beyond a window asked for (windows), or stale at a time "
                + "(stale_probabilities).")
public record RareEventSummary(
        @Schema(description = "The method.", allowableValues = "importance_sampling") @JsonProperty("method")
        String method,

        @Schema(description = "Whether the method covers the question; when not, every figure is plain Monte Carlo's.")
        @JsonProperty("covered")
        boolean covered,

        @Schema(
                description = "Why the method does not cover the question; absent when it does.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("refused")
        String refused,

        @Schema(
                description = "Importance-sampled trials run; absent when not covered or nothing needed them.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("trials")
        Long trials,

        @Schema(
                description = "Why the run stopped: every figure settled, or the trial budget or the time limit "
                        + "came first (a time-limited answer is not reproducible).",
                allowableValues = {"settled", "trial_budget", "time_limit"},
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("stopped")
        String stopped,

        @Schema(
                description = "Whether every figure it estimated is within the target relative half-width.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("resolved")
        Boolean resolved,

        @Schema(description = "The precision asked of each figure: its 95% interval's half-width over its estimate.")
        @JsonProperty("target_relative_half_width")
        double targetRelativeHalfWidth,

        @Schema(
                description = "The mean likelihood ratio of the trials, 1 in expectation (a check of the method).",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("mean_weight")
        Double meanWeight,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "mean_weight +- 1.96 SE.",
                                requiredMode = Schema.RequiredMode.NOT_REQUIRED),
                minItems = 2,
                maxItems = 2)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("mean_weight_ci95")
        List<Double> meanWeightCi95) {}
