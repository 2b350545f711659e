package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** A proportion of trials, with its interval; null estimate when no trial counted. */
@Schema(name = "FaultProportion", description = "A proportion of trials with its Wilson 95% interval.")
public record FaultProportion(
        @Schema(nullable = true, description = "The estimate; null when no trial counted (e.g. no write committed).")
        @JsonProperty("p")
        Double estimate,

        @ArraySchema(
                arraySchema = @Schema(description = "Wilson 95% interval [low, high]."),
                minItems = 2,
                maxItems = 2)
        @JsonProperty("ci95")
        List<Double> ci95,

        @Schema(description = "The trials counted.") @JsonProperty("trials")
        long trials) {}
