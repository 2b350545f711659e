package dev.pbs.service.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of every error answer, as Dropwizard's {@code ErrorMessage} writes it (the service
 * builds it in {@code errors.ApiProblem}); this record only documents it in the OpenAPI document.
 */
@Schema(name = "Error", description = "Every 4xx and 5xx answer of the API has this body.")
public record ErrorBody(
        @Schema(description = "The HTTP status code, repeated.", example = "400",
                requiredMode = Schema.RequiredMode.REQUIRED)
        @JsonProperty("code") int code,
        @Schema(description = "What was wrong, naming the field or parameter and the rule it broke.",
                example = "'n' must be between 1 and 16, was 99", requiredMode = Schema.RequiredMode.REQUIRED)
        @JsonProperty("message") String message) {
}
