package dev.pbs.service.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.formats.profile.ProfileDocument;
import dev.pbs.service.openapi.ApiDocumentation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The body of {@code POST /api/v1/predictions}, for the OpenAPI document: the service reads it
 * field by field in {@code requests.PredictionRequestReader}, strictly (an unknown field is a 400), with the
 * defaults of {@code ./pbs predict}.
 */
@Schema(
        name = "PredictionRequest",
        description = "What to simulate and what to report. Give exactly one of "
                + "'profile' and 'profile_inline'; 'r' and 'w' together, or neither for every (R, W) of N. Unknown fields "
                + "are refused (400).")
public record PredictionRequestBody(
        @Schema(description = "Name of a stored profile (GET /api/v1/profiles lists them).", example = "lnkd-disk")
        @JsonProperty("profile")
        String profile,

        @Schema(description = "A whole profile in the profile-file format, instead of a name.")
        @JsonProperty("profile_inline")
        ProfileDocument profileInline,

        @Schema(
                description = "Replicas per key (N), from 1 to the configured limits.maxReplicas (16 by default).",
                example = "3",
                minimum = "1",
                requiredMode = Schema.RequiredMode.REQUIRED)
        @JsonProperty("n")
        int n,

        @Schema(
                description = "Read quorum R. Omit with 'w' to simulate every (R, W).",
                ref = ApiDocumentation.QUORUM_REF)
        @JsonProperty("r")
        Object r,

        @Schema(description = "Write quorum W.", ref = ApiDocumentation.QUORUM_REF) @JsonProperty("w")
        Object w,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "Times after commit, in milliseconds (>= 0), at which to "
                                        + "report the probability of a consistent read; up to 10000. Default: 0, 1, 2, 5, 10, 20, 50, 100, "
                                        + "200, 500, 1000.",
                                example = "[0, 5, 50]"))
        @JsonProperty("t_ms")
        List<Double> tMillis,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description =
                                        "Probabilities p in (0, 1]: report how long after commit a "
                                                + "read must start to be consistent with probability p. Default: 0.99, 0.999, 0.9999.",
                                example = "[0.99, 0.999]"))
        @JsonProperty("windows")
        List<Double> windows,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "Read and write latency percentiles in (0, 100]. Default: "
                                        + "50, 90, 99, 99.9.",
                                example = "[50, 99]"))
        @JsonProperty("percentiles")
        List<Double> percentiles,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "Values of k >= 1 for k-staleness (a read more than k "
                                        + "versions old). Default: 1, 2, 3.",
                                example = "[1, 2]"))
        @JsonProperty("k")
        List<Integer> versionsBehind,

        @Schema(
                description = "Monte Carlo trials, from 1 to limits.maxTrials (10000000 by default). Default: "
                        + "limits.defaultTrials (1000000).",
                example = "100000",
                minimum = "1")
        @JsonProperty("trials")
        Long trials,

        @Schema(
                description = "Random seed. The same request with the same seed gives the same answer, which "
                        + "the service caches. Default: 42 (not cached).",
                example = "7")
        @JsonProperty("seed")
        Long seed,

        @Schema(
                description = "How reads reach replicas: 'all' (Dynamo, Riak: ask all N, keep the first R) or "
                        + "'targeted' (Voldemort, Cassandra without read repair: ask R at random). Default: all.",
                allowableValues = {"all", "targeted"},
                example = "all")
        @JsonProperty("read_fanout")
        String readFanout,

        @Schema(
                description = "The coordinator is one of the replicas: its messages to that replica take no "
                        + "time. Default: false.",
                example = "false")
        @JsonProperty("coordinator_replica")
        Boolean coordinatorReplica) {}
