package dev.pbs.service.requests;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.pbs.formats.profile.ProfileDocument;
import dev.pbs.service.openapi.ApiDocumentation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The body of {@code POST /api/v1/predictions}: what Jackson reads, strictly (see {@link
 * RequestBodyDeserializer}: an unknown field or a field of the wrong type is a 400 naming it), and
 * what the OpenAPI document describes. {@link PredictionRequestReader} makes the question of
 * {@code ./pbs predict} of it, with its defaults.
 */
@Schema(
        name = "PredictionRequest",
        description = "What to simulate and what to report. Give exactly one of "
                + "'profile' and 'profile_inline'; 'r' and 'w' together, or neither for every (R, W) of N; or consistency "
                + "levels across datacenters ('write_level', 'read_level', 'write_dc', 'read_dc', 'levels', "
                + "'dc_matrix'). Faulty replicas for (R, W): pauses ('pause_every_ms', 'pause_for_ms', "
                + "'pause_timing'), outages with hinted handoff ('outage_every_ms', 'outage_for_ms', 'hint_window_ms', "
                + "'hint_replay_ms'), the replicas struck ('faulty_replicas'), or 'healthy'; 'recovery_outage_ms' adds "
                + "the recovery after one outage. Other fields left out take the defaults of ./pbs predict. "
                + "Unknown fields are refused (400).")
@JsonDeserialize(using = RequestBodyDeserializer.class)
public record PredictionRequestBody(
        @Schema(
                description = "Name of a stored profile (GET /api/v1/profiles lists them).",
                example = "lnkd-disk",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("profile")
        String profile,

        @Schema(
                description = "A whole profile in the profile-file format, instead of a name.",
                implementation = ProfileDocument.class,
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("profile_inline")
        JsonNode profileInline,

        @Schema(
                description = "Replicas per key (N), from 1 to the configured limits.maxReplicas (16 by default). "
                        + "Required unless the profile places its replicas in datacenters (then it must agree).",
                example = "3",
                minimum = "1",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("n")
        Long n,

        @Schema(
                description = "Read quorum R. Omit with 'w' to simulate every (R, W).",
                ref = ApiDocumentation.QUORUM_REF,
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("r")
        String r,

        @Schema(
                description = "Write quorum W.",
                ref = ApiDocumentation.QUORUM_REF,
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("w")
        String w,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "Times after commit, in milliseconds (>= 0), at which to "
                                        + "report the probability of a consistent read; up to 10000. Default: 0, 1, 2, 5, 10, 20, 50, 100, "
                                        + "200, 500, 1000.",
                                example = "[0, 5, 50]",
                                requiredMode = Schema.RequiredMode.NOT_REQUIRED))
        @JsonProperty("t_ms")
        List<Double> tMillis,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description =
                                        "Probabilities p in (0, 1]: report how long after commit a "
                                                + "read must start to be consistent with probability p. Default: 0.99, 0.999, 0.9999.",
                                example = "[0.99, 0.999]",
                                requiredMode = Schema.RequiredMode.NOT_REQUIRED))
        @JsonProperty("windows")
        List<Double> windows,

        @Schema(
                description = "Also report P(stale) at every t_ms ('stale' in each t_visibility point), estimated by "
                        + "importance sampling (the rare-event method) where fewer than 400 trials were stale: "
                        + "probabilities down to 1e-9 and below with their intervals. (R, W) questions only. Windows "
                        + "given in 'windows' that fewer than 400 trials lie beyond use the method too. Default: "
                        + "false.",
                example = "true",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("stale_probabilities")
        Boolean staleProbabilities,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "Read and write latency percentiles in (0, 100]. Default: "
                                        + "50, 90, 99, 99.9.",
                                example = "[50, 99]",
                                requiredMode = Schema.RequiredMode.NOT_REQUIRED))
        @JsonProperty("percentiles")
        List<Double> percentiles,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "Values of k >= 1 for k-staleness (a read more than k "
                                        + "versions old). Default: 1, 2, 3.",
                                example = "[1, 2]",
                                requiredMode = Schema.RequiredMode.NOT_REQUIRED))
        @JsonProperty("k")
        List<Integer> versionsBehind,

        @Schema(
                description = "Monte Carlo trials, from 1 to limits.maxTrials (10000000 by default). Default: "
                        + "limits.defaultTrials (1000000).",
                example = "100000",
                minimum = "1",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("trials")
        Long trials,

        @Schema(
                description = "Random seed. The same request with the same seed gives the same answer, which "
                        + "the service caches. Default: 42 (not cached).",
                example = "7",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("seed")
        Long seed,

        @Schema(
                description = "How reads reach replicas: 'all' (Dynamo, Riak: ask all N, keep the first R) or "
                        + "'targeted' (Voldemort, Cassandra without read repair: ask R at random). Default: all.",
                allowableValues = {"all", "targeted"},
                example = "all",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("read_fanout")
        String readFanout,

        @Schema(
                description = "Every coordinator is one of the replicas (with consistency levels, one of its "
                        + "datacenter's, drawn per operation): it reaches that replica through the profile's "
                        + "coordinator_replica path, or with no delay when the profile has none; the same as "
                        + "coordinator_replica_share 1, and not to be given with it. Default: the profile's "
                        + "coordinator_replica_share when it has one, else false.",
                example = "false",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("coordinator_replica")
        Boolean coordinatorReplica,

        @Schema(
                description = "How often the coordinator is one of the replicas: a number from 0 to 1 for writes and "
                        + "reads alike, or {\"writes\": W, \"reads\": R} (round-robin routing over M nodes with N "
                        + "replicas per key: N/M; token-aware routing: 1). Each write and each read is coordinated "
                        + "by a replica with that probability, independently. Not to be given with "
                        + "coordinator_replica. Default: the profile's coordinator_replica_share when it has one, "
                        + "else 0.",
                ref = ApiDocumentation.COORDINATOR_REPLICA_SHARE_REF,
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("coordinator_replica_share")
        List<Double> coordinatorReplicaShare,

        @Schema(
                description = "With read_fanout 'targeted': when a read asks one more replica than R, as "
                        + "Cassandra's table option speculative_retry: NONE, ALWAYS, a time ('20ms'), a percentile "
                        + "of the read latency without speculation ('99p', Cassandra's default), or "
                        + "'MIN(99p,20ms)' / 'MAX(99p,20ms)'. The read keeps the first R answers; each entry of "
                        + "configs then gives the fraction of reads that speculated. Default: NONE.",
                example = "99p",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("speculative_retry")
        String speculativeRetry,

        @Schema(
                description = "'blocking' (Cassandra's read_repair = 'BLOCKING', its default), 'none' (Cassandra's "
                        + "'NONE') or 'off' (the paper's read): with none, a read whose kept answers disagree "
                        + "reads the full data again from the same replicas; with blocking it also writes the "
                        + "newest value to the replicas still stale and waits for their acknowledgements; each "
                        + "entry of configs then gives, at each t_ms (at most 100), the fraction of reads that "
                        + "disagree, that repair, and the time it adds. Default: off.",
                allowableValues = {"blocking", "none", "off"},
                example = "blocking",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("read_repair")
        String readRepair,

        @Schema(
                description = "With read_fanout 'targeted': which replicas a read asks, 'random' (uniformly) or "
                        + "'snitch' (as Cassandra's dynamic snitch: a random order unless a replica in it scores more "
                        + "than 1 + snitch_badness_threshold times the replica at its place in the order by score, "
                        + "the score being the medians of its read request and response). Default: random.",
                allowableValues = {"random", "snitch"},
                example = "snitch",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("replica_choice")
        String replicaChoice,

        @Schema(
                description = "With replica_choice 'snitch': Cassandra's dynamic_snitch_badness_threshold, >= 0. "
                        + "Default: 1.0 (Cassandra 4's and 5's).",
                example = "1.0",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("snitch_badness_threshold")
        Double snitchBadnessThreshold,

        @Schema(
                description = "Also predict session guarantees for (R, W): writes per second to the key from all "
                        + "clients together (above 0, at most 100000). The answer's 'sessions' then gives, per (R, W), "
                        + "P(a client's read returns an older write than its previous read) and P(a client reads "
                        + "its own write t_ms after it was acknowledged), by simulation of the sequence.",
                example = "100",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("write_rate")
        Double writeRate,

        @Schema(
                description = "With write_rate: the client reads again this many ms after its previous read "
                        + "started, or when that read returns if later (0 to 3600000). Default: 0, back to back.",
                example = "10",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("read_interval_ms")
        Double readIntervalMillis,

        @Schema(
                description = "Consistency levels across datacenters: the write's level(s) (a string "
                        + "or an array), ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM or "
                        + "EACH_QUORUM. Default LOCAL_QUORUM. Naming any level or datacenter, or a "
                        + "profile with named datacenters, makes the answer one entry per (write level, "
                        + "read level, write_dc, read_dc) instead of per (R, W).",
                ref = ApiDocumentation.NAMES_REF,
                example = "LOCAL_QUORUM",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("write_level")
        List<String> writeLevels,

        @Schema(
                description = "The read's consistency level(s). Default LOCAL_QUORUM.",
                ref = ApiDocumentation.NAMES_REF,
                example = "LOCAL_ONE",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("read_level")
        List<String> readLevels,

        @Schema(
                description = "Datacenter(s) of the write's coordinator, by name. Default: the " + "profile's first.",
                ref = ApiDocumentation.NAMES_REF,
                example = "dc1",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("write_dc")
        List<String> writeDatacenters,

        @Schema(
                description = "Datacenter(s) of the read's coordinator, by name. Default: every " + "datacenter.",
                ref = ApiDocumentation.NAMES_REF,
                example = "dc2",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("read_dc")
        List<String> readDatacenters,

        @Schema(
                description = "\"all\": every (write level, read level) pair the profile's topology allows.",
                allowableValues = {"all"},
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("levels")
        String levels,

        @Schema(
                description = "Every (write datacenter, read datacenter) pair. Default: false.",
                example = "false",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("dc_matrix")
        Boolean datacenterMatrix,

        @Schema(
                description = "Stop-the-world pauses of the faulty replicas: ms from the start of one pause to the "
                        + "start of the next, above pause_for_ms (give both). A message that reaches a paused replica "
                        + "is handled when the pause ends. Faults are simulated for (R, W), with Cassandra's targeted "
                        + "read (the default then), no speculative retry, no read repair, no write_rate and no "
                        + "coordinator_replica; each entry of configs then has fault_effects.",
                example = "2000",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("pause_every_ms")
        Double pauseEveryMillis,

        @Schema(
                description = "Each pause's length, ms, above 0 (with pause_every_ms).",
                example = "200",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("pause_for_ms")
        Double pauseForMillis,

        @Schema(
                description = "'regular': the running time between pauses is constant; 'random': exponential with "
                        + "the same mean. Default: regular.",
                allowableValues = {"regular", "random"},
                example = "regular",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("pause_timing")
        String pauseTiming,

        @Schema(
                description = "Outages of the faulty replicas: the mean ms a replica stays up between outages "
                        + "(exponential: failures come at random; give outage_for_ms too). Writes skip a down replica "
                        + "and the coordinator keeps a hint; reads avoid it.",
                example = "3600000",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("outage_every_ms")
        Double outageEveryMillis,

        @Schema(
                description = "Each outage's length, ms, above 0 (with outage_every_ms).",
                example = "20000",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("outage_for_ms")
        Double outageForMillis,

        @Schema(
                description = "Cassandra's max_hint_window, ms (>= 0): writes made while a replica has been down "
                        + "longer get no hint and stay missing until repair. Default: the profile's, else 10800000 "
                        + "(3 h).",
                example = "10800000",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("hint_window_ms")
        Double hintWindowMillis,

        @Schema(
                description = "ms (>= 0) from a replica's return until a write hinted during its outage reaches it. "
                        + "Default: the profile's; required with outage_every_ms when the profile has no outages.",
                example = "5000",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("hint_replay_ms")
        Double hintReplayMillis,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "The replicas the faults strike, numbered from 1 to N, each once. "
                                        + "Default: the profile's, else every replica.",
                                example = "[3]",
                                requiredMode = Schema.RequiredMode.NOT_REQUIRED),
                schema = @Schema(description = "A replica's number, from 1.", minimum = "1"))
        @JsonProperty("faulty_replicas")
        List<Integer> faultyReplicas,

        @Schema(
                description = "Simulate healthy replicas, without the profile's faults; cannot be combined with the "
                        + "fault fields. Default: false.",
                example = "false",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("healthy")
        Boolean healthy,

        @Schema(
                description = "Also report a replica's recovery from one outage this long, ms (above 0): the "
                        + "answer's 'recovery' gives P(a ONE read it serves sees a write made during the outage) at "
                        + "each of recovery_times_ms after its return (closed form). Needs outages, from the "
                        + "question or the profile.",
                example = "20000",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonProperty("recovery_outage_ms")
        Double recoveryOutageMillis,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "Times since the replica's return, ms (>= 0), with "
                                        + "recovery_outage_ms. Default: 0, 1000, 2000, 5000, 10000, 20000, 30000, "
                                        + "60000.",
                                example = "[0, 5000, 10000]",
                                requiredMode = Schema.RequiredMode.NOT_REQUIRED))
        @JsonProperty("recovery_times_ms")
        List<Double> recoveryTimesMillis) {}
