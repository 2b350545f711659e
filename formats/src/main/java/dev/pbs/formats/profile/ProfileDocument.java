package dev.pbs.formats.profile;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * A profile file, as {@link ProfileJson} writes it (and, through the same records, as the REST
 * service answers it). Reading is {@link ProfileJson}'s own, strict and path-naming.
 */
@Schema(
        name = "Profile",
        description = "A latency profile: the delay distributions of the four WARS messages "
                + "(w: coordinator to replica write, a: write acknowledgement, r: read request, s: read response), in "
                + "milliseconds, optionally per replica and per datacenter. The same format as a profile file.")
public record ProfileDocument(
        @Schema(description = "The profile's name.", example = "lnkd-disk") @JsonProperty("name")
        String name,

        @Schema(
                description = "One line on what it models. Default: empty.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("description")
        String description,

        @Schema(
                description = "Where the numbers come from. Default: empty.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("provenance")
        String provenance,

        @Schema(description = "The delays of every replica unless 'replicas' overrides them.") @JsonProperty("default")
        Delays defaults,

        @Schema(description = "Per-replica overrides of some delays; fixes N to its length.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("replicas")
        List<ReplicaDelays> replicas,

        @Schema(description = "Places replicas in datacenters.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("datacenters")
        Datacenters datacenters,

        @Schema(
                description = "The coordinator's own replica, when the coordinator is one of the replicas "
                        + "(token-aware routing): its delays and how often reads prefer it.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("coordinator_replica")
        CoordinatorReplica coordinatorReplica,

        @Schema(
                description = "How often the coordinator of a write, and of a read, was one of the key's replicas "
                        + "on the cluster the profile was measured on (round-robin routing over M nodes with N "
                        + "replicas per key: N/M; token-aware routing: 1): predictions from the profile put "
                        + "coordinators on replicas that often unless the question says otherwise. Absent: never, "
                        + "unless the question asks.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("coordinator_replica_share")
        CoordinatorReplicaShareDocument coordinatorReplicaShare,

        @Schema(
                description = "The measured cluster's read path, which predictions from the profile follow unless the "
                        + "question sets its own.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("read_path")
        ReadPathDocument readPath,

        @Schema(
                description = "What goes wrong with the replicas (pauses, outages with hinted handoff). Absent: "
                        + "healthy replicas, as in the paper.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("faults")
        FaultsDocument faults,

        @Schema(
                description = "How one operation's message delays move together (a one-factor Gaussian copula, each "
                        + "message keeping its own distribution). Absent: independent messages, as in the paper.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("message_correlation")
        MessageCorrelationDocument messageCorrelation) {

    /** How one operation's messages move together: correlations of normal scores, each in [0, 0.99]. */
    @Schema(
            name = "MessageCorrelation",
            description = "Correlations of the messages' normal scores within one operation, each in [0, 0.99]; "
                    + "absent fields are 0. The own replica's may not exceed the square root of the other replicas'.")
    public record MessageCorrelationDocument(
            @Schema(description = "Between two replicas' W (and A) of one write.", example = "0.7")
            @JsonProperty("writes_between_replicas")
            double writesBetweenReplicas,

            @Schema(description = "Between the coordinator's own replica's W and another replica's.", example = "0.5")
            @JsonProperty("writes_with_own_replica")
            double writesWithOwnReplica,

            @Schema(description = "Between two replicas' R (and S) of one read.", example = "0.7")
            @JsonProperty("reads_between_replicas")
            double readsBetweenReplicas,

            @Schema(description = "Between the coordinator's own replica's R and another replica's.", example = "0.5")
            @JsonProperty("reads_with_own_replica")
            double readsWithOwnReplica) {}

    /** How often the coordinator of a write, and of a read, is one of the key's replicas. */
    @Schema(
            name = "CoordinatorReplicaShare",
            description = "The probabilities, each from 0 to 1, that a write's and a read's coordinator is one of "
                    + "the key's replicas.")
    public record CoordinatorReplicaShareDocument(
            @Schema(
                    description = "P(a write's coordinator is a replica of the key).",
                    example = "0.67",
                    minimum = "0",
                    maximum = "1")
            @JsonProperty("writes")
            double writes,

            @Schema(
                    description = "P(a read's coordinator is a replica of the key).",
                    example = "0.67",
                    minimum = "0",
                    maximum = "1")
            @JsonProperty("reads")
            double reads) {}

    /** A cluster's read path: the table's options and the snitch's choice of replicas. */
    @Schema(name = "ReadPath", description = "The table's speculative_retry and read_repair, and the replica choice.")
    public record ReadPathDocument(
            @Schema(description = "Cassandra's spelling: NONE, ALWAYS, 20ms, 99p, MIN(99p,20ms)...", example = "99p")
            @JsonProperty("speculative_retry")
            String speculativeRetry,

            @Schema(allowableValues = {"blocking", "none", "off"}) @JsonProperty("read_repair")
            String readRepair,

            @Schema(allowableValues = {"random", "snitch"}) @JsonProperty("replica_choice")
            String replicaChoice,

            @Schema(description = "The dynamic snitch's badness threshold.") @JsonProperty("snitch_badness_threshold")
            double snitchBadnessThreshold) {}

    /**
     * The name of the schema of {@code replica_dc}, an array of numbers or a string, which no Java
     * type describes: the OpenAPI document defines it by hand.
     */
    public static final String REPLICA_DATACENTERS = "ReplicaDatacenters";

    /** The four message delays, all required. */
    @Schema(name = "MessageDelays", description = "Delay distributions of the four WARS messages.")
    public record Delays(
            @Schema(description = "Coordinator to replica: the write.") @JsonProperty("w")
            DistributionDocument w,

            @Schema(description = "Replica to coordinator: the write acknowledgement.") @JsonProperty("a")
            DistributionDocument a,

            @Schema(description = "Coordinator to replica: the read request.") @JsonProperty("r")
            DistributionDocument r,

            @Schema(description = "Replica to coordinator: the read response.") @JsonProperty("s")
            DistributionDocument s) {}

    /** One replica's overrides: any of the four may be left out. */
    @Schema(
            name = "ReplicaDelays",
            description = "One replica's delays that differ from the defaults; any may be " + "left out.")
    public record ReplicaDelays(
            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("w")
            DistributionDocument w,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("a")
            DistributionDocument a,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("r")
            DistributionDocument r,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("s")
            DistributionDocument s) {}

    /** The coordinator's own replica: its delays and the read preference for it. */
    @Schema(
            name = "CoordinatorReplica",
            description = "The replica on the coordinator's own node, reached without a message.")
    public record CoordinatorReplica(
            @Schema(
                    description = "Its four delays, ms, from the moment the coordinator starts the request: "
                            + "w until applied locally, a until that counts, r until the local read runs, s until "
                            + "its result counts.")
            @JsonProperty("local")
            Delays local,

            @Schema(
                    description = "Probability (0 to 1) that a read asks the local replica first (otherwise "
                            + "last). Absent: read targets are chosen uniformly.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("local_read_preference")
            Double localReadPreference) {}

    /** Which datacenter each replica is in, and the delays between datacenters. */
    @Schema(name = "Datacenters", description = "Which datacenter each replica is in, and the delays between them.")
    public record Datacenters(
            @Schema(
                    description = "The datacenters' names (Cassandra's datacenter names); numbers in replica_dc "
                            + "index them. Absent: names in replica_dc name them in order, or numbers stand alone.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("names")
            List<String> names,

            @Schema(ref = "#/components/schemas/" + REPLICA_DATACENTERS) @JsonProperty("replica_dc")
            Object replicaDatacenters,

            @Schema(
                    description = "One-way delay of a message between two datacenters, for every ordered pair "
                            + "without one in inter_dc_delays.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("inter_dc_delay")
            DistributionDocument interDatacenterDelay,

            @Schema(
                    description = "One-way delays of particular ordered pairs of named datacenters.",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("inter_dc_delays")
            List<PairDelay> pairDelays,

            @Schema(
                    description = "Where the coordinator runs in (R, W) predictions: \"random\" (default) or \"dc:K\".",
                    example = "random",
                    requiredMode = Schema.RequiredMode.NOT_REQUIRED)
            @JsonProperty("coordinator")
            String coordinator) {}

    /** The one-way delay from one named datacenter to another. */
    @Schema(
            name = "InterDatacenterDelay",
            description = "The one-way delay of every message from one datacenter to another.")
    public record PairDelay(
            @Schema(description = "The sender's datacenter.", example = "us-east") @JsonProperty("from")
            String from,

            @Schema(description = "The receiver's datacenter.", example = "us-west") @JsonProperty("to")
            String to,

            @Schema(description = "The delay, drawn afresh per message.") @JsonProperty("distribution")
            DistributionDocument distribution) {}
}
