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

        @JsonProperty("elapsed_s") long elapsedSeconds,

        @Schema(
                description = "What a traced sample of the observed reads showed of the read path, against the "
                        + "prediction; absent when the cell traced none (it does when it sets the table's options).",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        @JsonProperty("read_path_traces")
        ReadPathTraces readPathTraces,

        @Schema(
                description = "Which measured profile the prediction used: calibrated as ./pbs probe calibrates "
                        + "its own (tracing's cost per message taken off).",
                allowableValues = {"calibrated", "as_traced"})
        @JsonProperty("profile")
        String profile,

        @Schema(description = "The same observation against the profile measured the other way about tracing.")
        @JsonProperty("other_profile")
        OtherProfile otherProfile,

        @Schema(
                description = "What the probe's calibration took off each traced message; absent when it took "
                        + "nothing off.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        @JsonProperty("tracing_cost")
        TracingCost tracingCost) {

    /** The observation against the profile measured the other way about tracing's own cost. */
    @Schema(name = "FidelityOtherProfile")
    public record OtherProfile(
            @Schema(allowableValues = {"calibrated", "as_traced"}) @JsonProperty("profile")
            String profile,

            @JsonProperty("observation") Observation observation) {}

    /**
     * Tracing's own cost, taken off the traced delays by the probe's calibration, per path: a
     * traced delay of x ms is taken as (x - cost_ms) / stretch.
     */
    @Schema(name = "FidelityTracingCost")
    public record TracingCost(
            @Schema(description = "The coordinator's own replica's W.") @JsonProperty("own_write")
            PathCost ownWrite,

            @Schema(description = "Each other replica's W and A.") @JsonProperty("other_write")
            PathCost otherWrite,

            @Schema(description = "The coordinator's own replica's R and S.") @JsonProperty("own_read")
            PathCost ownRead,

            @Schema(description = "Each other replica's R and S.") @JsonProperty("other_read")
            PathCost otherRead) {}

    /** One path's share of tracing. */
    @Schema(name = "FidelityPathCost")
    public record PathCost(
            @Schema(description = "Taken off every traced message of the path, ms.") @JsonProperty("cost_ms")
            double costMillis,

            @Schema(description = "What the rest is divided by, at least 1.") @JsonProperty("stretch")
            double stretch) {}

    /** Observed (traced reads) against predicted speculation and read repair. */
    @Schema(name = "FidelityReadPathTraces")
    public record ReadPathTraces(
            @Schema(description = "Traced reads whose events were read.") @JsonProperty("traced_reads")
            long tracedReads,

            @Schema(description = "Fraction of them that asked an extra replica.") @JsonProperty("p_speculated")
            double pSpeculated,

            @JsonProperty("p_speculated_ci95") List<Double> pSpeculatedCi95,

            @Schema(description = "The engine's fraction of reads that speculate.")
            @JsonProperty("p_speculated_predicted")
            double pSpeculatedPredicted,

            @JsonProperty("repairs") List<RepairPoint> repairs,

            @Schema(description = "RMSE of observed against predicted mismatch fractions over the t grid.")
            @JsonProperty("rmse_mismatch")
            double rmseMismatch,

            @Schema(description = "RMSE of observed against predicted repair fractions over the t grid.")
            @JsonProperty("rmse_repair")
            double rmseRepair,

            @Schema(
                    nullable = true,
                    description =
                            "With a slow replica: the fraction of traced reads that asked it; absent " + "otherwise.")
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            @JsonProperty("p_asked_slow_replica")
            Double pAskedSlowReplica,

            @Schema(nullable = true, description = "Its Wilson 95% interval [low, high].")
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            @JsonProperty("p_asked_slow_replica_ci95")
            List<Double> pAskedSlowReplicaCi95,

            @Schema(
                    nullable = true,
                    description = "Every read of the observation, traced or not, counted by the coordinators' "
                            + "read-repair meters; absent when they could not be read.")
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            @JsonProperty("all_reads")
            AllReads allReads) {}

    /** Mismatches and repairs over every read of the observation, from the coordinators' meters. */
    @Schema(name = "FidelityAllReads")
    public record AllReads(
            @Schema(description = "The observation's reads, traced or not.") @JsonProperty("reads")
            long reads,

            @Schema(description = "Reads whose answers disagreed, so that they read the full data again.")
            @JsonProperty("mismatched")
            ObservedFraction mismatched,

            @Schema(
                    description = "Read-repair mutations per read (one per repaired read when reads wait for two "
                            + "replicas).")
            @JsonProperty("repaired")
            ObservedFraction repaired) {}

    /** A fraction observed, with its interval, against the engine's. */
    @Schema(name = "FidelityObservedFraction")
    public record ObservedFraction(
            @JsonProperty("observed") double observed,

            @Schema(description = "Wilson 95% interval [low, high].") @JsonProperty("ci95")
            List<Double> ci95,

            @Schema(description = "The engine's fraction over the same reads, each t weighted by its reads.")
            @JsonProperty("predicted")
            double predicted) {}

    /**
     * Reads at one t whose answers disagreed (so that they read the full data again) and that
     * repaired a replica, observed and predicted.
     */
    @Schema(name = "FidelityRepairPoint")
    public record RepairPoint(
            @JsonProperty("t_ms") double tMillis,
            @JsonProperty("traced") long traced,
            @JsonProperty("p_mismatch") double pMismatch,
            @JsonProperty("mismatch_ci95") List<Double> mismatchCi95,
            @JsonProperty("p_mismatch_predicted") double pMismatchPredicted,
            @JsonProperty("p_repair") double pRepair,
            @JsonProperty("ci95") List<Double> ci95,
            @JsonProperty("p_repair_predicted") double pRepairPredicted) {}

    /** The delays injected into every node. */
    @Schema(name = "FidelityInjected")
    public record Injected(
            @JsonProperty("w_mean_ms") double writeMeanMillis,
            @JsonProperty("ars_mean_ms") double otherMeanMillis,

            @Schema(
                    nullable = true,
                    description = "The slow replica's address and how many times the others' delays its "
                            + "messages get; absent when the nodes are alike.")
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            @JsonProperty("slow_replica")
            SlowReplica slowReplica) {}

    /** A node whose injected delays are a factor of the others'. */
    @Schema(name = "FidelitySlowReplica")
    public record SlowReplica(
            @JsonProperty("address") String address,
            @JsonProperty("factor") double factor) {}

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
