package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * {@code GET /api/v1/sla/window}: how long after commit a read must start to be consistent with
 * probability p, in milliseconds, with its distribution-free 95% interval.
 *
 * <p>For consistency levels across datacenters the answer also names the levels and datacenters;
 * {@code r} is then the replicas the read contacts, {@code w} the acknowledgements the write waits
 * for, and when no read datacenter was asked for, the window is the longest of every read
 * datacenter's, {@code read_dc} the datacenter it is in.
 *
 * @param tMillis the window, or null when it lies beyond the largest simulated delay
 * @param ci95 the interval's ends in ms (an end may be null when beyond range)
 */
@Schema(
        name = "SlaWindow",
        description = "How long after commit a read must start to be consistent with " + "probability p.")
public record SlaWindow(
        @Schema(description = "The profile simulated.") @JsonProperty("profile")
        String profile,

        @Schema(
                description = "The write's consistency level, for levels across datacenters.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("write_level")
        String writeLevel,

        @Schema(
                description = "The read's consistency level, for levels across datacenters.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("read_level")
        String readLevel,

        @Schema(
                description = "The datacenter of the write's coordinator, for levels across datacenters.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("write_dc")
        String writeDatacenter,

        @Schema(
                description = "The datacenter of the read's coordinator, for levels across datacenters: the one "
                        + "asked for, or else the one whose window is the longest.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("read_dc")
        String readDatacenter,

        @Schema(description = "Replicas per key.") @JsonProperty("n")
        int n,

        @Schema(description = "Read quorum; for levels, the replicas the read contacts.") @JsonProperty("r")
        int r,

        @Schema(description = "Write quorum; for levels, the acknowledgements the write waits for.") @JsonProperty("w")
        int w,

        @Schema(description = "The probability asked for.") @JsonProperty("p")
        double p,

        @Schema(
                description = "The window in milliseconds; null when beyond the largest simulated delay.",
                nullable = true)
        @JsonProperty("t_ms")
        Double tMillis,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "Distribution-free 95% interval [low, high] in ms; an "
                                        + "end is null when beyond range."),
                minItems = 2,
                maxItems = 2,
                schema = @Schema(type = "number", nullable = true))
        @JsonProperty("ci95")
        List<Double> ci95,

        @Schema(description = "The window lies beyond the simulated range.") @JsonProperty("beyond_range")
        boolean beyondRange,

        @Schema(description = "Every read set meets every write set that can commit (R + W > N): the window is 0.")
        @JsonProperty("strict")
        boolean strict,

        @Schema(description = "Monte Carlo trials run.") @JsonProperty("trials")
        long trials,

        @Schema(description = "The seed used.") @JsonProperty("seed")
        long seed) {

    /** The window of one (N, R, W). */
    public SlaWindow(
            String profile,
            int n,
            int r,
            int w,
            double p,
            Double tMillis,
            List<Double> ci95,
            boolean beyondRange,
            boolean strict,
            long trials,
            long seed) {
        this(profile, null, null, null, null, n, r, w, p, tMillis, ci95, beyondRange, strict, trials, seed);
    }
}
