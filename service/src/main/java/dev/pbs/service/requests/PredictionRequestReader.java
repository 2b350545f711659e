package dev.pbs.service.requests;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.questions.InvalidQuestionException;
import dev.pbs.questions.PredictionQuestion;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.questions.Vocabulary;
import dev.pbs.service.core.ProfileStore;
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
            "percentiles",
            "k",
            "trials",
            "seed",
            "read_fanout",
            "coordinator_replica");

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
        return PredictionQuestion.builder(RequestProfiles.resolve(fields, profiles), limits, Vocabulary.JSON)
                .replicas(required(fields, "n"))
                .quorums(fields.quorum("r"), fields.quorum("w"))
                .timesMillis(fields.numbers("t_ms"))
                .windows(fields.numbers("windows"))
                .percentiles(fields.numbers("percentiles"))
                .versionsBehind(fields.wholeNumbers("k"))
                .trials(fields.wholeNumber("trials"))
                .seed(fields.wholeNumber("seed"))
                .threads(threads)
                .readFanout(readFanout(fields.text("read_fanout")))
                .coordinatorReplica(fields.bool("coordinator_replica"))
                .build();
    }

    private static Long required(JsonFields fields, String name) {
        Long value = fields.wholeNumber(name);
        if (value == null) {
            throw new InvalidQuestionException("'" + name + "' is required");
        }
        return value;
    }

    private static ReadFanout readFanout(String text) {
        if (text == null) {
            return ReadFanout.ALL;
        }
        try {
            return ReadFanout.parse(text);
        } catch (IllegalArgumentException unknown) {
            throw new InvalidQuestionException(
                    "'read_fanout' must be \"all\" or \"targeted\", was \"" + JsonFields.shorten(text) + "\"");
        }
    }
}
