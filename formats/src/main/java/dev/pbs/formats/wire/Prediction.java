package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.pbs.formats.json.WholeNumbers;
import dev.pbs.formats.profile.ProfileDocument;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * A prediction: the answer of {@code POST /api/v1/predictions} and of {@code ./pbs predict
 * --format json}. Times in milliseconds; every interval is a 95% confidence interval
 * {@code [low, high]}. Times, percentiles and window levels are written as integers when they are
 * whole numbers; a quantile beyond the simulated range is {@code null} with
 * {@code "beyond_range": true}, and so is an interval end that is not finite.
 */
@Schema(
        name = "Prediction",
        description =
                "The run's parameters and one entry per (R, W). The same JSON as " + "./pbs predict --format json.")
public record Prediction(
        @JsonProperty("profile") Profile profile,

        @Schema(description = "Replicas per key.") @JsonProperty("n")
        int n,

        @Schema(description = "Monte Carlo trials run.") @JsonProperty("trials")
        long trials,

        @Schema(description = "The seed used.") @JsonProperty("seed")
        long seed,

        @Schema(
                description = "How reads reach replicas.",
                allowableValues = {"all", "targeted"})
        @JsonProperty("read_fanout")
        String readFanout,

        @Schema(
                description = "The coordinator is one of the replicas: for every operation, or for the shares of "
                        + "writes and reads that coordinator_replica_share gives when it is present.")
        @JsonProperty("coordinator_replica")
        boolean coordinatorReplica,

        @Schema(
                description = "How often the coordinator of a write, and of a read, was one of the replicas, when "
                        + "some were and some not; absent when every coordinator was a replica (coordinator_replica "
                        + "true) or none was (false).",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("coordinator_replica_share")
        ProfileDocument.CoordinatorReplicaShareDocument coordinatorReplicaShare,

        @Schema(
                description = "How datacenter-aware quorum levels were expanded.",
                allowableValues = {"expanding", "non_expanding"})
        @JsonProperty("quorum_expansion")
        String quorumExpansion,

        @Schema(
                description = "Cassandra's speculative_retry setting modelled (NONE, ALWAYS, 20ms, 99p, "
                        + "MIN(99p,20ms), ...); absent when reads never speculate.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("speculative_retry")
        String speculativeRetry,

        @Schema(
                description = "'blocking' when reads whose answers disagree repair the stale replicas and wait for "
                        + "them (Cassandra's read_repair); absent without read repair.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("read_repair")
        String readRepair,

        @Schema(
                description = "'snitch' when the dynamic snitch chose the replicas reads ask; absent for random ones.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("replica_choice")
        String replicaChoice,

        @Schema(
                description = "The dynamic snitch's badness threshold, with replica_choice 'snitch'.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("snitch_badness_threshold")
        Double snitchBadnessThreshold,

        @Schema(
                description = "The datacenters, for consistency levels across datacenters; absent for (R, W).",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("datacenters")
        List<String> datacenters,

        @JsonProperty("configs") List<ConfigurationPrediction> configs,

        @Schema(
                description = "Session guarantees, when the question gave write_rate; absent otherwise.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("sessions")
        Sessions sessions,

        @Schema(
                description = "The faulty replicas simulated, in words; absent for healthy replicas.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("faults")
        String faults,

        @Schema(
                description = "A replica's recovery from one outage, when the question gave recovery_outage_ms; "
                        + "absent otherwise.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("recovery")
        Recovery recovery,

        @Schema(
                description = "The rare-event method (importance sampling), when some figure the question asked for "
                        + "was beyond what the plain trials resolve (fewer than 400 of them beyond it) or when "
                        + "stale_probabilities was asked; absent otherwise.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("rare_events")
        RareEventSummary rareEvents) {

    /** Name, description and provenance of the profile used. */
    @Schema(name = "PredictionProfile", description = "The profile simulated.")
    public record Profile(
            @JsonProperty("name") String name,
            @JsonProperty("description") String description,
            @JsonProperty("provenance") String provenance) {}

    /** How often reads asked one more replica than R, and when. */
    @Schema(name = "Speculation", description = "How often reads asked one more replica than R, and when.")
    public record Speculation(
            @Schema(
                    nullable = true,
                    description = "ms after the read's start at which it asks the extra replica: 0 for ALWAYS; "
                            + "null when it never does (R = N leaves no replica to ask).")
            @JsonSerialize(using = WholeNumbers.class)
            @JsonProperty("threshold_ms")
            Double thresholdMillis,

            @Schema(description = "P(a read asks an extra replica).") @JsonProperty("p_speculated")
            double pSpeculated,

            @ArraySchema(
                    arraySchema = @Schema(description = "Wilson 95% interval [low, high]."),
                    minItems = 2,
                    maxItems = 2)
            @JsonProperty("ci95")
            List<Double> ci95) {}

    /** P(consistent) at one time after commit. */
    @Schema(name = "VisibilityPoint", description = "P(consistent read) at one time after commit.")
    public record Visibility(
            @Schema(description = "Time after commit, ms.")
            @JsonSerialize(using = WholeNumbers.class)
            @JsonProperty("t_ms")
            Double tMillis,

            @Schema(
                    nullable = true,
                    description = "P(a read starting then is consistent); null when no trial counted (with faulty "
                            + "replicas, a configuration never available).")
            @JsonProperty("p_consistent")
            Double pConsistent,

            @ArraySchema(
                    arraySchema = @Schema(description = "Wilson 95% interval [low, high]."),
                    minItems = 2,
                    maxItems = 2)
            @JsonProperty("ci95")
            List<Double> ci95,

            @Schema(description = "Trials with a consistent read.") @JsonProperty("consistent")
            long consistent,

            @Schema(
                    description = "P(a read starting then is stale), with the method that estimated it; only when "
                            + "the question asked stale_probabilities.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("stale")
            StaleProbability stale) {

        /** Without P(stale). */
        public Visibility(Double tMillis, Double pConsistent, List<Double> ci95, long consistent) {
            this(tMillis, pConsistent, ci95, consistent, null);
        }
    }

    /** One latency percentile. */
    @Schema(name = "LatencyPercentile", description = "One latency percentile in ms.")
    public record Latency(
            @Schema(description = "The percentile, in (0, 100].")
            @JsonSerialize(using = WholeNumbers.class)
            @JsonProperty("percentile")
            Double percentile,

            @Schema(nullable = true, description = "ms; null when beyond the simulated range")
            @JsonSerialize(using = WholeNumbers.class)
            @JsonProperty("value")
            Double value,

            @ArraySchema(
                    arraySchema =
                            @Schema(
                                    description = "Distribution-free 95% interval [low, high] in ms; an "
                                            + "end is null when beyond the simulated range."),
                    minItems = 2,
                    maxItems = 2,
                    schema = @Schema(type = "number", nullable = true))
            @JsonSerialize(contentUsing = WholeNumbers.class)
            @JsonProperty("ci95")
            List<Double> ci95,

            @Schema(description = "The percentile lies beyond the simulated range.") @JsonProperty("beyond_range")
            boolean beyondRange) {}

    /** k-staleness in closed form. */
    @Schema(name = "VersionStaleness", description = "P(a read returns a value more than k versions old).")
    public record VersionStaleness(
            @Schema(description = "Versions behind.") @JsonProperty("k")
            int k,

            @Schema(description = "p_s^k.") @JsonProperty("p_stale")
            double pStale) {}

    /** k-staleness at a time after commit. */
    @Schema(name = "TimedStaleness", description = "P(more than k versions old at t ms after commit).")
    public record TimedStaleness(
            @Schema(description = "Versions behind.") @JsonProperty("k")
            int k,

            @Schema(description = "Time after commit, ms.")
            @JsonSerialize(using = WholeNumbers.class)
            @JsonProperty("t_ms")
            Double tMillis,

            @Schema(
                    nullable = true,
                    description = "(1 - P(consistent at t))^k; null when no trial counted (with faulty replicas, a "
                            + "configuration never available).")
            @JsonProperty("p_stale")
            Double pStale,

            @ArraySchema(
                    arraySchema = @Schema(description = "The visibility interval mapped: [low, high]."),
                    minItems = 2,
                    maxItems = 2)
            @JsonProperty("ci95")
            List<Double> ci95) {}
}
