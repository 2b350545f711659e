package dev.pbs.service.requests;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.questions.InvalidQuestionException;
import dev.pbs.questions.Levels;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.questions.TuningQuestion;
import dev.pbs.questions.Vocabulary;
import dev.pbs.service.core.ProfileStore;
import java.util.Set;

/**
 * Translates a {@code POST /api/v1/recommendations} body (the question of {@code ./pbs tune}) into a
 * {@link TuningQuestion}.
 * <pre>
 * {"profile": NAME | "profile_inline": PROFILE, "n": 3 | "3..5", "require": ["window@0.999<=250ms", ...],
 *  "objective": "sum", "levels": "numeric" | "cassandra", "trials": T, "seed": S,
 *  "read_fanout": "targeted", "speculative_retry": "NONE,99p" | ["NONE", "MIN(99p,20ms)", ...],
 *  "read_repair": "blocking", "replica_choice": "snitch", "snitch_badness_threshold": 1.0}
 * </pre>
 * The read fields are predict's, resolved the same way; {@code speculative_retry} may list several
 * settings to search, as an array or separated by commas outside parentheses.
 * or, for Cassandra's consistency levels across datacenters ({@code n} optional, {@code levels} refused):
 * <pre>
 * {"profile": NAME, "write_level": LEVEL | [LEVEL, ...], "read_level": LEVEL | [LEVEL, ...],
 *  "write_dc": DC, "read_dc": DC | [DC, ...], "require": [...], ...}
 * </pre>
 */
public final class RecommendationRequestReader {

    /** The fields a recommendation request may have. */
    public static final Set<String> FIELDS = Set.of(
            "profile",
            "profile_inline",
            "n",
            "require",
            "objective",
            "levels",
            "trials",
            "seed",
            "write_level",
            "read_level",
            "write_dc",
            "read_dc",
            "read_fanout",
            "speculative_retry",
            "read_repair",
            "replica_choice",
            "snitch_badness_threshold");

    private final ProfileStore profiles;
    private final QuestionLimits limits;
    private final int threads;

    public RecommendationRequestReader(ProfileStore profiles, QuestionLimits limits, int threads) {
        this.profiles = profiles;
        this.limits = limits;
        this.threads = threads;
    }

    /**
     * @throws InvalidQuestionException naming the first problem found
     * @throws dev.pbs.service.core.UnknownProfileException when the named profile is not stored
     */
    public TuningQuestion read(JsonNode body) {
        JsonFields fields = new JsonFields(body, FIELDS);
        TuningQuestion.Builder question =
                TuningQuestion.builder(RequestProfiles.resolve(fields, profiles), limits, Vocabulary.JSON);
        if (fields.has("n") && fields.node("n").isTextual()) {
            question.replicas(fields.text("n"));
        } else {
            question.replicas(fields.wholeNumber("n"));
        }
        return question.requirements(fields.texts("require", "window@0.999<=50ms"))
                .objective(fields.text("objective"))
                .levels(levels(fields.text("levels")))
                .writeLevels(fields.textOrTexts("write_level", "LOCAL_QUORUM"))
                .readLevels(fields.textOrTexts("read_level", "LOCAL_ONE"))
                .writeDatacenters(fields.textOrTexts("write_dc", "dc1"))
                .readDatacenters(fields.textOrTexts("read_dc", "dc2"))
                .readFanout(PredictionRequestReader.readFanout(fields.text("read_fanout")))
                .speculativeRetries(fields.textOrTexts("speculative_retry", "99p"))
                .readRepair(fields.text("read_repair"))
                .replicaChoice(fields.text("replica_choice"), fields.number("snitch_badness_threshold"))
                .trials(fields.wholeNumber("trials"))
                .seed(fields.wholeNumber("seed"))
                .threads(threads)
                .build();
    }

    private static Levels levels(String text) {
        if (text == null) {
            return null;
        }
        return switch (text) {
            case "numeric" -> Levels.NUMERIC;
            case "cassandra" -> Levels.CASSANDRA;
            default ->
                throw new InvalidQuestionException(
                        "'levels' must be \"numeric\" or \"cassandra\", was \"" + JsonFields.shorten(text) + "\"");
        };
    }
}
