package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What {@code ./pbs fidelity --fault outage --format json} prints: the cell, the hint replay delay
 * measured in its first step, each outage, and the second step's recovery curve against the
 * prediction. Times in ms unless a name says otherwise; NaN where nothing was measured.
 */
public record OutageRecoveryCell(
        @JsonProperty("fault") String fault,
        @JsonProperty("node") int node,
        @JsonProperty("outage_s") double outageSeconds,
        @JsonProperty("outages_per_step") int outagesPerStep,
        @JsonProperty("writes_per_second") double writesPerSecond,
        @JsonProperty("reads_per_second") double readsPerSecond,
        @JsonProperty("replay_delay") ReplayDelay replayDelay,
        @JsonProperty("measured_outages") List<Outage> measuredOutages,
        @JsonProperty("observed_outages") List<Outage> observedOutages,
        @JsonProperty("bins") List<Bin> bins,
        @JsonProperty("rmse_recovery") double rmseRecovery,
        @JsonProperty("noise_floor_recovery") double noiseFloorRecovery,
        @JsonProperty("reads_in_bins") long readsInBins,
        @JsonProperty("elapsed_s") long elapsedSeconds) {

    /**
     * The hint replay delays of the first step, pooled over its outages: of the writes followed
     * (at most 250 an outage, evenly spaced); {@code missing_at_end} counts every write of the
     * outages that a last read of each did not find.
     */
    public record ReplayDelay(
            @JsonProperty("writes_followed") int writesFollowed,
            @JsonProperty("missing_at_end") int missingAtEnd,
            @JsonProperty("never_appeared") int neverAppeared,
            @JsonProperty("found_at_first_read") int foundAtFirstRead,
            @JsonProperty("deadline_ms") double deadlineMillis,
            @JsonProperty("p10_ms") double p10Millis,
            @JsonProperty("p50_ms") double p50Millis,
            @JsonProperty("p90_ms") double p90Millis,
            @JsonProperty("p99_ms") double p99Millis,
            @JsonProperty("max_ms") double maxMillis,
            @JsonProperty("median_uncertainty_ms") double medianUncertaintyMillis,
            @JsonProperty("by_coordinator") List<Coordinator> byCoordinator) {}

    /** The writes of the outage one node coordinated, which it kept hints of. */
    public record Coordinator(
            @JsonProperty("coordinator") String coordinator,
            @JsonProperty("appeared") int appeared,
            @JsonProperty("found_at_first_read") int foundAtFirstRead,
            @JsonProperty("first_ms") double firstMillis,
            @JsonProperty("last_ms") double lastMillis) {}

    /** One outage: its times, its writes and reads, and who served its traced reads. */
    public record Outage(
            @JsonProperty("stopped") String stopped,
            @JsonProperty("down_s") double downSeconds,
            @JsonProperty("starting_s") double startingSeconds,
            @JsonProperty("writes_while_down") int writesWhileDown,
            @JsonProperty("reads") long reads,
            @JsonProperty("failed_reads") long failedReads,
            @JsonProperty("driver_saw_up_ms") double driverSawUpMillis,
            @JsonProperty("traced_by_returned_node") long tracedByReturnedNode,
            @JsonProperty("traced_by_other_replica") long tracedByOtherReplica,
            @JsonProperty("traced_unknown") long tracedUnknown) {}

    /** One bin of the recovery curve. */
    public record Bin(
            @JsonProperty("from_ms") double fromMillis,
            @JsonProperty("to_ms") double toMillis,
            @JsonProperty("reads") long reads,
            @JsonProperty("consistent") long consistent,
            @JsonProperty("p_observed") double observed,
            @JsonProperty("p_observed_ci95") List<Double> observedCi95,
            @JsonProperty("mean_since_return_ms") double meanSinceReturnMillis,
            @JsonProperty("p_predicted") double predicted) {}
}
