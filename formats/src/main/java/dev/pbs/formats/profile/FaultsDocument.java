package dev.pbs.formats.profile;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.pbs.formats.json.WholeNumbers;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * A profile's {@code faults}, as {@link FaultsJson} writes it: pauses, outages or both, and the
 * replicas they strike. All times in milliseconds.
 */
@Schema(
        name = "Faults",
        description = "What goes wrong with the replicas: stop-the-world pauses, outages with hinted handoff, or "
                + "both (at least one), each struck replica running its own. Times in milliseconds.")
public record FaultsDocument(
        @Schema(description = "Stop-the-world pauses. Absent: none.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("pauses")
        Pauses pauses,

        @Schema(description = "Outages with hinted handoff. Absent: none.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("outages")
        Outages outages,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "The replicas struck, numbered from 1, each once, in ascending order (a "
                                        + "request may list them in any order). Absent: every replica.",
                                example = "[3]"),
                schema = @Schema(description = "A replica's number, from 1.", minimum = "1"),
                minItems = 1,
                uniqueItems = true)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("replicas")
        List<Integer> replicas) {

    /** Pauses: a replica runs for an interval, pauses for a duration, and so on. */
    @Schema(
            name = "Pauses",
            description = "A struck replica runs for an interval, pauses for a duration, runs again, each length "
                    + "drawn afresh. A message reaching it while it is paused is handled when the pause ends.")
    public record Pauses(
            @Schema(
                    description =
                            "Running time from the end of one pause to the start of the next, ms; a finite " + "mean.")
            @JsonProperty("interval")
            DistributionDocument interval,

            @Schema(description = "The length of a pause, ms; a finite mean above 0.") @JsonProperty("duration")
            DistributionDocument duration) {}

    /** Outages: a replica is up for a time between failures, down for a duration, and so on. */
    @Schema(
            name = "Outages",
            description = "A struck replica is up for a time between failures, down for an outage, up again, each "
                    + "length drawn afresh. Writes skip a down replica (the coordinator keeps a hint while it has "
                    + "been down for less than the hint window) and reads avoid it.")
    public record Outages(
            @Schema(description = "How long the replica stays up between outages, ms; a finite mean.")
            @JsonProperty("time_between_failures")
            DistributionDocument timeBetweenFailures,

            @Schema(description = "How long an outage lasts, ms; a finite mean above 0.") @JsonProperty("duration")
            DistributionDocument duration,

            @Schema(
                    description = "Hints are kept for writes made while the replica has been down for less than "
                            + "this, ms (Cassandra's max_hint_window). Default: 10800000 (3 h).",
                    example = "10800000",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonSerialize(using = WholeNumbers.class)
            @JsonProperty("hint_window_ms")
            Double hintWindowMillis,

            @Schema(description = "From the replica's return until a hinted write reaches it, ms.")
            @JsonProperty("hint_replay_delay")
            DistributionDocument hintReplayDelay) {}
}
