package dev.pbs.formats.profile;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.CoordinatorReplicaPath;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.profile.WarsMessage;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The profile-file JSON format, read into and written from a {@link LatencyProfile}. All delays
 * are in milliseconds.
 * <pre>
 * {"name": "...", "description": "...", "provenance": "...",
 *  "default":  {"w": DIST, "a": DIST, "r": DIST, "s": DIST},
 *  "replicas": [{"w": DIST}, {}, {}],
 *  "datacenters": {"replica_dc": [0, 1, 2] | "per_replica", "inter_dc_delay": DIST,
 *                  "coordinator": "random" | "dc:K"},
 *  "coordinator_replica": {"local": {"w": DIST, "a": DIST, "r": DIST, "s": DIST},
 *                          "local_read_preference": 0.9},
 *  "coordinator_replica_share": {"writes": 0.67, "reads": 0.67},
 *  "read_path": {"speculative_retry": "99p", "read_repair": "blocking", "replica_choice": "snitch",
 *                "snitch_badness_threshold": 1.0},
 *  "faults": {"pauses": {"interval": DIST, "duration": DIST},
 *             "outages": {"time_between_failures": DIST, "duration": DIST, "hint_window_ms": 10800000,
 *                         "hint_replay_delay": DIST},
 *             "replicas": [3]},
 *  "message_correlation": {"writes_between_replicas": 0.7, "writes_with_own_replica": 0.5,
 *                          "reads_between_replicas": 0.7, "reads_with_own_replica": 0.5}}
 * </pre>
 * {@code name} and {@code default} (with all four of w, a, r, s) are required; {@code description}
 * and {@code provenance} default to empty. {@code replicas} (optional) overrides some delays per
 * replica and fixes N to its length. {@code datacenters} (optional) places replicas in
 * datacenters: {@code replica_dc} lists each replica's datacenter (fixing N) or is
 * {@code "per_replica"} (one datacenter per replica, any N); {@code coordinator} defaults to
 * {@code "random"}. {@code coordinator_replica} (optional) describes the coordinator's own replica
 * for the co-located variant: its four delays (all required) and the optional probability that a
 * read asks it first. {@code coordinator_replica_share} (optional; both fields required, each a
 * probability from 0 to 1) is how often a write's and a read's coordinator was a replica where the
 * profile was measured ({@link CoordinatorReplicaShare}), the default of predictions from the
 * profile. {@code read_path} (optional; each field optional, defaulting to NONE, none,
 * random and 1.0) records the measured cluster's read path. {@code faults} (optional; absent:
 * healthy replicas) gives the replicas pauses, outages or both, all times in milliseconds:
 * {@code hint_window_ms} defaults to 3 hours, {@code replicas} numbers the replicas struck from 1
 * (absent: every replica) and, when the profile fixes N, must lie within it; see {@link
 * FaultsJson}. {@code message_correlation} (optional; absent: independent messages, each field
 * defaulting to 0) correlates one operation's messages ({@link MessageCorrelation}). DIST is
 * described in {@link DistributionJson}.
 *
 * <p>Reading is strict (unknown fields, missing fields and wrong types are errors) and every error
 * is a {@link ProfileFormatException} naming the JSON path. Writing builds the {@link
 * ProfileDocument} record, which Jackson writes (and the REST service's OpenAPI document
 * describes); it is exact: {@code read(write(p))} equals {@code p}.
 */
public final class ProfileJson {

    private static final List<String> TOP_LEVEL_FIELDS = List.of(
            "name",
            "description",
            "provenance",
            "default",
            "replicas",
            "datacenters",
            "coordinator_replica",
            "coordinator_replica_share",
            "read_path",
            "faults",
            "message_correlation");
    private static final List<String> CORRELATION_FIELDS = List.of(
            "writes_between_replicas", "writes_with_own_replica", "reads_between_replicas", "reads_with_own_replica");
    private static final List<String> READ_PATH_FIELDS =
            List.of("speculative_retry", "read_repair", "replica_choice", "snitch_badness_threshold");
    /** The delays' field names, in {@link WarsMessage} order: w, a, r, s. */
    private static final List<String> MESSAGES = Arrays.stream(WarsMessage.values())
            .map(message -> message.letter().toLowerCase(Locale.ROOT))
            .toList();

    private ProfileJson() {}

    /** Reads a profile from a file; messages start with {@code "profile file <file>: "}. */
    public static LatencyProfile readFile(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException missing) {
            throw new IllegalArgumentException("profile file " + file + ": no such file", missing);
        } catch (IOException | RuntimeException unreadable) {
            throw new IllegalArgumentException(
                    "profile file " + file + ": cannot be read ("
                            + oneLine(
                                    unreadable.getMessage() == null
                                            ? unreadable.getClass().getSimpleName()
                                            : unreadable.getMessage())
                            + ")",
                    unreadable);
        }
        try {
            return read(text);
        } catch (ProfileFormatException invalid) {
            throw new IllegalArgumentException("profile file " + file + ": " + invalid.getMessage(), invalid);
        }
    }

    /** Reads a profile from JSON text. */
    public static LatencyProfile read(String json) {
        return read(parse(json));
    }

    /** Parses JSON text into a tree, turning syntax errors into a one-line ProfileFormatException. */
    public static JsonNode parse(String json) {
        try {
            JsonNode root = JsonMapping.readTree(json);
            if (root == null || root.isMissingNode()) {
                throw new ProfileFormatException("", "the document is empty");
            }
            return root;
        } catch (JsonProcessingException malformed) {
            JsonLocation location = malformed.getLocation();
            String where =
                    location == null ? "" : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
            throw new ProfileFormatException(
                    "", "not valid JSON" + where + ": " + oneLine(malformed.getOriginalMessage()), malformed);
        }
    }

    /** Reads a profile from a JSON tree. */
    public static LatencyProfile read(JsonNode root) {
        JsonObjectReader top = JsonObjectReader.of(root, "", "a profile", TOP_LEVEL_FIELDS);
        String name = top.requiredText("name");
        if (name.isBlank()) {
            throw new ProfileFormatException("name", "must not be blank");
        }
        LatencyProfile.Builder builder = LatencyProfile.builder(name)
                .description(top.optionalText("description").orElse(""))
                .provenance(top.optionalText("provenance").orElse(""))
                .defaults(readDefaults(top.required("default"), top.pathOf("default")));
        List<DelayOverrides> overrides = List.of();
        Optional<JsonNode> replicas = top.optional("replicas");
        if (replicas.isPresent()) {
            overrides = readReplicas(replicas.get(), top.pathOf("replicas"));
            builder.replicaOverrides(overrides);
        }
        Optional<JsonNode> datacenters = top.optional("datacenters");
        if (datacenters.isPresent()) {
            DatacenterTopology topology = TopologyJson.read(datacenters.get(), top.pathOf("datacenters"));
            int placed = topology.explicitReplicaDatacenters().length;
            if (!topology.isOnePerReplica() && !overrides.isEmpty() && placed != overrides.size()) {
                throw new ProfileFormatException(
                        "datacenters.replica_dc",
                        "places " + placed + " replicas, but " + "\"replicas\" lists " + overrides.size());
            }
            builder.topology(topology);
        }
        Optional<JsonNode> coordinatorReplica = top.optional("coordinator_replica");
        if (coordinatorReplica.isPresent()) {
            builder.coordinatorReplica(
                    readCoordinatorReplica(coordinatorReplica.get(), top.pathOf("coordinator_replica")));
        }
        Optional<JsonNode> share = top.optional("coordinator_replica_share");
        if (share.isPresent()) {
            builder.coordinatorReplicaShare(
                    readCoordinatorReplicaShare(share.get(), top.pathOf("coordinator_replica_share")));
        }
        Optional<JsonNode> readPath = top.optional("read_path");
        if (readPath.isPresent()) {
            builder.readPath(readReadPath(readPath.get(), top.pathOf("read_path")));
        }
        Optional<JsonNode> correlation = top.optional("message_correlation");
        if (correlation.isPresent()) {
            builder.messageCorrelation(readCorrelation(correlation.get(), top.pathOf("message_correlation")));
        }
        LatencyProfile healthy = build(builder);
        Optional<JsonNode> faults = top.optional("faults");
        if (faults.isEmpty()) {
            return healthy;
        }
        // Read last: the replicas struck are checked against the N the rest of the profile fixes.
        return build(healthy.toBuilder()
                .faults(FaultsJson.read(faults.get(), top.pathOf("faults"), healthy.fixedReplicaCount())));
    }

    private static LatencyProfile build(LatencyProfile.Builder builder) {
        try {
            return builder.build();
        } catch (IllegalArgumentException rejected) {
            throw new ProfileFormatException("", String.valueOf(rejected.getMessage()), rejected);
        }
    }

    private static ReadPath readReadPath(JsonNode node, String path) {
        JsonObjectReader fields = JsonObjectReader.of(node, path, "the read path", READ_PATH_FIELDS);
        SpeculativeRetry retry = new SpeculativeRetry.None();
        ReadRepair repair = ReadRepair.OFF;
        double badness = ReplicaChoice.CASSANDRA_BADNESS_THRESHOLD;
        String choice = "random";
        try {
            if (fields.has("speculative_retry")) {
                retry = SpeculativeRetry.parse(fields.requiredText("speculative_retry"));
            }
        } catch (IllegalArgumentException bad) {
            throw new ProfileFormatException(fields.pathOf("speculative_retry"), bad.getMessage(), bad);
        }
        try {
            if (fields.has("read_repair")) {
                repair = ReadRepair.parse(fields.requiredText("read_repair"));
            }
        } catch (IllegalArgumentException bad) {
            throw new ProfileFormatException(fields.pathOf("read_repair"), bad.getMessage(), bad);
        }
        if (fields.has("snitch_badness_threshold")) {
            JsonNode value = fields.required("snitch_badness_threshold");
            if (!value.isNumber() || !(value.doubleValue() >= 0) || Double.isInfinite(value.doubleValue())) {
                throw new ProfileFormatException(
                        fields.pathOf("snitch_badness_threshold"),
                        "must be a finite number >= 0, was " + JsonObjectReader.shown(value));
            }
            badness = value.doubleValue();
        }
        if (fields.has("replica_choice")) {
            choice = fields.requiredText("replica_choice");
        }
        try {
            return new ReadPath(retry, repair, ReplicaChoice.parse(choice, badness));
        } catch (IllegalArgumentException bad) {
            throw new ProfileFormatException(fields.pathOf("replica_choice"), bad.getMessage(), bad);
        }
    }

    private static MessageCorrelation readCorrelation(JsonNode node, String path) {
        JsonObjectReader fields = JsonObjectReader.of(node, path, "the message correlation", CORRELATION_FIELDS);
        double[] values = new double[CORRELATION_FIELDS.size()];
        for (int i = 0; i < values.length; i++) {
            String field = CORRELATION_FIELDS.get(i);
            if (fields.has(field)) {
                JsonNode value = fields.required(field);
                if (!value.isNumber()
                        || !(value.doubleValue() >= 0 && value.doubleValue() <= MessageCorrelation.HIGHEST)) {
                    throw new ProfileFormatException(
                            fields.pathOf(field),
                            "must be a correlation between 0 and " + MessageCorrelation.HIGHEST + ", was "
                                    + JsonObjectReader.shown(value));
                }
                values[i] = value.doubleValue();
            }
        }
        try {
            return new MessageCorrelation(values[0], values[1], values[2], values[3]);
        } catch (IllegalArgumentException bad) {
            throw new ProfileFormatException(path, bad.getMessage(), bad);
        }
    }

    private static CoordinatorReplicaPath readCoordinatorReplica(JsonNode node, String path) {
        JsonObjectReader fields =
                JsonObjectReader.of(node, path, "the coordinator's replica", List.of("local", "local_read_preference"));
        MessageDelays local =
                readDelays(fields.required("local"), fields.pathOf("local"), "the local replica's delays");
        OptionalDouble preference = OptionalDouble.empty();
        if (fields.has("local_read_preference")) {
            String preferencePath = fields.pathOf("local_read_preference");
            JsonNode value = fields.required("local_read_preference");
            if (!value.isNumber() || !(value.doubleValue() >= 0 && value.doubleValue() <= 1)) {
                throw new ProfileFormatException(
                        preferencePath, "must be a probability between 0 and 1, was " + JsonObjectReader.shown(value));
            }
            preference = OptionalDouble.of(value.doubleValue());
        }
        return new CoordinatorReplicaPath(local, preference);
    }

    private static CoordinatorReplicaShare readCoordinatorReplicaShare(JsonNode node, String path) {
        JsonObjectReader fields =
                JsonObjectReader.of(node, path, "the coordinator replica share", List.of("writes", "reads"));
        double[] shares = new double[2];
        List<String> names = List.of("writes", "reads");
        for (int i = 0; i < shares.length; i++) {
            String name = names.get(i);
            JsonNode value = fields.required(name);
            if (!value.isNumber() || !(value.doubleValue() >= 0 && value.doubleValue() <= 1)) {
                throw new ProfileFormatException(
                        fields.pathOf(name),
                        "must be a probability between 0 and 1 (the share of " + name
                                + " whose coordinator is a replica), was " + JsonObjectReader.shown(value));
            }
            shares[i] = value.doubleValue();
        }
        return CoordinatorReplicaShare.of(shares[0], shares[1]);
    }

    private static MessageDelays readDefaults(JsonNode node, String path) {
        return readDelays(node, path, "the default delays");
    }

    private static MessageDelays readDelays(JsonNode node, String path, String what) {
        JsonObjectReader fields = JsonObjectReader.of(node, path, what, MESSAGES);
        LatencyDistribution[] delays = new LatencyDistribution[MESSAGES.size()];
        for (int i = 0; i < delays.length; i++) {
            String message = MESSAGES.get(i);
            delays[i] = DistributionJson.read(fields.required(message), fields.pathOf(message));
        }
        return new MessageDelays(delays[0], delays[1], delays[2], delays[3]);
    }

    private static List<DelayOverrides> readReplicas(JsonNode node, String path) {
        if (!node.isArray() || node.isEmpty()) {
            throw new ProfileFormatException(
                    path, "must be a non-empty array with one object per replica, was " + JsonObjectReader.shown(node));
        }
        List<DelayOverrides> overrides = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            String replicaPath = JsonObjectReader.element(path, i);
            JsonObjectReader fields = JsonObjectReader.of(node.get(i), replicaPath, "a replica's delays", MESSAGES);
            LatencyDistribution[] delays = new LatencyDistribution[MESSAGES.size()];
            for (int m = 0; m < delays.length; m++) {
                String message = MESSAGES.get(m);
                if (fields.has(message)) {
                    delays[m] = DistributionJson.read(fields.required(message), fields.pathOf(message));
                }
            }
            overrides.add(new DelayOverrides(delays[0], delays[1], delays[2], delays[3]));
        }
        return overrides;
    }

    /** Writes a profile as a JSON tree; {@code read(write(p))} equals {@code p}. */
    public static ObjectNode write(LatencyProfile profile) {
        return JsonMapping.tree(document(profile));
    }

    /** The record Jackson writes for a profile: the profile file's content. */
    public static ProfileDocument document(LatencyProfile profile) {
        return ProfileDocuments.of(profile);
    }

    /** Writes a profile as indented JSON text ending in a newline. */
    public static String writeString(LatencyProfile profile) {
        return JsonMapping.text(document(profile));
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
