package dev.pbs.service.history;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.model.drift.MessageDrift;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One message's delays against the reference week, as the history and the probe status show it
 * (see {@link MessageDrift} for each field).
 */
@Schema(name = "DelayDrift", description = "One message's latest delays against the reference week's.")
public record DriftView(
        @Schema(allowableValues = {"W", "A", "R", "S"}) @JsonProperty("message")
        String message,

        @Schema(description = "Kolmogorov-Smirnov distance D, 0 to 1.") @JsonProperty("statistic")
        double statistic,

        @JsonProperty("p_value") double pValue,
        @JsonProperty("latest_samples") long latestSamples,
        @JsonProperty("reference_samples") long referenceSamples,
        @JsonProperty("latest_median_ms") double latestMedianMillis,
        @JsonProperty("reference_median_ms") double referenceMedianMillis,
        @JsonProperty("latest_p99_ms") double latestP99Millis,
        @JsonProperty("reference_p99_ms") double referenceP99Millis,

        @Schema(
                description = "The median distance of the reference's profiles from their mixture: how much "
                        + "the reference itself varies.")
        @JsonProperty("reference_spread")
        double referenceSpread,

        @Schema(description = "Whether the delays moved: p < 0.001, D >= 0.2 and D >= reference_spread + 0.2.")
        @JsonProperty("moved")
        boolean moved) {

    static DriftView of(MessageDrift drift) {
        return new DriftView(
                drift.message().letter(),
                drift.statistic(),
                drift.pValue(),
                drift.latestSamples(),
                drift.referenceSamples(),
                drift.latestMedianMillis(),
                drift.referenceMedianMillis(),
                drift.latestP99Millis(),
                drift.referenceP99Millis(),
                drift.referenceSpread(),
                drift.moved());
    }
}
