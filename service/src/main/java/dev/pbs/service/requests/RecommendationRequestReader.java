package dev.pbs.service.requests;

import dev.pbs.questions.InvalidQuestionException;
import dev.pbs.questions.Levels;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.questions.TuningQuestion;
import dev.pbs.questions.Vocabulary;
import dev.pbs.service.core.ProfileStore;

/**
 * Makes the {@link TuningQuestion} of {@code ./pbs tune} of a {@code POST /api/v1/recommendations}
 * body, which Jackson has read (JSON types checked): the question checks every value against the
 * configured limits. {@code n} is a number or a range {@code "3..5"}; {@code speculative_retry} may
 * list several settings to search, as an array or separated by commas outside parentheses.
 */
public final class RecommendationRequestReader {

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
    public TuningQuestion read(RecommendationRequestBody body) {
        TuningQuestion.Builder question = TuningQuestion.builder(
                RequestProfiles.resolve(body.profile(), body.profileInline(), profiles), limits, Vocabulary.JSON);
        if (body.n() instanceof String range) {
            question.replicas(range);
        } else {
            question.replicas((Long) body.n());
        }
        return question.requirements(body.require())
                .objective(body.objective())
                .levels(levels(body.levels()))
                .writeLevels(body.writeLevels())
                .readLevels(body.readLevels())
                .writeDatacenters(body.writeDatacenters())
                .readDatacenters(body.readDatacenters())
                .readFanout(PredictionRequestReader.readFanout(body.readFanout()))
                .speculativeRetries(body.speculativeRetry())
                .readRepair(body.readRepair())
                .replicaChoice(body.replicaChoice(), body.snitchBadnessThreshold())
                .trials(body.trials())
                .seed(body.seed())
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
