package dev.pbs.service.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.formats.profile.ProfileDocument;
import dev.pbs.service.openapi.ApiDocumentation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The body of {@code POST /api/v1/recommendations}, for the OpenAPI document: the service reads it
 * field by field in {@code requests.RecommendationRequestReader}, strictly (an unknown field is a
 * 400), with the defaults of {@code ./pbs tune}.
 */
@Schema(
        name = "RecommendationRequest",
        description = "The question of ./pbs tune. Give exactly one of 'profile' and 'profile_inline'. For (N, R, "
                + "W): 'n' (a number or a range) and optionally 'levels'. For Cassandra's consistency levels across "
                + "datacenters ('write_level', 'read_level', 'write_dc', 'read_dc', or a profile that names its "
                + "datacenters): every (write level, read level) pair is tried unless named, and each requirement "
                + "must hold for reads coordinated in every read datacenter; 'n' may be left out. Unknown fields are "
                + "refused (400).")
public record RecommendationRequestBody(
        @Schema(
                description = "Name of a stored profile (GET /api/v1/profiles lists them).",
                example = "ymmr",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("profile")
        String profile,

        @Schema(
                description = "A whole profile in the profile-file format, instead of a name.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("profile_inline")
        ProfileDocument profileInline,

        @Schema(
                description = "Replicas per key: a number, or a range such as \"3..5\" (each N is tried), within the "
                        + "configured limits. Required unless the profile places its replicas in named datacenters "
                        + "(then one N, which must agree).",
                ref = ApiDocumentation.REPLICA_RANGE_REF,
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("n")
        Object n,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "Requirements, all of which must hold: consistency@10ms>=0.999, "
                                        + "window@0.999<=50ms, read.p99.9<=20ms, write.p99<=50ms, w>=2, r>=1, n>=3 (or "
                                        + "<=), kstale@2<=0.001. Default: none.",
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
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("write_level")
        Object writeLevels,

        @Schema(
                description = "The read levels to try. Default: every level.",
                ref = ApiDocumentation.NAMES_REF,
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("read_level")
        Object readLevels,

        @Schema(
                description = "The datacenter of the write's coordinator, one name. Default: the profile's first.",
                example = "dc1",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("write_dc")
        String writeDatacenter,

        @Schema(
                description = "The datacenters of the read's coordinator where every requirement must hold. Default: "
                        + "every datacenter.",
                ref = ApiDocumentation.NAMES_REF,
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("read_dc")
        Object readDatacenters) {}
