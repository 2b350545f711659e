package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One profile in {@code GET /api/v1/profiles}.
 *
 * @param origin {@code built-in}, {@code uploaded} or {@code live-probe}
 */
@Schema(name = "ProfileSummary", description = "One stored profile, without its distributions.")
public record ProfileSummary(
        @Schema(description = "Its name, for /api/v1/profiles/{name} and predictions.", example = "lnkd-disk")
        @JsonProperty("name")
        String name,

        @Schema(description = "One line on what it models.") @JsonProperty("description")
        String description,

        @Schema(description = "Where the numbers come from.") @JsonProperty("provenance")
        String provenance,

        @Schema(
                description = "Built into the service (read-only), uploaded, or measured by a probe configured in "
                        + "the service (read-only, refreshed while the probe runs).",
                allowableValues = {"built-in", "uploaded", "live-probe"})
        @JsonProperty("origin")
        String origin) {}
