package dev.pbs.service.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The profile-file format, for the OpenAPI document: {@code profiles.ProfileJson} reads and
 * writes it (strictly: unknown fields are errors). All delays in milliseconds.
 */
@Schema(name = "Profile", description = "A latency profile: the delay distributions of the four WARS messages "
        + "(w: coordinator to replica write, a: write acknowledgement, r: read request, s: read response), in "
        + "milliseconds, optionally per replica and per datacenter. The same format as a profile file.")
public record ProfileDocument(
        @Schema(description = "The profile's name.", example = "lnkd-disk", requiredMode = Schema.RequiredMode.REQUIRED)
        @JsonProperty("name") String name,
        @Schema(description = "One line on what it models. Default: empty.")
        @JsonProperty("description") String description,
        @Schema(description = "Where the numbers come from. Default: empty.")
        @JsonProperty("provenance") String provenance,
        @Schema(description = "The delays of every replica unless 'replicas' overrides them.",
                requiredMode = Schema.RequiredMode.REQUIRED)
        @JsonProperty("default") Delays defaults,
        @Schema(description = "Per-replica overrides of some delays; fixes N to its length.")
        @JsonProperty("replicas") List<Delays> replicas,
        @Schema(description = "Places replicas in datacenters.")
        @JsonProperty("datacenters") Datacenters datacenters) {

    /** The four message delays; in {@code default} all are required, in {@code replicas} any may be left out. */
    @Schema(name = "MessageDelays", description = "Delay distributions of the four WARS messages.")
    public record Delays(
            @Schema(description = "Coordinator to replica: the write.") @JsonProperty("w") Distribution w,
            @Schema(description = "Replica to coordinator: the write acknowledgement.")
            @JsonProperty("a") Distribution a,
            @Schema(description = "Coordinator to replica: the read request.") @JsonProperty("r") Distribution r,
            @Schema(description = "Replica to coordinator: the read response.") @JsonProperty("s") Distribution s) {
    }

    /** One distribution; which fields apply depends on {@code type}. */
    @Schema(name = "Distribution", description = "A latency distribution in milliseconds. By type: "
            + "constant {value_ms}; exponential {mean_ms}; pareto {xm_ms, alpha}; lognormal {mu, sigma} "
            + "(ln X ~ Normal(mu, sigma)); mixture {components: [{weight, distribution}]}; shifted {offset_ms, "
            + "distribution}; empirical {count, histogram (compressed HdrHistogram, base64), unit: ns|us|ms}.")
    public record Distribution(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, allowableValues = {"constant", "exponential",
                "pareto", "lognormal", "mixture", "shifted", "empirical"}, example = "exponential")
            @JsonProperty("type") String type,
            @JsonProperty("value_ms") Double valueMillis,
            @JsonProperty("mean_ms") Double meanMillis,
            @JsonProperty("xm_ms") Double xmMillis,
            @JsonProperty("alpha") Double alpha,
            @JsonProperty("mu") Double mu,
            @JsonProperty("sigma") Double sigma,
            @JsonProperty("offset_ms") Double offsetMillis,
            @JsonProperty("distribution") Distribution distribution,
            @JsonProperty("components") List<Component> components,
            @JsonProperty("count") Long count,
            @JsonProperty("histogram") String histogram,
            @Schema(allowableValues = {"ns", "us", "ms"}) @JsonProperty("unit") String unit) {
    }

    /** One weighted part of a mixture. */
    @Schema(name = "MixtureComponent")
    public record Component(@JsonProperty("weight") double weight,
            @JsonProperty("distribution") Distribution distribution) {
    }

    /** Which datacenter each replica is in, and the delay between datacenters. */
    @Schema(name = "Datacenters")
    public record Datacenters(
            @Schema(ref = SchemaReferences.REPLICA_DATACENTERS_REF)
            @JsonProperty("replica_dc") Object replicaDatacenters,
            @Schema(description = "Extra delay of a message between datacenters.")
            @JsonProperty("inter_dc_delay") Distribution interDatacenterDelay,
            @Schema(description = "Where the coordinator runs: \"random\" (default) or \"dc:K\".", example = "random")
            @JsonProperty("coordinator") String coordinator) {
    }
}
