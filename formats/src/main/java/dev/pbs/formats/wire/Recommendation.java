package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * A tuning recommendation: the answer of {@code POST /api/v1/recommendations} and of
 * {@code ./pbs tune --format json}. Candidates are (N, R, W) configurations; latencies in ms.
 */
@Schema(
        name = "Recommendation",
        description = "The question as understood, the feasible configurations best first, "
                + "the rejected ones with the requirements they break, and the Pareto frontier of read p99.9, write p99.9 "
                + "and window. The same JSON as ./pbs tune --format json.")
public record Recommendation(
        @JsonProperty("profile") Profile profile,

        @Schema(description = "Smallest N considered.") @JsonProperty("n_min")
        int nMin,

        @Schema(description = "Largest N considered.") @JsonProperty("n_max")
        int nMax,

        @Schema(description = "The requirements, as written in the question.", example = "[\"window@0.999<=250ms\"]")
        @JsonProperty("requirements")
        List<String> requirements,

        @Schema(description = "What ranks the feasible configurations (lower is better).", example = "sum")
        @JsonProperty("objective")
        String objective,

        @Schema(
                description = "Every (R, W), or only Cassandra's consistency levels.",
                allowableValues = {"numeric", "cassandra"})
        @JsonProperty("levels")
        String levels,

        @Schema(description = "Monte Carlo trials per N.") @JsonProperty("trials")
        long trials,

        @Schema(description = "The seed used.") @JsonProperty("seed")
        long seed,

        @Schema(
                description = "The probability at which window_ms is reported: the first window requirement's, "
                        + "else 0.999.")
        @JsonProperty("window_p")
        double windowP,

        @Schema(description = "Configurations that meet every requirement, best first.") @JsonProperty("feasible")
        List<Candidate> feasible,

        @Schema(description = "Configurations that break a requirement.") @JsonProperty("rejected")
        List<RejectedCandidate> rejected,

        @Schema(description = "The feasible configurations on the Pareto frontier.") @JsonProperty("frontier")
        List<Candidate> frontier) {

    /** The profile simulated. */
    @Schema(name = "RecommendationProfile", description = "The profile simulated.")
    public record Profile(
            @JsonProperty("name") String name,
            @JsonProperty("provenance") String provenance) {}

    /** A configuration that meets every requirement. */
    @Schema(name = "Candidate", description = "One (N, R, W) with its score and metrics.")
    public record Candidate(
            @Schema(description = "Replicas per key.") @JsonProperty("n")
            int n,

            @Schema(description = "Read quorum.") @JsonProperty("r")
            int r,

            @Schema(description = "Write quorum.") @JsonProperty("w")
            int w,

            @Schema(description = "R + W > N.") @JsonProperty("strict")
            boolean strict,

            @Schema(description = "The objective's value, ms.") @JsonProperty("score")
            double score,

            @JsonProperty("metrics") Metrics metrics) {}

    /** A configuration that breaks at least one requirement. */
    @Schema(name = "RejectedCandidate", description = "One (N, R, W) that breaks a requirement, and why.")
    public record RejectedCandidate(
            @Schema(description = "Replicas per key.") @JsonProperty("n")
            int n,

            @Schema(description = "Read quorum.") @JsonProperty("r")
            int r,

            @Schema(description = "Write quorum.") @JsonProperty("w")
            int w,

            @Schema(description = "R + W > N.") @JsonProperty("strict")
            boolean strict,

            @Schema(description = "The objective's value, ms.") @JsonProperty("score")
            double score,

            @Schema(description = "Each requirement broken, with the value found.") @JsonProperty("violations")
            List<String> violations,

            @JsonProperty("metrics") Metrics metrics) {}

    /** What was measured for one candidate. */
    @Schema(name = "CandidateMetrics", description = "The simulated figures of one candidate.")
    public record Metrics(
            @Schema(description = "Read latency p99.9, ms.") @JsonProperty("read_p999_ms")
            double readP999Millis,

            @Schema(description = "Write latency p99.9, ms.") @JsonProperty("write_p999_ms")
            double writeP999Millis,

            @Schema(
                    description = "Consistency window at window_p, ms; null when beyond the simulated range.",
                    nullable = true)
            @JsonProperty("window_ms")
            Double windowMillis,

            @Schema(description = "P(consistent read) right at commit.") @JsonProperty("p_consistent_at_commit")
            double pConsistentAtCommit) {}
}
