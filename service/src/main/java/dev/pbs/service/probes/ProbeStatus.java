package dev.pbs.service.probes;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.formats.wire.Observation;
import dev.pbs.service.history.DriftView;
import dev.pbs.service.slas.LivePrediction;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * A configured probe as the service sees it now (the body of {@code GET /api/v1/probes}).
 *
 * @param name the probe's name
 * @param profile the live profile it publishes
 * @param state {@code connecting}, {@code warming-up} (connected, nothing published until the client's
 *     round trip settles), {@code running}, {@code unreachable}, or (fleet mode) {@code unassigned}
 *     while no instance holds its lease
 * @param lastError the last connection problem, or null
 * @param lastRefreshEpochSeconds when the live profile was last published, 0 if never
 * @param refreshProblem why the last refresh published nothing (too few samples yet), or null
 * @param samples W, A, R, S samples behind the published profile
 * @param operations succeeded, failed and skipped operations since the service started
 * @param nodes each node's state
 * @param observation the last observed-against-predicted staleness run (the JSON of
 *     {@code pbs probe --observe-out}), or null when none ran yet or observation is off
 * @param observeConsistency R and W of the observation, a consistency level (upper case), or null
 *     when observation is off
 * @param observationProblem why the last window has no observation, or null
 * @param observationCoverage t by t, how often the windows' observed shares fell inside their
 *     prediction intervals since the service started; null when observation is off
 * @param prediction the declared configurations predicted from the last published live profile,
 *     or null before the first or when the probe declares none
 * @param drift the newest history entry's delays against the reference week, or null before the
 *     history has a reference
 * @param instance the fleet instance that runs the probe, or null on a single machine
 */
@Schema(name = "ProbeStatus", description = "A probe configured in the service, as it is now.")
public record ProbeStatus(
        @Schema(description = "The probe's name.") @JsonProperty("name")
        String name,

        @Schema(description = "The live profile it publishes.", example = "cassandra:local") @JsonProperty("profile")
        String profile,

        @Schema(allowableValues = {"connecting", "warming-up", "running", "unreachable", "unassigned"})
        @JsonProperty("state")
        String state,

        @Schema(description = "The last connection problem.", nullable = true) @JsonProperty("last_error")
        String lastError,

        @Schema(description = "When the live profile was last published (Unix time), 0 if never.")
        @JsonProperty("last_refresh_epoch_seconds")
        long lastRefreshEpochSeconds,

        @Schema(description = "Why the last refresh published nothing.", nullable = true)
        @JsonProperty("refresh_problem")
        String refreshProblem,

        @Schema(description = "W, A, R, S samples behind the published profile.") @JsonProperty("samples")
        Map<String, Long> samples,

        @Schema(description = "Succeeded, failed and skipped operations since the service started.")
        @JsonProperty("operations")
        Map<String, Long> operations,

        @JsonProperty("nodes") List<Node> nodes,

        @Schema(
                description = "The last observed-against-predicted staleness run; null when none ran yet or "
                        + "observation is off.",
                nullable = true)
        @JsonProperty("observation")
        Observation observation,

        @Schema(
                description = "R and W of the observation, a consistency level; null when observation is off.",
                nullable = true,
                example = "ONE")
        @JsonProperty("observe_consistency")
        String observeConsistency,

        @Schema(
                description = "Why the last window has no observation (it failed, or could not be compared); the "
                        + "window's measurement is kept all the same. Null when it has one, or observation is off.",
                nullable = true)
        @JsonProperty("observation_problem")
        String observationProblem,

        @Schema(
                description = "t by t, how often the windows' observed shares of fresh reads fell inside their 95% "
                        + "prediction intervals since the service started; null when observation is off.",
                nullable = true)
        @JsonProperty("observation_coverage")
        List<ObservationCoverage> observationCoverage,

        @Schema(
                description = "The declared configurations (slas) predicted from the last published live profile; "
                        + "null before the first, or when the probe declares none.",
                nullable = true)
        @JsonProperty("prediction")
        LivePrediction prediction,

        @Schema(
                description = "The newest history entry's delays against the reference week, message by message; "
                        + "null before the history has a reference.",
                nullable = true)
        @JsonProperty("drift")
        List<DriftView> drift,

        @Schema(
                description = "The fleet instance that runs the probe (fleet mode); null on a single machine.",
                nullable = true,
                example = "127.0.0.1:8080")
        @JsonProperty("instance")
        String instance) {

    /** This status, as run by that fleet instance. */
    public ProbeStatus runBy(String fleetInstance) {
        return new ProbeStatus(
                name,
                profile,
                state,
                lastError,
                lastRefreshEpochSeconds,
                refreshProblem,
                samples,
                operations,
                nodes,
                observation,
                observeConsistency,
                observationProblem,
                observationCoverage,
                prediction,
                drift,
                fleetInstance);
    }

    /**
     * @param address the node's address
     * @param up whether operations through it succeed
     * @param failed operations through it that failed, in the current window
     */
    @Schema(name = "ProbeNode")
    public record Node(
            @JsonProperty("address") String address,
            @JsonProperty("up") boolean up,

            @Schema(description = "Operations through it that failed, in the current window.") @JsonProperty("failed")
            long failed) {}
}
