package dev.pbs.service.probes;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * How often a probe's windows' observed shares of fresh reads at one t fell inside their 95%
 * prediction intervals, since the service started: about 95 of 100 when the model is right.
 *
 * @param tMillis t after the client's acknowledgement of the write, ms
 * @param windows windows whose observation had reads at t
 * @param within of those, the windows whose observed share fell inside its interval
 */
@Schema(
        name = "ObservationCoverage",
        description = "How often the windows' observed shares of fresh reads at t fell inside the 95% prediction "
                + "interval (expected_lower to expected_upper) since the service started; about 95% when the model "
                + "is right.")
public record ObservationCoverage(
        @Schema(description = "t after the client's acknowledgement of the write, ms.") @JsonProperty("t_ms")
        double tMillis,

        @Schema(description = "Windows whose observation had reads at t.") @JsonProperty("windows")
        long windows,

        @Schema(description = "Of those, the windows whose observed share fell inside its interval.")
        @JsonProperty("within")
        long within) {}
