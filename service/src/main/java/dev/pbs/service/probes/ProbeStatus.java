package dev.pbs.service.probes;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * A configured probe as the service sees it now (the body of {@code GET /api/v1/probes}).
 *
 * @param name the probe's name
 * @param profile the live profile it publishes
 * @param state {@code connecting}, {@code running} or {@code unreachable}
 * @param lastError the last connection problem, or null
 * @param lastRefreshEpochSeconds when the live profile was last published, 0 if never
 * @param refreshProblem why the last refresh published nothing (too few samples yet), or null
 * @param samples W, A, R, S samples behind the published profile
 * @param operations succeeded, failed and skipped operations since the service started
 * @param nodes each node's state
 * @param observation the last observed-against-predicted staleness run (the JSON of
 *     {@code pbs probe --observe-out}), or null when none ran yet or observation is off
 */
public record ProbeStatus(@JsonProperty("name") String name, @JsonProperty("profile") String profile,
                          @JsonProperty("state") String state, @JsonProperty("last_error") String lastError,
                          @JsonProperty("last_refresh_epoch_seconds") long lastRefreshEpochSeconds,
                          @JsonProperty("refresh_problem") String refreshProblem,
                          @JsonProperty("samples") Map<String, Long> samples,
                          @JsonProperty("operations") Map<String, Long> operations,
                          @JsonProperty("nodes") List<Node> nodes,
                          @JsonProperty("observation") com.fasterxml.jackson.databind.JsonNode observation) {

    /**
     * @param address the node's address
     * @param up whether operations through it succeed
     * @param failed operations through it that failed, in the current window
     */
    public record Node(@JsonProperty("address") String address, @JsonProperty("up") boolean up,
                       @JsonProperty("failed") long failed) {
    }
}
