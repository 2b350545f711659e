package dev.pbs.service.requests;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.questions.InvalidQuestionException;
import dev.pbs.questions.PredictionQuestion;
import dev.pbs.questions.PredictionQuestionBuilder;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.questions.Vocabulary;
import dev.pbs.service.core.ProfileStore;
import java.util.List;
import java.util.Set;

/**
 * Translates a {@code POST /api/v1/predictions} body into a {@link PredictionQuestion}: JSON types
 * here, every value checked by the question against the configured limits.
 */
public final class PredictionRequestReader {

    /** The fields a prediction request may have. */
    public static final Set<String> FIELDS = Set.of(
            "profile",
            "profile_inline",
            "n",
            "r",
            "w",
            "t_ms",
            "windows",
            "stale_probabilities",
            "percentiles",
            "k",
            "trials",
            "seed",
            "read_fanout",
            "coordinator_replica",
            "coordinator_replica_share",
            "speculative_retry",
            "read_repair",
            "replica_choice",
            "snitch_badness_threshold",
            "write_level",
            "read_level",
            "write_dc",
            "read_dc",
            "levels",
            "dc_matrix",
            "write_rate",
            "read_interval_ms",
            "pause_every_ms",
            "pause_for_ms",
            "pause_timing",
            "outage_every_ms",
            "outage_for_ms",
            "hint_window_ms",
            "hint_replay_ms",
            "faulty_replicas",
            "healthy",
            "recovery_outage_ms",
            "recovery_times_ms");

    private final ProfileStore profiles;
    private final QuestionLimits limits;
    private final int threads;

    /** @param threads worker threads of every simulation */
    public PredictionRequestReader(ProfileStore profiles, QuestionLimits limits, int threads) {
        this.profiles = profiles;
        this.limits = limits;
        this.threads = threads;
    }

    /**
     * @throws InvalidQuestionException naming the first problem found
     * @throws dev.pbs.service.core.UnknownProfileException when the named profile is not stored
     */
    public PredictionQuestion read(JsonNode body) {
        JsonFields fields = new JsonFields(body, FIELDS);
        PredictionQuestionBuilder question = PredictionQuestion.builder(
                        RequestProfiles.resolve(fields, profiles), limits, Vocabulary.JSON)
                .replicas(fields.wholeNumber("n"))
                .quorums(fields.quorum("r"), fields.quorum("w"))
                .timesMillis(fields.numbers("t_ms"))
                .windows(fields.numbers("windows"))
                .staleProbabilities(fields.bool("stale_probabilities"))
                .percentiles(fields.numbers("percentiles"))
                .versionsBehind(fields.wholeNumbers("k"))
                .trials(fields.wholeNumber("trials"))
                .seed(fields.wholeNumber("seed"))
                .threads(threads)
                .readFanout(readFanout(fields.text("read_fanout")))
                .speculativeRetry(fields.text("speculative_retry"))
                .readRepair(fields.text("read_repair"))
                .replicaChoice(fields.text("replica_choice"), fields.number("snitch_badness_threshold"))
                .writeLevels(fields.textOrTexts("write_level", "LOCAL_QUORUM"))
                .readLevels(fields.textOrTexts("read_level", "LOCAL_ONE"))
                .writeDatacenters(fields.textOrTexts("write_dc", "dc1"))
                .readDatacenters(fields.textOrTexts("read_dc", "dc2"))
                .everyLevel(everyLevel(fields.text("levels")))
                .datacenterMatrix(fields.bool("dc_matrix"))
                .sessions(fields.number("write_rate"), fields.number("read_interval_ms"));
        if (fields.has("coordinator_replica")) {
            question.coordinatorReplica(fields.bool("coordinator_replica"));
        }
        double[] share = coordinatorReplicaShare(fields);
        if (share != null) {
            question.coordinatorReplicaShare(share[0], share[1]);
        }
        return faults(fields, question).build();
    }

    /**
     * {@code coordinator_replica_share}: a number, the share of writes and of reads, or an object
     * {@code {"writes": W, "reads": R}}; null when absent. JSON types are checked here, the values
     * (each from 0 to 1) by the question.
     */
    static double[] coordinatorReplicaShare(JsonFields fields) {
        String name = "coordinator_replica_share";
        if (!fields.has(name)) {
            return null;
        }
        JsonNode node = fields.node(name);
        String forms = "'" + name + "' must be a number from 0 to 1 or an object {\"writes\": W, \"reads\": R} "
                + "of two, was ";
        if (node.isNumber()) {
            return new double[] {node.doubleValue(), node.doubleValue()};
        }
        if (!node.isObject()) {
            throw new InvalidQuestionException(forms + JsonFields.shorten(node.toString()));
        }
        double[] shares = new double[2];
        List<String> sides = List.of("writes", "reads");
        for (java.util.Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String field = names.next();
            if (!sides.contains(field)) {
                throw new InvalidQuestionException("'" + name + "' has an unknown field '" + JsonFields.shorten(field)
                        + "'; it holds \"writes\" and \"reads\"");
            }
        }
        for (int i = 0; i < shares.length; i++) {
            JsonNode share = node.get(sides.get(i));
            if (share == null || share.isNull()) {
                throw new InvalidQuestionException(
                        "'" + name + "' needs both \"writes\" and \"reads\", had no \"" + sides.get(i) + "\"");
            }
            if (!share.isNumber()) {
                throw new InvalidQuestionException("'" + name + "' \"" + sides.get(i) + "\" must be a number from 0 "
                        + "to 1, was " + JsonFields.shorten(share.toString()));
            }
            shares[i] = share.doubleValue();
        }
        return shares;
    }

    /** The fault fields, JSON types checked here and values by the question ({@code questions.FaultOptions}). */
    private static PredictionQuestionBuilder faults(JsonFields fields, PredictionQuestionBuilder question) {
        return question.pauses(
                        fields.number("pause_every_ms"), fields.number("pause_for_ms"), fields.text("pause_timing"))
                .outages(
                        fields.number("outage_every_ms"),
                        fields.number("outage_for_ms"),
                        fields.number("hint_window_ms"),
                        fields.number("hint_replay_ms"))
                .faultyReplicas(fields.wholeNumbers("faulty_replicas"))
                .healthy(fields.bool("healthy"))
                .recovery(fields.number("recovery_outage_ms"), fields.numbers("recovery_times_ms"));
    }

    private static boolean everyLevel(String text) {
        if (text == null) {
            return false;
        }
        if (!text.trim().equalsIgnoreCase("all")) {
            throw new InvalidQuestionException(
                    "'levels' must be \"all\" (every level pair), was \"" + JsonFields.shorten(text) + "\"");
        }
        return true;
    }

    /** {@code read_fanout}, shared with the recommendation request; null when not given. */
    static ReadFanout readFanout(String text) {
        if (text == null) {
            return null; // not given: all, or the profile's read path
        }
        try {
            return ReadFanout.parse(text);
        } catch (IllegalArgumentException unknown) {
            throw new InvalidQuestionException(
                    "'read_fanout' must be \"all\" or \"targeted\", was \"" + JsonFields.shorten(text) + "\"");
        }
    }
}
