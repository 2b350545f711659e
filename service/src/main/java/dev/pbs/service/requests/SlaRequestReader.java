package dev.pbs.service.requests;

import dev.pbs.questions.InvalidQuestionException;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.questions.SlaQuestion;
import dev.pbs.questions.Vocabulary;
import dev.pbs.service.core.ProfileStore;

/** Translates the query parameters of {@code GET /api/v1/sla/window} into an {@link SlaQuestion}. */
public final class SlaRequestReader {

    private final ProfileStore profiles;
    private final QuestionLimits limits;
    private final int threads;

    public SlaRequestReader(ProfileStore profiles, QuestionLimits limits, int threads) {
        this.profiles = profiles;
        this.limits = limits;
        this.threads = threads;
    }

    /**
     * Each argument is the query parameter as sent, null when absent.
     *
     * @throws InvalidQuestionException naming the first problem found
     * @throws dev.pbs.service.core.UnknownProfileException when the named profile is not stored
     */
    public SlaQuestion read(String profile, String n, String r, String w, String p, String trials, String seed) {
        Double probability = p == null ? null : number("p", p);
        return SlaQuestion.builder(
                        RequestProfiles.named(required("profile", profile), profiles), limits, Vocabulary.JSON)
                .replicas(wholeNumber("n", required("n", n)))
                .quorums(required("r", r), required("w", w))
                .probability(probability)
                .trials(trials == null ? null : wholeNumber("trials", trials))
                .seed(seed == null ? null : wholeNumber("seed", seed))
                .threads(threads)
                .build();
    }

    private static String required(String name, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidQuestionException("query parameter '" + name + "' is required");
        }
        return value.trim();
    }

    private static long wholeNumber(String name, String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException notANumber) {
            throw new InvalidQuestionException(
                    "query parameter '" + name + "' must be a whole number, was '" + JsonFields.shorten(text) + "'");
        }
    }

    private static double number(String name, String text) {
        try {
            double value = Double.parseDouble(text.trim());
            if (!Double.isFinite(value)) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException notANumber) {
            throw new InvalidQuestionException(
                    "query parameter '" + name + "' must be a finite number, was '" + JsonFields.shorten(text) + "'");
        }
    }
}
