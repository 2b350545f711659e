package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.pbs.formats.json.WholeNumbers;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** A replica's recovery from one outage through its hints. */
@Schema(
        name = "Recovery",
        description = "A replica back from one outage: P(it has a write made during the outage) when it serves a "
                + "read a given time after its return, i.e. P(consistent) of a ONE read it serves. Closed form: "
                + "min(1, hint window / outage) * P(hint replay delay <= time since return).")
public record Recovery(
        @Schema(description = "The outage's length, ms.")
        @JsonSerialize(using = WholeNumbers.class)
        @JsonProperty("outage_ms")
        Double outageMillis,

        @Schema(description = "The fraction of the outage's writes that were hinted: min(1, window / outage).")
        @JsonProperty("hinted_fraction")
        double hintedFraction,

        @JsonProperty("points") List<Point> points) {

    /** One time after the return. */
    @Schema(name = "RecoveryPoint", description = "P(consistent) at one time after the replica's return.")
    public record Point(
            @Schema(description = "Time since the replica's return, ms.")
            @JsonSerialize(using = WholeNumbers.class)
            @JsonProperty("since_return_ms")
            Double sinceReturnMillis,

            @Schema(description = "P(a ONE read served by the returned replica sees a write made during the outage).")
            @JsonProperty("p_consistent")
            double pConsistent) {}
}
