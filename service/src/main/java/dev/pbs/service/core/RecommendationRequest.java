package dev.pbs.service.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.tuning.RequirementParser;
import dev.pbs.montecarlo.tuning.TuningSpec;
import dev.pbs.service.PbsConfiguration;
import dev.pbs.service.errors.ApiProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A validated {@code POST /api/v1/recommendations} body: the same question as {@code ./pbs tune}.
 * <pre>
 * {"profile": NAME | "profile_inline": PROFILE, "n": 3 | "3..5", "require": ["window@0.999<=250ms", ...],
 *  "objective": "sum", "levels": "numeric" | "cassandra", "trials": T, "seed": S}
 * </pre>
 *
 * @param cacheKey identifies identical deterministic requests (empty when no seed was given)
 */
public record RecommendationRequest(TuningSpec spec, Optional<String> cacheKey) {

    static final Set<String> FIELDS = Set.of("profile", "profile_inline", "n", "require", "objective", "levels",
            "trials", "seed");

    /** Most values of N one request may span. */
    public static final int MAX_N_VALUES = 4;

    public static RecommendationRequest parse(JsonNode body, Function<String, Optional<LatencyProfile>> profiles,
            PbsConfiguration.Limits limits, int threads) {
        JsonFields fields = new JsonFields(body, FIELDS);
        LatencyProfile profile = PredictionRequest.profile(fields, profiles);
        int[] range = replicas(fields, limits);
        List<Requirement> requirements = new ArrayList<>();
        if (fields.has("require")) {
            JsonNode list = fields.node("require");
            if (!list.isArray()) {
                throw ApiProblem.badRequest("'require' must be an array of requirement strings");
            }
            for (JsonNode element : list) {
                if (!element.isTextual()) {
                    throw ApiProblem.badRequest("'require' must hold strings such as \"window@0.999<=50ms\", had "
                            + JsonFields.shorten(element.toString()));
                }
                requirements.add(RequirementParser.parse(element.textValue()));
            }
        }
        Objective objective = fields.has("objective") ? Objective.parse(fields.text("objective")) : Objective.SUM;
        boolean cassandra = false;
        if (fields.has("levels")) {
            String levels = fields.text("levels");
            if (!levels.equals("numeric") && !levels.equals("cassandra")) {
                throw ApiProblem.badRequest("'levels' must be \"numeric\" or \"cassandra\", was \""
                        + JsonFields.shorten(levels) + "\"");
            }
            cassandra = levels.equals("cassandra");
        }
        long trials = fields.has("trials") ? fields.wholeNumber("trials", 1, limits.getMaxTrials())
                : limits.getDefaultTrials();
        boolean seeded = fields.has("seed");
        long seed = seeded ? fields.wholeNumber("seed", Long.MIN_VALUE, Long.MAX_VALUE) : PredictionRequest.DEFAULT_SEED;
        TuningSpec spec = new TuningSpec(profile, range[0], range[1], requirements, objective, cassandra, trials, seed,
                threads);
        return new RecommendationRequest(spec, seeded ? Optional.of(cacheKey(spec)) : Optional.empty());
    }

    private static int[] replicas(JsonFields fields, PbsConfiguration.Limits limits) {
        if (!fields.has("n")) {
            throw ApiProblem.badRequest("'n' is required: a number or a range such as \"3..5\"");
        }
        JsonNode node = fields.node("n");
        int smallest;
        int largest;
        if (node.isTextual() && node.textValue().contains("..")) {
            String[] parts = node.textValue().split("\\.\\.", 2);
            try {
                smallest = Integer.parseInt(parts[0].trim());
                largest = Integer.parseInt(parts[1].trim());
            } catch (NumberFormatException notNumbers) {
                throw ApiProblem.badRequest("'n' must be a number or a range such as \"3..5\", was "
                        + JsonFields.shorten(node.toString()));
            }
        } else {
            smallest = (int) fields.wholeNumber("n", 1, limits.getMaxReplicas());
            largest = smallest;
        }
        if (smallest < 1 || largest < smallest || largest > limits.getMaxReplicas()) {
            throw ApiProblem.badRequest("'n' must be a range within 1.." + limits.getMaxReplicas() + ", was "
                    + smallest + ".." + largest);
        }
        if (largest - smallest + 1 > MAX_N_VALUES) {
            throw ApiProblem.badRequest("'n' may span at most " + MAX_N_VALUES + " values, was " + smallest + ".."
                    + largest);
        }
        return new int[] {smallest, largest};
    }

    private static String cacheKey(TuningSpec spec) {
        return dev.pbs.formats.profile.ProfileJson.write(spec.profile()) + "|" + spec.smallestN() + ".."
                + spec.largestN() + "|" + spec.requirements().stream().map(Requirement::text).toList() + "|"
                + spec.objective().text() + "|" + spec.cassandraLevels() + "|" + spec.trials() + "|" + spec.seed();
    }
}
