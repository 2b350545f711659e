package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.pbs.formats.json.WholeNumbers;
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

        @Schema(description = "The coordinator is one of the replicas.") @JsonProperty("coordinator_replica")
        boolean coordinatorReplica,

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

        @JsonProperty("configs") List<Configuration> configs,

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

    /** The results for one (R, W), or one pair of consistency levels and datacenters. */
    @Schema(
            name = "ConfigurationPrediction",
            description = "The results for one (R, W), or for one write level and datacenter and one read level "
                    + "and datacenter.")
    public record Configuration(
            @Schema(
                    description = "The write's consistency level, for levels across datacenters.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("write_level")
            String writeLevel,

            @Schema(
                    description = "The read's consistency level, for levels across datacenters.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("read_level")
            String readLevel,

            @Schema(
                    description = "The datacenter of the write's coordinator, for levels.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("write_dc")
            String writeDatacenter,

            @Schema(
                    description = "The datacenter of the read's coordinator, for levels.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("read_dc")
            String readDatacenter,

            @Schema(description = "Read quorum: for levels, the replicas the read contacts.") @JsonProperty("r")
            int r,

            @Schema(description = "Write quorum: for levels, the acknowledgements the write waits for.")
            @JsonProperty("w")
            int w,

            @Schema(
                    description = "Every read set meets every write set that can commit, so every read after commit "
                            + "is consistent: R + W > N, or for levels decided datacenter by datacenter.")
            @JsonProperty("strict")
            boolean strict,

            @Schema(description = "P(a read starting t ms after commit is consistent), per requested t.")
            @JsonProperty("t_visibility")
            List<Visibility> tVisibility,

            @Schema(description = "How long after commit a read must start to be consistent with probability p.")
            @JsonProperty("windows_ms")
            List<Window> windowsMillis,

            @Schema(description = "Read latency percentiles in ms.") @JsonProperty("read_latency_ms")
            List<Latency> readLatencyMillis,

            @Schema(description = "Write latency percentiles in ms.") @JsonProperty("write_latency_ms")
            List<Latency> writeLatencyMillis,

            @Schema(
                    description = "P(a read returns a value more than k versions old), p_s^k: closed form for (R, W); "
                            + "for levels p_s is the simulated P(the read contacts no replica whose acknowledgement "
                            + "counted).")
            @JsonProperty("k_staleness")
            List<VersionStaleness> kStaleness,

            @Schema(description = "P(more than k versions old at t ms), (1 - P(consistent at t))^k.")
            @JsonProperty("kt_staleness")
            List<TimedStaleness> ktStaleness,

            @Schema(
                    description = "How often reads asked an extra replica (speculative retry); absent when reads "
                            + "never speculate.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("speculation")
            Speculation speculation,

            @Schema(
                    description = "Blocking read repair at each requested t; absent without read repair.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("read_repair")
            List<ReadRepairPoint> readRepair,

            @Schema(
                    description = "What faulty replicas did; absent for healthy replicas.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("fault_effects")
            FaultEffectsAnswer faultEffects) {}

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

    /** How long after commit reads are consistent with probability p. */
    @Schema(
            name = "ConsistencyWindow",
            description = "How long after commit a read must start to be consistent " + "with probability p.")
    public record Window(
            @Schema(description = "The probability.") @JsonSerialize(using = WholeNumbers.class) @JsonProperty("p")
            Double p,

            @Schema(nullable = true, description = "ms; null when beyond the simulated range")
            @JsonSerialize(using = WholeNumbers.class)
            @JsonProperty("t_ms")
            Double tMillis,

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

            @Schema(description = "The window lies beyond the simulated range.") @JsonProperty("beyond_range")
            boolean beyondRange,

            @Schema(
                    description = "How the window was estimated; only when the answer has rare_events.",
                    allowableValues = {"monte_carlo", "importance_sampling", "exact"},
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("method")
            String method,

            @Schema(
                    description = "importance_sampling only: P(stale) just before the window (still above 1 - p), "
                            + "whose interval is the window's precision.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("p_stale")
            Double pStale,

            @ArraySchema(
                    arraySchema =
                            @Schema(
                                    description = "importance_sampling only: p_stale +- 1.96 SE.",
                                    requiredMode = Schema.RequiredMode.NOT_REQUIRED),
                    minItems = 2,
                    maxItems = 2)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("p_stale_ci95")
            List<Double> pStaleCi95,

            @Schema(
                    description = "importance_sampling only: (sum w)^2 / sum w^2 over the trials stale just before "
                            + "the window; about 400 or more for a 10% interval.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("effective_sample_size")
            Double effectiveSampleSize,

            @Schema(
                    description = "importance_sampling only: whether p_stale's interval is within the asked relative "
                            + "half-width (10%).",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("resolved")
            Boolean resolved) {

        /** A window from the plain trials, in an answer without the rare-event method. */
        public Window(Double p, Double tMillis, List<Double> ci95, boolean beyondRange) {
            this(p, tMillis, ci95, beyondRange, null, null, null, null, null);
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
