package dev.pbs.service.probes;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The body of {@code GET /api/v1/cluster}: the service's instances and which of them runs each probe.
 *
 * @param mode {@code files} (one machine, state in its data directory) or {@code cassandra} (fleet mode)
 * @param instance the instance that answered
 * @param leaseSeconds how long a probe's lease lasts without renewal (0 on one machine)
 * @param instances the live instances, by name
 * @param probes every probe, by name
 */
@Schema(name = "Cluster", description = "The service's instances and which runs each probe.")
public record ClusterView(
        @Schema(allowableValues = {"files", "cassandra"}) @JsonProperty("mode")
        String mode,

        @Schema(description = "The instance that answered.", example = "127.0.0.1:8080") @JsonProperty("instance")
        String instance,

        @Schema(description = "How long a probe's lease lasts without renewal, seconds; 0 on one machine.")
        @JsonProperty("lease_seconds")
        long leaseSeconds,

        @JsonProperty("instances") List<Instance> instances,
        @JsonProperty("probes") List<Probe> probes) {

    /**
     * @param name its name (by default its host and port)
     * @param startedAtEpochSeconds when it started (Unix time)
     * @param lastSeenEpochSeconds its last heartbeat (Unix time)
     * @param probes the probes it runs, by name
     */
    @Schema(name = "ClusterInstance")
    public record Instance(
            @JsonProperty("name") String name,

            @Schema(description = "When it started (Unix time).") @JsonProperty("started_at_epoch_seconds")
            long startedAtEpochSeconds,

            @Schema(description = "Its last heartbeat (Unix time).") @JsonProperty("last_seen_epoch_seconds")
            long lastSeenEpochSeconds,

            @JsonProperty("probes") List<String> probes) {}

    /**
     * @param name the probe's name
     * @param source {@code configuration} (a YAML's) or {@code api}
     * @param owner the instance that holds its lease, or null when none does
     * @param leaseExpiresEpochSeconds when that lease ends unless renewed (Unix time), 0 when none
     */
    @Schema(name = "ClusterProbe")
    public record Probe(
            @JsonProperty("name") String name,

            @Schema(allowableValues = {"configuration", "api"}) @JsonProperty("source")
            String source,

            @Schema(description = "The instance that holds its lease; null when none does.", nullable = true)
            @JsonProperty("owner")
            String owner,

            @Schema(description = "When that lease ends unless renewed (Unix time); 0 when none.")
            @JsonProperty("lease_expires_epoch_seconds")
            long leaseExpiresEpochSeconds) {}
}
