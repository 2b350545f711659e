package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What {@code ./pbs fidelity --fault pause --format json} prints: the cell, and three comparisons
 * of observed against predicted t-visibility and latency: the healthy observation against the
 * healthy profile, and the observation made while the node paused against the profile with the
 * pauses and without them. Times in ms; RMSEs as fractions.
 */
public record PauseFidelityCell(
        @JsonProperty("fault") String fault,
        @JsonProperty("node") int node,
        @JsonProperty("every_ms") double everyMillis,
        @JsonProperty("for_ms") double forMillis,
        @JsonProperty("pauses_made") int pausesMade,
        @JsonProperty("writes") int writes,
        @JsonProperty("healthy") Comparison healthy,
        @JsonProperty("paused_with_pauses") Comparison withPauses,
        @JsonProperty("paused_without_pauses") Comparison withoutPauses,
        @JsonProperty("elapsed_s") long elapsedSeconds) {

    /** One observation against one prediction. */
    public record Comparison(
            @JsonProperty("rmse") double rmse,
            @JsonProperty("rmse_tail") double rmseTail,
            @JsonProperty("tail_from_ms") double tailFromMillis,
            @JsonProperty("noise_floor") double noiseFloor,
            @JsonProperty("latency_nrmse") double latencyNrmse,
            @JsonProperty("points") List<Point> points,
            @JsonProperty("latencies") List<Latency> latencies) {}

    /** P(consistent) at one t after commit, observed and predicted. */
    public record Point(
            @JsonProperty("t_ms") double tMillis,
            @JsonProperty("observed") double observed,
            @JsonProperty("reads") long reads,
            @JsonProperty("predicted") double predicted) {}

    /** One latency percentile, observed and predicted. */
    public record Latency(
            @JsonProperty("operation") String operation,
            @JsonProperty("percentile") double percentile,
            @JsonProperty("observed_ms") double observedMillis,
            @JsonProperty("predicted_ms") double predictedMillis) {}
}
