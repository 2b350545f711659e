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
        @JsonProperty("table") Table table,

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

    /** How the table read, as the probe read its options back, and the replicas an observed read waited for. */
    @Schema(name = "FidelityTable")
    public record Table(
            @Schema(
                    nullable = true,
                    description = "The table's speculative_retry, as the prediction used it; null when the schema "
                            + "did not say.")
            @JsonProperty("speculative_retry")
            String speculativeRetry,

            @Schema(nullable = true, description = "The table's read_repair; null when the schema did not say.")
            @JsonProperty("read_repair")
            String readRepair,

            @Schema(description = "R: replicas an observed read waited for.") @JsonProperty("r")
            int r) {}

    /** Every cell of a grid, with the mean and worst RMSE. */
    @Schema(name = "FidelityGrid")
    public record Grid(
            @JsonProperty("cells") List<FidelityCell> cells,
            @JsonProperty("mean_rmse_t_visibility") double meanRmse,
            @JsonProperty("worst_rmse_t_visibility") double worstRmse) {}
}
