package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The read path a recommendation's candidates were simulated with: the question's read options,
 * or its profile's measured {@code read_path} when it gave none.
 */
@Schema(
        name = "RecommendationReadPath",
        description = "The read path every (N, R, W) candidate was simulated with: the question's read options, or the "
                + "profile's measured read_path when the question gave none. Absent for the paper's read path "
                + "(fan-out to all replicas, no speculation, no read repair, random replicas).")
public record RecommendationReadPath(
        @Schema(
                description = "all or targeted.",
                allowableValues = {"all", "targeted"})
        @JsonProperty("read_fanout")
        String readFanout,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "The speculative retry settings searched, in Cassandra's spelling and "
                                        + "in the order asked; each candidate names its own.",
                                example = "[\"NONE\", \"99p\", \"ALWAYS\"]"))
        @JsonProperty("speculative_retry")
        List<String> speculativeRetry,

        @Schema(
                description = "blocking, none or off.",
                allowableValues = {"blocking", "none"})
        @JsonProperty("read_repair")
        String readRepair,

        @Schema(
                description = "random or snitch.",
                allowableValues = {"random", "snitch"})
        @JsonProperty("replica_choice")
        String replicaChoice,

        @Schema(
                description = "The dynamic snitch's badness threshold; only with replica_choice snitch.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("snitch_badness_threshold")
        Double snitchBadnessThreshold) {}
