package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * What {@code ./pbs fidelity --format json} prints for one cell: the observation's fields, then
 * the injected delays, the samples measured and the time it took.
 */
@Schema(name = "FidelityCell")
public record FidelityCell(
        @JsonUnwrapped Observation observation,
        @JsonProperty("injected") Injected injected,

        @Schema(description = "Samples measured per message type: W, A, R, S.") @JsonProperty("measured_samples")
        Map<String, Long> measuredSamples,

        @Schema(
                description = "RMSE of how far the observed P(consistent) lies outside the band of the model "
                        + "alone and the round trip, for the measured profile with tracing's own cost kept "
                        + "and divided out (a fraction).")
        @JsonProperty("rmse_outside_measurement_band")
        double rmseOutsideMeasurementBand,

        @JsonProperty("elapsed_s") long elapsedSeconds) {

    /** The delays injected into every node. */
    @Schema(name = "FidelityInjected")
    public record Injected(
            @JsonProperty("w_mean_ms") double writeMeanMillis,
            @JsonProperty("ars_mean_ms") double otherMeanMillis) {}

    /** Every cell of a grid, with the mean and worst RMSE. */
    @Schema(name = "FidelityGrid")
    public record Grid(
            @JsonProperty("cells") List<FidelityCell> cells,
            @JsonProperty("mean_rmse_t_visibility") double meanRmse,
            @JsonProperty("worst_rmse_t_visibility") double worstRmse) {}
}
