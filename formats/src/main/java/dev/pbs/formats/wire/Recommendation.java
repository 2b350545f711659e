package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * A tuning recommendation: the answer of {@code POST /api/v1/recommendations} and of
 * {@code ./pbs tune --format json}. Candidates are (N, R, W) configurations or, for consistency
 * levels across datacenters, (write level, read level) pairs with their figures in each read
 * datacenter; latencies in ms.
 */
@Schema(
        name = "Recommendation",
        description = "The question as understood, the feasible configurations best first, "
                + "the rejected ones with the requirements they break, and the Pareto frontier of read p99.9, write p99.9 "
                + "and window. For consistency levels across datacenters (levels: datacenters) each candidate is a "
                + "(write level, read level) pair with its figures in every read datacenter, ranked and summarised "
                + "by the worst of them. The same JSON as ./pbs tune --format json.")
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
                description = "Every (R, W) (numeric), only Cassandra's ONE to ALL in one datacenter (cassandra), or "
                        + "Cassandra's consistency levels across the profile's datacenters (datacenters).",
                allowableValues = {"numeric", "cassandra", "datacenters"})
        @JsonProperty("levels")
        String levels,

        @Schema(
                description = "The datacenters, for levels across datacenters; absent for (N, R, W).",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("datacenters")
        List<String> datacenters,

        @Schema(
                description = "The datacenter of the write's coordinator, for levels across datacenters.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("write_dc")
        String writeDatacenter,

        @Schema(
                description = "The datacenters of the read's coordinator where every requirement must hold, for "
                        + "levels across datacenters.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("read_dcs")
        List<String> readDatacenters,

        @Schema(description = "Monte Carlo trials per N.") @JsonProperty("trials")
        long trials,

        @Schema(description = "The seed used.") @JsonProperty("seed")
        long seed,

        @Schema(
                description = "The probability at which window_ms is reported: the first window requirement's, "
                        + "else 0.999.")
        @JsonProperty("window_p")
        double windowP,

        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("read_path")
        RecommendationReadPath readPath,

        @Schema(description = "Configurations that meet every requirement, best first.") @JsonProperty("feasible")
        List<Candidate> feasible,

        @Schema(description = "Configurations that break a requirement.") @JsonProperty("rejected")
        List<RejectedCandidate> rejected,

        @Schema(description = "The feasible configurations on the Pareto frontier.") @JsonProperty("frontier")
        List<Candidate> frontier) {

    /** A recommendation of (N, R, W); {@code readPath} null for the paper's read path. */
    public Recommendation(
            Profile profile,
            int nMin,
            int nMax,
            List<String> requirements,
            String objective,
            String levels,
            long trials,
            long seed,
            double windowP,
            RecommendationReadPath readPath,
            List<Candidate> feasible,
            List<RejectedCandidate> rejected,
            List<Candidate> frontier) {
        this(
                profile,
                nMin,
                nMax,
                requirements,
                objective,
                levels,
                null,
                null,
                null,
                trials,
                seed,
                windowP,
                readPath,
                feasible,
                rejected,
                frontier);
    }

    /** The profile simulated. */
    @Schema(name = "RecommendationProfile", description = "The profile simulated.")
    public record Profile(
            @JsonProperty("name") String name,
            @JsonProperty("provenance") String provenance) {}

    /** A configuration that meets every requirement. */
    @Schema(
            name = "Candidate",
            description = "One (N, R, W), or one (write level, read level) pair, with its score and metrics.")
    public record Candidate(
            @Schema(
                    description = LEVEL_ONLY + "The write's consistency level.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("write_level")
            String writeLevel,

            @Schema(
                    description = LEVEL_ONLY + "The read's consistency level.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("read_level")
            String readLevel,

            @Schema(
                    description = LEVEL_ONLY + "The datacenter of the write's coordinator.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("write_dc")
            String writeDatacenter,

            @Schema(description = "Replicas per key.") @JsonProperty("n")
            int n,

            @Schema(description = READ_QUORUM, requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("r")
            Integer r,

            @Schema(description = WRITE_QUORUM) @JsonProperty("w")
            int w,

            @Schema(description = SPECULATIVE_RETRY, requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("speculative_retry")
            String speculativeRetry,

            @Schema(description = STRICT) @JsonProperty("strict")
            boolean strict,

            @Schema(description = SCORE) @JsonProperty("score")
            double score,

            @Schema(
                    description = LEVEL_ONLY + "Whether every requirement holds in every read datacenter.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("feasible")
            Boolean feasible,

            @JsonProperty("metrics") RecommendationMetrics metrics,

            @Schema(
                    description = LEVEL_ONLY + "The candidate's figures in each read datacenter.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("read_dcs")
            List<RecommendationReadDatacenter> readDatacenters) {

        /** An (N, R, W) candidate; {@code speculativeRetry} null when not reported. */
        public Candidate(
                int n,
                int r,
                int w,
                String speculativeRetry,
                boolean strict,
                double score,
                RecommendationMetrics metrics) {
            this(null, null, null, n, r, w, speculativeRetry, strict, score, null, metrics, null);
        }
    }

    /** A configuration that breaks at least one requirement. */
    @Schema(
            name = "RejectedCandidate",
            description = "One (N, R, W), or one (write level, read level) pair, that breaks a requirement, and why.")
    public record RejectedCandidate(
            @Schema(
                    description = LEVEL_ONLY + "The write's consistency level.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("write_level")
            String writeLevel,

            @Schema(
                    description = LEVEL_ONLY + "The read's consistency level.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("read_level")
            String readLevel,

            @Schema(
                    description = LEVEL_ONLY + "The datacenter of the write's coordinator.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("write_dc")
            String writeDatacenter,

            @Schema(description = "Replicas per key.") @JsonProperty("n")
            int n,

            @Schema(description = READ_QUORUM, requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("r")
            Integer r,

            @Schema(description = WRITE_QUORUM) @JsonProperty("w")
            int w,

            @Schema(description = SPECULATIVE_RETRY, requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("speculative_retry")
            String speculativeRetry,

            @Schema(description = STRICT) @JsonProperty("strict")
            boolean strict,

            @Schema(description = SCORE) @JsonProperty("score")
            double score,

            @Schema(
                    description = LEVEL_ONLY + "Whether every requirement holds in every read datacenter: false.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("feasible")
            Boolean feasible,

            @Schema(
                    description = "Each requirement broken, with the value found; for levels across datacenters "
                            + "after the read datacenters where it is broken (\"reads from dc2: ...\").")
            @JsonProperty("violations")
            List<String> violations,

            @JsonProperty("metrics") RecommendationMetrics metrics,

            @Schema(
                    description = LEVEL_ONLY + "The candidate's figures in each read datacenter.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("read_dcs")
            List<RecommendationReadDatacenter> readDatacenters) {

        /** An (N, R, W) candidate; {@code speculativeRetry} null when not reported. */
        public RejectedCandidate(
                int n,
                int r,
                int w,
                String speculativeRetry,
                boolean strict,
                double score,
                List<String> violations,
                RecommendationMetrics metrics) {
            this(null, null, null, n, r, w, speculativeRetry, strict, score, null, violations, metrics, null);
        }
    }

    private static final String LEVEL_ONLY = "For levels across datacenters only. ";
    private static final String READ_QUORUM =
            "Read quorum; absent for levels across datacenters, where each entry of read_dcs gives its own.";
    private static final String WRITE_QUORUM = "Write quorum: for levels, the acknowledgements the write waits for.";
    private static final String STRICT =
            "R + W > N; for levels, every read set meets every write set that can commit, in every read datacenter.";
    private static final String SCORE = "The objective's value, ms; for levels, at the worst read datacenter.";
    private static final String SPECULATIVE_RETRY = "(N, R, W) only: the speculative retry setting the candidate's "
            + "reads were simulated with, in Cassandra's spelling; present when several settings were searched or "
            + "this one speculates.";
}
