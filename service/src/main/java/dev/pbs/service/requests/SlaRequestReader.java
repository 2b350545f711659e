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
     * Each argument is the query parameter as sent, null when absent. For consistency levels across
     * datacenters ({@code write_level}, {@code read_level}, {@code write_dc}, {@code read_dc}, or a
     * profile that names its datacenters) {@code n} is optional and {@code r} and {@code w} are refused.
     *
     * @throws InvalidQuestionException naming the first problem found
     * @throws dev.pbs.service.core.UnknownProfileException when the named profile is not stored
     */
    public SlaQuestion read(
            String profile,
            String n,
            String r,
            String w,
            String p,
            String trials,
            String seed,
            String writeLevel,
            String readLevel,
            String writeDatacenter,
            String readDatacenter) {
        Double probability = p == null ? null : number("p", p);
        return SlaQuestion.builder(
                        RequestProfiles.named(required("profile", profile), profiles), limits, Vocabulary.JSON)
                .replicas(n == null ? null : wholeNumber("n", given("n", n)))
                .quorums(given("r", r), given("w", w))
                .levels(
                        given("write_level", writeLevel),
                        given("read_level", readLevel),
                        given("write_dc", writeDatacenter),
                        given("read_dc", readDatacenter))
                .probability(probability)
                .trials(trials == null ? null : wholeNumber("trials", trials))
                .seed(seed == null ? null : wholeNumber("seed", seed))
                .threads(threads)
                .build();
    }

    /** The value trimmed, or null when absent; an empty value is refused. */
    private static String given(String name, String value) {
        if (value == null) {
            return null;
        }
        if (value.isBlank()) {
            throw new InvalidQuestionException("query parameter '" + name + "' is empty");
        }
        return value.trim();
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
