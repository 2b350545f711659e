package dev.pbs.service.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One profile in {@code GET /api/v1/profiles}.
 *
 * @param origin {@code built-in} or {@code uploaded}
 */
@Schema(name = "ProfileSummary", description = "One stored profile, without its distributions.")
public record ProfileSummary(
        @Schema(description = "Its name, for /api/v1/profiles/{name} and predictions.", example = "lnkd-disk")
        @JsonProperty("name") String name,
        @Schema(description = "One line on what it models.") @JsonProperty("description") String description,
        @Schema(description = "Where the numbers come from.") @JsonProperty("provenance") String provenance,
        @Schema(description = "Built into the service (read-only) or uploaded.",
                allowableValues = {"built-in", "uploaded"}) @JsonProperty("origin") String origin) {
}
