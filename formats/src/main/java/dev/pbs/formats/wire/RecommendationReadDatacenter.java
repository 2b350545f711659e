package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** One level candidate's figures for reads coordinated in one datacenter. */
@Schema(
        name = "ReadDatacenterFigures",
        description = "A (write level, read level) pair for reads coordinated in one datacenter: its figures, "
                + "or why the read level cannot be used there.")
public record RecommendationReadDatacenter(
        @Schema(description = "The datacenter of the read's coordinator.") @JsonProperty("read_dc")
        String readDatacenter,

        @Schema(description = "Whether the read level can be used there; when not, only violations says why.")
        @JsonProperty("possible")
        boolean possible,

        @Schema(description = "The replicas the read contacts.", requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("r")
        Integer r,

        @Schema(
                description = "Every read set meets every write set that can commit.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("strict")
        Boolean strict,

        @Schema(description = "The objective here, ms.", requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("score")
        Double score,

        @Schema(description = "The requirements broken here, empty when all hold.") @JsonProperty("violations")
        List<String> violations,

        @Schema(description = "The figures here.", requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("metrics")
        RecommendationMetrics metrics) {}
