package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.formats.profile.ProfileDocument;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * Observed against predicted staleness of a live cluster: what {@code ./pbs probe --observe-out}
 * writes and what {@code GET /api/v1/probes} shows as a probe's last observation. Probabilities
 * are of a fresh (consistent) read; times in ms.
 */
@Schema(
        name = "Observation",
        description = "Observed against predicted t-visibility of a live cluster, with the root-mean-square "
                + "difference. The prediction at t is P(t* <= t + send lag + client round trip): the engine's time "
                + "to consistency t*, the reads' mean send lag at t, and the client round trip measured beside the "
                + "writes, coupled with t* as client_coupling says.")
public record Observation(
        @Schema(description = "Replicas per key.") @JsonProperty("n")
        int n,

        @Schema(description = "Read quorum.") @JsonProperty("r")
        int r,

        @Schema(description = "Write quorum.") @JsonProperty("w")
        int w,

        @Schema(description = "Writes acknowledged.") @JsonProperty("writes")
        long writes,

        @JsonProperty("failed_writes") long failedWrites,
        @JsonProperty("failed_reads") long failedReads,

        @Schema(
                description = "The read fan-out of the prediction.",
                allowableValues = {"targeted"})
        @JsonProperty("read_fanout")
        String readFanout,

        @Schema(
                description = "Every coordinator, of the writes and of the reads, was a replica of its key "
                        + "(coordinator_replica_share 1 and 1); kept beside the share for the readers that "
                        + "know only it.")
        @JsonProperty("coordinator_is_replica")
        boolean coordinatorIsReplica,

        @Schema(
                description = "How often a write's, and a read's, coordinator was a replica of its key, as the "
                        + "observation counted from the driver's token map (round robin over M nodes with N "
                        + "replicas per key: about N/M), and as the prediction took it.")
        @JsonProperty("coordinator_replica_share")
        ProfileDocument.CoordinatorReplicaShareDocument coordinatorReplicaShare,

        @Schema(
                description = "How many windows of the observed writes were each predicted from what the probe "
                        + "measured during it (1: the whole observation from one profile); 'predicted' is their "
                        + "mean, weighted by reads.")
        @JsonProperty("prediction_windows")
        int predictionWindows,

        @Schema(
                description = "The mean client round trip measured beside the writes (a request the coordinator "
                        + "refuses before doing any work), added to t in the prediction.")
        @JsonProperty("mean_client_gap_ms")
        double meanClientGapMillis,

        @Schema(
                description = "The mean client round trip added to the engine's read latency: the refused request "
                        + "timed beside the reads (mean_client_gap_ms is timed beside the writes).")
        @JsonProperty("mean_read_round_trip_ms")
        double meanReadRoundTripMillis,

        @Schema(
                description = "How the prediction couples the client's part of an operation (the round trip) "
                        + "with the engine's: the round trip beside the reads with the engine's read latency, the "
                        + "one beside the writes with the time to consistency; the correlation of their normal "
                        + "scores, from 0 (independent) to 1 (the slowest with the slowest), as measured on the "
                        + "probe's traced operations.",
                minimum = "0",
                maximum = "1")
        @JsonProperty("client_coupling")
        double clientCoupling,

        @Schema(description = "RMSE of observed against predicted.") @JsonProperty("rmse_t_visibility")
        double rmseTVisibility,

        @Schema(description = "The RMSE that sampling noise alone would give.")
        @JsonProperty("noise_floor_t_visibility")
        double noiseFloorTVisibility,

        @Schema(description = "Normalised RMSE of client latencies; null when none were compared.", nullable = true)
        @JsonProperty("nrmse_latency")
        Double nrmseLatency,

        @Schema(
                description = "The latency NRMSE the observation's own sampling would give if the prediction were "
                        + "exact (the observed percentiles' standard errors over the same range); a floor, since the "
                        + "profile's own sampling is left out; null when no latency was compared.",
                nullable = true)
        @JsonProperty("noise_floor_latency")
        Double noiseFloorLatency,

        @JsonProperty("points") List<Point> points,
        @JsonProperty("latencies") List<Latency> latencies) {

    /** One t after the client has the write's acknowledgement. */
    @Schema(name = "ObservedPoint")
    public record Point(
            @Schema(description = "t: from the client having the write's acknowledgement to it sending the read, ms.")
            @JsonProperty("t_ms")
            double tMillis,

            @Schema(description = "Reads sent t ms after the write's acknowledgement, and answered.")
            @JsonProperty("reads")
            long reads,

            @Schema(description = "Reads that returned the write.") @JsonProperty("fresh")
            long fresh,

            @JsonProperty("observed") double observed,

            @Schema(description = "Wilson 95% interval, low end.") @JsonProperty("observed_lower")
            double observedLower,

            @Schema(description = "Wilson 95% interval, high end.") @JsonProperty("observed_upper")
            double observedUpper,

            @Schema(
                    description = "P(t* <= t + mean_send_lag_ms + client round trip), the round trip measured beside "
                            + "the writes and coupled with the time to consistency t* as client_coupling says.")
            @JsonProperty("predicted")
            double predicted,

            @Schema(description = "How late, on average, the reads at t were sent after their nominal time.")
            @JsonProperty("mean_send_lag_ms")
            double meanSendLagMillis,

            @Schema(
                    description = "Low end of the 95% prediction interval for the observed share: where it should "
                            + "fall if the model is right, given the profile's own sampling (bootstrap replicates of "
                            + "the prediction) and the observation's (binomial over reads). Only in a probe's status "
                            + "(GET /api/v1/probes); absent elsewhere.",
                    nullable = true)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("expected_lower")
            Double expectedLower,

            @Schema(description = "High end of that interval; absent with expected_lower.", nullable = true)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("expected_upper")
            Double expectedUpper) {}

    /** One client latency percentile. */
    @Schema(name = "ObservedLatency")
    public record Latency(
            @Schema(allowableValues = {"read", "write"}) @JsonProperty("operation")
            String operation,

            @JsonProperty("percentile") double percentile,
            @JsonProperty("observed_ms") double observedMillis,
            @JsonProperty("predicted_ms") double predictedMillis) {}
}
