package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.pbs.formats.json.WholeNumbers;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** Blocking read repair for reads starting at one time after commit. */
@Schema(name = "ReadRepairPoint", description = "Blocking read repair of reads starting t ms after commit.")
public record ReadRepairPoint(
        @Schema(description = "Time after commit, ms.") @JsonSerialize(using = WholeNumbers.class) @JsonProperty("t_ms")
        Double tMillis,

        @Schema(
                description = "P(a read's kept answers disagree: a digest mismatch, after which it reads the "
                        + "full data again from the same replicas).")
        @JsonProperty("p_mismatch")
        double pMismatch,

        @ArraySchema(
                arraySchema = @Schema(description = "Wilson 95% interval of p_mismatch [low, high]."),
                minItems = 2,
                maxItems = 2)
        @JsonProperty("mismatch_ci95")
        List<Double> mismatchCi95,

        @Schema(
                description = "P(a read then finds a replica still stale in its second round, writes the "
                        + "newest value to it and waits for its acknowledgement); at most p_mismatch.")
        @JsonProperty("p_repair")
        double pRepair,

        @ArraySchema(
                arraySchema = @Schema(description = "Wilson 95% interval of p_repair [low, high]."),
                minItems = 2,
                maxItems = 2)
        @JsonProperty("ci95")
        List<Double> ci95,

        @Schema(
                nullable = true,
                description = "Mean time a mismatching read adds: its second round, plus the repairs' "
                        + "acknowledgements when it repairs, ms; null when no read mismatched.")
        @JsonProperty("mean_added_ms")
        Double meanAddedMillis) {}
