package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.pbs.formats.json.WholeNumbers;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** What was measured for one candidate. */
@Schema(
        name = "CandidateMetrics",
        description = "The simulated figures of one candidate; for a level pair, the worst over the read "
                + "datacenters (the largest latencies and window, the smallest P(consistent)).")
public record RecommendationMetrics(
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
        double pConsistentAtCommit,

        @Schema(
                description = "The fraction of reads that asked an extra replica (speculative retry), 0 for a "
                        + "candidate that does not speculate; present when the read path speculates.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("p_speculated")
        Double pSpeculated,

        @Schema(
                description = "With blocking read repair: at time 0 and each time a requirement reads, the "
                        + "fraction of reads starting then that block on read repair.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("read_repair")
        List<RepairFraction> readRepair) {

    /** Figures without the read path's. */
    public RecommendationMetrics(
            double readP999Millis, double writeP999Millis, Double windowMillis, double pConsistentAtCommit) {
        this(readP999Millis, writeP999Millis, windowMillis, pConsistentAtCommit, null, null);
    }

    /** How many reads block on read repair at one time after commit. */
    @Schema(
            name = "RepairFraction",
            description = "The fraction of reads starting t_ms after commit that block on read repair.")
    public record RepairFraction(
            @Schema(description = "Time after commit, ms.")
            @JsonSerialize(using = WholeNumbers.class)
            @JsonProperty("t_ms")
            Double tMillis,

            @Schema(description = "The fraction of reads that repair, 0 to 1.") @JsonProperty("p_repair")
            double pRepair) {}
}
