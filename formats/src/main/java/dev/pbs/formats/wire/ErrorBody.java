package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of every error answer of the REST service: the same two fields as Dropwizard's own
 * {@code ErrorMessage}, which Dropwizard writes for the errors it answers itself.
 */
@Schema(name = "Error", description = "Every 4xx and 5xx answer of the API has this body.")
public record ErrorBody(
        @Schema(description = "The HTTP status code, repeated.", example = "400") @JsonProperty("code")
        int code,

        @Schema(
                description = "What was wrong, naming the field or parameter and the rule it broke.",
                example = "'n' must be between 1 and 16, was 99")
        @JsonProperty("message")
        String message) {}
