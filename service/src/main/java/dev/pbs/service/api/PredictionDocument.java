package dev.pbs.service.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The answer of {@code POST /api/v1/predictions}, for the OpenAPI document: the service writes it
 * with {@code output.PredictionJson}, the same JSON as {@code ./pbs predict --format json}. Times
 * in milliseconds; every interval is a 95% confidence interval {@code [low, high]}, an end
 * {@code null} when beyond the simulated range.
 */
@Schema(name = "Prediction", description = "The run's parameters and one entry per (R, W). The same JSON as "
        + "./pbs predict --format json.")
public record PredictionDocument(
        @JsonProperty("profile") ProfileSummary profile,
        @Schema(description = "Replicas per key.") @JsonProperty("n") int n,
        @JsonProperty("trials") long trials,
        @JsonProperty("seed") long seed,
        @Schema(allowableValues = {"all", "targeted"}) @JsonProperty("read_fanout") String readFanout,
        @JsonProperty("coordinator_replica") boolean coordinatorReplica,
        @Schema(description = "How datacenter-aware quorum levels were expanded.")
        @JsonProperty("quorum_expansion") String quorumExpansion,
        @JsonProperty("configs") List<Configuration> configs) {

    /** Name, description and provenance of the profile used. */
    @Schema(name = "PredictionProfile")
    public record ProfileSummary(@JsonProperty("name") String name, @JsonProperty("description") String description,
            @JsonProperty("provenance") String provenance) {
    }

    /** The results for one (R, W). */
    @Schema(name = "ConfigurationPrediction")
    public record Configuration(
            @JsonProperty("r") int r,
            @JsonProperty("w") int w,
            @Schema(description = "R + W > N: every read is consistent.") @JsonProperty("strict") boolean strict,
            @Schema(description = "P(a read starting t ms after commit is consistent), per requested t.")
            @JsonProperty("t_visibility") List<Visibility> tVisibility,
            @Schema(description = "How long after commit a read must start to be consistent with probability p.")
            @JsonProperty("windows_ms") List<Window> windowsMillis,
            @JsonProperty("read_latency_ms") List<Latency> readLatencyMillis,
            @JsonProperty("write_latency_ms") List<Latency> writeLatencyMillis,
            @Schema(description = "P(a read returns a value more than k versions old), closed form p_s^k.")
            @JsonProperty("k_staleness") List<VersionStaleness> kStaleness,
            @Schema(description = "P(more than k versions old at t ms), (1 - P(consistent at t))^k.")
            @JsonProperty("kt_staleness") List<TimedStaleness> ktStaleness) {
    }

    @Schema(name = "VisibilityPoint")
    public record Visibility(@JsonProperty("t_ms") double tMillis, @JsonProperty("p_consistent") double pConsistent,
            @JsonProperty("ci95") List<Double> ci95,
            @Schema(description = "Trials with a consistent read.") @JsonProperty("consistent") long consistent) {
    }

    @Schema(name = "ConsistencyWindow")
    public record Window(@JsonProperty("p") double p,
            @Schema(nullable = true, description = "null when beyond the simulated range") @JsonProperty("t_ms")
            Double tMillis,
            @JsonProperty("ci95") List<Double> ci95, @JsonProperty("beyond_range") boolean beyondRange) {
    }

    @Schema(name = "LatencyPercentile")
    public record Latency(@JsonProperty("percentile") double percentile,
            @Schema(nullable = true, description = "milliseconds; null when beyond the simulated range")
            @JsonProperty("value") Double value,
            @JsonProperty("ci95") List<Double> ci95, @JsonProperty("beyond_range") boolean beyondRange) {
    }

    @Schema(name = "VersionStaleness")
    public record VersionStaleness(@JsonProperty("k") int k, @JsonProperty("p_stale") double pStale) {
    }

    @Schema(name = "TimedStaleness")
    public record TimedStaleness(@JsonProperty("k") int k, @JsonProperty("t_ms") double tMillis,
            @JsonProperty("p_stale") double pStale, @JsonProperty("ci95") List<Double> ci95) {
    }
}
