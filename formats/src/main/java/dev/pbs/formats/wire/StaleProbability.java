package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** P(stale) at one time after commit, with the method that estimated it. */
@Schema(
        name = "StaleProbability",
        description = "P(a read starting t ms after commit is stale), from the plain trials or, where fewer than "
                + "400 of them were stale, from the rare-event method.")
public record StaleProbability(
        @Schema(description = "P(stale at t).") @JsonProperty("p")
        double p,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "95% interval [low, high]: Wilson's for monte_carlo, p +- 1.96 SE "
                                        + "for importance_sampling; high is null when no importance-sampled "
                                        + "trial was stale (unknown)."),
                minItems = 2,
                maxItems = 2,
                schema = @Schema(type = "number", nullable = true))
        @JsonProperty("ci95")
        List<Double> ci95,

        @Schema(
                description = "How it was estimated.",
                allowableValues = {"monte_carlo", "importance_sampling", "exact"})
        @JsonProperty("method")
        String method,

        @Schema(description = "The trials it comes from (plain or importance-sampled).") @JsonProperty("trials")
        long trials,

        @Schema(
                description = "importance_sampling only: (sum w)^2 / sum w^2 over the stale trials.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("effective_sample_size")
        Double effectiveSampleSize,

        @Schema(
                description = "importance_sampling only: whether the interval is within the asked relative "
                        + "half-width (10%).",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("resolved")
        Boolean resolved) {}
