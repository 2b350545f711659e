package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.pbs.formats.json.WholeNumbers;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * Session guarantees of a prediction (monotonic reads and read-your-writes), from a simulation of
 * one client's reads and writes while all clients write the key at a given rate.
 */
@Schema(
        name = "SessionGuarantees",
        description = "Monotonic reads and read-your-writes for one client, by simulation of the sequence of "
                + "its reads while all clients write the key at write_rate per second.")
public record Sessions(
        @Schema(
                description = "The client's next read starts this many ms after its previous one started, or when "
                        + "that one returns if later.")
        @JsonSerialize(using = WholeNumbers.class)
        @JsonProperty("read_interval_ms")
        Double readIntervalMillis,

        @Schema(description = "Writes per second to the key from all clients together (a Poisson process).")
        @JsonSerialize(using = WholeNumbers.class)
        @JsonProperty("write_rate")
        Double writeRate,

        @Schema(description = "Pairs of reads, and writes read back, simulated.") @JsonProperty("trials")
        long trials,

        @JsonProperty("configs") List<Configuration> configs) {

    /** One (R, W)'s session guarantees. */
    @Schema(name = "SessionConfiguration", description = "One (R, W)'s session guarantees.")
    public record Configuration(
            @JsonProperty("r") int r,
            @JsonProperty("w") int w,
            @JsonProperty("monotonic_reads") MonotonicReads monotonicReads,

            @Schema(
                    description = "P(a read d ms after the client's own write was acknowledged returns it or a "
                            + "newer write), per requested t (d = t).")
            @JsonProperty("read_your_writes")
            List<ReadYourWrites> readYourWrites) {}

    /** How often a client's second read returns an older write than its first. */
    @Schema(
            name = "MonotonicReads",
            description = "How often a client's second read returns an older write than its first.")
    public record MonotonicReads(
            @Schema(description = "P(the second read returns an older write than the first), simulated.")
            @JsonProperty("p_violation")
            double pViolation,

            @ArraySchema(
                    arraySchema = @Schema(description = "Wilson 95% interval [low, high]."),
                    minItems = 2,
                    maxItems = 2)
            @JsonProperty("ci95")
            List<Double> ci95,

            @Schema(
                    description = "The closed-form bound for non-expanding quorums, p_s^(1 + write_rate * "
                            + "read_interval), for comparison.")
            @JsonProperty("closed_form_bound")
            double closedFormBound) {}

    /** P(a read d ms after the client's write returns it or a newer one). */
    @Schema(
            name = "ReadYourWritesPoint",
            description = "P(a client reads its own write, or a newer one, d ms after it was acknowledged).")
    public record ReadYourWrites(
            @Schema(description = "ms after the client's write was acknowledged.")
            @JsonSerialize(using = WholeNumbers.class)
            @JsonProperty("t_ms")
            Double tMillis,

            @Schema(description = "P(the read returns the client's write or a newer one).") @JsonProperty("p_read_own")
            double pReadOwn,

            @ArraySchema(
                    arraySchema = @Schema(description = "Wilson 95% interval [low, high]."),
                    minItems = 2,
                    maxItems = 2)
            @JsonProperty("ci95")
            List<Double> ci95) {}
}
