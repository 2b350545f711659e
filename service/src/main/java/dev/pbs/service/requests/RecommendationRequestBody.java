package dev.pbs.service.requests;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.pbs.formats.profile.ProfileDocument;
import dev.pbs.service.openapi.ApiDocumentation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The body of {@code POST /api/v1/recommendations}: what Jackson reads, strictly (see {@link
 * RequestBodyDeserializer}: an unknown field or a field of the wrong type is a 400 naming it), and
 * what the OpenAPI document describes. {@link RecommendationRequestReader} makes the question of
 * {@code ./pbs tune} of it, with its defaults.
 */
@Schema(
        name = "RecommendationRequest",
        description = "The question of ./pbs tune. Give exactly one of 'profile' and 'profile_inline'. For (N, R, "
                + "W): 'n' (a number or a range) and optionally 'levels'. For Cassandra's consistency levels across "
                + "datacenters ('write_level', 'read_level', 'write_dc', 'read_dc', or a profile that names its "
                + "datacenters): every (write level, read level) pair is tried unless named, and each requirement "
                + "must hold for reads coordinated in every read datacenter; 'n' may be left out. The read fields "
                + "('read_fanout', 'speculative_retry', 'read_repair', 'replica_choice', 'snitch_badness_threshold') "
                + "are those of a prediction, for (N, R, W); 'speculative_retry' may list several settings, each "
                + "candidate being tried with each. Unknown fields are refused (400).")
@JsonDeserialize(using = RequestBodyDeserializer.class)
public record RecommendationRequestBody(
        @Schema(
                description = "Name of a stored profile (GET /api/v1/profiles lists them).",
                example = "ymmr",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("profile")
        String profile,

        @Schema(
                description = "A whole profile in the profile-file format, instead of a name.",
                implementation = ProfileDocument.class,
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("profile_inline")
        JsonNode profileInline,

        @Schema(
                description = "Replicas per key: a number, or a range such as \"3..5\" (each N is tried), within the "
                        + "configured limits. Required unless the profile places its replicas in named datacenters "
                        + "(then one N, which must agree).",
                ref = ApiDocumentation.REPLICA_RANGE_REF,
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("n")
        Object n,

        @ArraySchema(
                schema = @Schema(example = "window@0.999<=50ms"),
                arraySchema =
                        @Schema(
                                description = "Requirements, all of which must hold: consistency@10ms>=0.999, "
                                        + "window@0.999<=50ms, read.p99.9<=20ms, write.p99<=50ms, w>=2, r>=1, n>=3 (or "
                                        + "<=), kstale@2<=0.001, speculation<=0.05 (the fraction of reads that ask an "
                                        + "extra replica), repair@10ms<=0.01 (the fraction of reads starting 10 ms "
                                        + "after commit that block on read repair). Default: none.",
                                example = "[\"window@0.999<=250ms\"]",
                                requiredMode = Schema.RequiredMode.NOT_REQUIRED))
        // Never written: this only tells the schema that the field may be left out.
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("require")
        List<String> require,

        @Schema(
                description = "What ranks the feasible candidates, on p99.9 latency: sum (read + write, the default), "
                        + "read, write, or mix:A (A x read + (1 - A) x write). For levels, at the worst read "
                        + "datacenter.",
                example = "sum",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("objective")
        String objective,

        @Schema(
                description = "(N, R, W) only: every R and W in 1..N (numeric, the default) or only ONE, TWO, THREE, "
                        + "QUORUM, ALL (cassandra). Refused for levels across datacenters.",
                allowableValues = {"numeric", "cassandra"},
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("levels")
        String levels,

        @Schema(
                description = "Monte Carlo trials per N, from 1 to limits.maxTrials. Default: limits.defaultTrials.",
                example = "200000",
                minimum = "1",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("trials")
        Long trials,

        @Schema(
                description = "Random seed. The same request with the same seed gives the same answer, which the "
                        + "service caches. Default: 42 (not cached).",
                example = "7",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("seed")
        Long seed,

        @Schema(
                description = "Consistency levels across datacenters: the write levels to try, among ONE, TWO, THREE, "
                        + "QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM, EACH_QUORUM. Default: every level the write's "
                        + "datacenter allows.",
                ref = ApiDocumentation.NAMES_REF,
                example = "LOCAL_QUORUM",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("write_level")
        List<String> writeLevels,

        @Schema(
                description = "The read levels to try. Default: every level.",
                ref = ApiDocumentation.NAMES_REF,
                example = "LOCAL_ONE",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("read_level")
        List<String> readLevels,

        @Schema(
                description = "The datacenter of the write's coordinator, one name. Default: the profile's first.",
                ref = ApiDocumentation.NAMES_REF,
                example = "dc1",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("write_dc")
        List<String> writeDatacenters,

        @Schema(
                description = "The datacenters of the read's coordinator where every requirement must hold. Default: "
                        + "every datacenter.",
                ref = ApiDocumentation.NAMES_REF,
                example = "dc2",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("read_dc")
        List<String> readDatacenters,

        @Schema(
                description = "(N, R, W) only, as for a prediction: 'all' (the read goes to every replica, the first R "
                        + "answers count) or 'targeted' (to R replicas, all must answer; Cassandra's). Default: all, or "
                        + "the profile's read_path when it has one and no read field is given.",
                allowableValues = {"all", "targeted"},
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("read_fanout")
        String readFanout,

        @Schema(
                description = "With read_fanout 'targeted': the speculative retry settings to search, in Cassandra's "
                        + "spelling (NONE, ALWAYS, '20ms', '99p', 'MIN(99p,20ms)', 'MAX(99p,20ms)'): one string, "
                        + "several separated by commas outside parentheses, or an array; at most 8. Every (N, R, W) "
                        + "is tried with each, and each candidate names its setting. Default: NONE.",
                ref = ApiDocumentation.NAMES_REF,
                example = "99p",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("speculative_retry")
        List<String> speculativeRetry,

        @Schema(
                description = "'blocking', 'none' or 'off', as for a prediction: with blocking, each candidate's "
                        + "metrics give the fraction of reads that repair at time 0 and at each time a requirement "
                        + "reads, which repair@<ms><=<fraction> bounds. Default: off.",
                allowableValues = {"blocking", "none", "off"},
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("read_repair")
        String readRepair,

        @Schema(
                description =
                        "With read_fanout 'targeted': 'random' or 'snitch' (Cassandra's dynamic snitch), as for a "
                                + "prediction. Default: random.",
                allowableValues = {"random", "snitch"},
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("replica_choice")
        String replicaChoice,

        @Schema(
                description = "With replica_choice 'snitch': Cassandra's dynamic_snitch_badness_threshold, >= 0. "
                        + "Default: 1.0.",
                example = "1.0",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("snitch_badness_threshold")
        Double snitchBadnessThreshold) {}
