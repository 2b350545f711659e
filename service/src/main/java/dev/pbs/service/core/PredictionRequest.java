package dev.pbs.service.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.service.PbsConfiguration;
import dev.pbs.service.errors.ApiProblem;
import dev.pbs.questions.ReportOptions;
import dev.pbs.formats.profile.ProfileJson;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A validated {@code POST /api/v1/predictions} body: the simulation to run and what to report.
 * Defaults are those of {@code ./pbs predict}, so the answer is the same JSON.
 *
 * @param cacheKey identifies identical deterministic requests (empty when no seed was given)
 */
public record PredictionRequest(SimulationSpec spec, ReportOptions report, Optional<String> cacheKey) {

    static final Set<String> FIELDS = Set.of("profile", "profile_inline", "n", "r", "w", "t_ms", "windows",
            "percentiles", "k", "trials", "seed", "read_fanout", "coordinator_replica");

    /** Seed used when a request gives none, as {@code ./pbs predict}. */
    public static final long DEFAULT_SEED = 42;

    /**
     * @param profiles finds a stored profile by name
     * @throws ApiProblem 400 naming the first problem found
     */
    public static PredictionRequest parse(JsonNode body, Function<String, Optional<LatencyProfile>> profiles,
            PbsConfiguration.Limits limits, int threads) {
        JsonFields fields = new JsonFields(body, FIELDS);
        LatencyProfile profile = profile(fields, profiles);
        int n = (int) fields.wholeNumber("n", 1, limits.getMaxReplicas());
        List<QuorumConfiguration> configurations = configurations(fields, n);
        SimulationSpec.Builder builder = SimulationSpec.builder(profile, n).configurations(configurations)
                .threads(threads);
        builder.trials(fields.has("trials") ? fields.wholeNumber("trials", 1, limits.getMaxTrials())
                : limits.getDefaultTrials());
        boolean seeded = fields.has("seed");
        builder.seed(seeded ? fields.wholeNumber("seed", Long.MIN_VALUE, Long.MAX_VALUE) : DEFAULT_SEED);
        if (fields.has("t_ms")) {
            List<Double> times = fields.numbers("t_ms", SimulationSpec.MAX_GRID_POINTS);
            for (double t : times) {
                if (t < 0) {
                    throw ApiProblem.badRequest("'t_ms' must hold times >= 0 ms, had " + t);
                }
            }
            builder.visibilityGridMillis(times.stream().mapToDouble(Double::doubleValue).toArray());
        }
        if (fields.has("read_fanout")) {
            builder.readFanout(ReadFanout.parse(fields.text("read_fanout")));
        }
        if (fields.has("coordinator_replica")) {
            builder.coordinatorReplica(fields.bool("coordinator_replica"));
        }
        ReportOptions report = new ReportOptions(
                fields.has("windows") ? fields.numbers("windows", ReportOptions.MAX_VALUES)
                        : ReportOptions.DEFAULT.windows(),
                fields.has("percentiles") ? fields.numbers("percentiles", ReportOptions.MAX_VALUES)
                        : ReportOptions.DEFAULT.percentiles(),
                fields.has("k") ? fields.wholeNumbers("k", ReportOptions.MAX_VALUES)
                        : ReportOptions.DEFAULT.versionsBehind());
        SimulationSpec spec = builder.build();
        Optional<String> key = seeded ? Optional.of(cacheKey(spec, report)) : Optional.empty();
        return new PredictionRequest(spec, report, key);
    }

    static LatencyProfile profile(JsonFields fields,
            Function<String, Optional<LatencyProfile>> profiles) {
        boolean named = fields.has("profile");
        boolean inline = fields.has("profile_inline");
        if (named == inline) {
            throw ApiProblem.badRequest("give exactly one of 'profile' (a name) and 'profile_inline' (a profile)");
        }
        if (inline) {
            try {
                return ProfileJson.read(fields.node("profile_inline"));
            } catch (IllegalArgumentException invalid) {
                throw ApiProblem.badRequest("profile_inline: " + invalid.getMessage());
            }
        }
        String name = fields.text("profile");
        return profiles.apply(name).orElseThrow(() -> ApiProblem.of(404, "no profile named '"
                + JsonFields.shorten(name) + "'; GET /api/v1/profiles lists them"));
    }

    private static List<QuorumConfiguration> configurations(JsonFields fields, int n) {
        boolean read = fields.has("r");
        boolean write = fields.has("w");
        if (read != write) {
            throw ApiProblem.badRequest("give both 'r' and 'w', or neither for every (R, W)");
        }
        if (read) {
            return List.of(QuorumConfiguration.parse(n, fields.quorum("r"), fields.quorum("w")));
        }
        if ((long) n * n > SimulationSpec.MAX_CONFIGURATIONS) {
            throw ApiProblem.badRequest("every (R, W) of N=" + n + " is " + (long) n * n + " configurations, more than "
                    + SimulationSpec.MAX_CONFIGURATIONS + ": give 'r' and 'w'");
        }
        return SimulationSpec.allConfigurations(n);
    }

    /** Everything that determines the answer, as text: the profile itself, not just its name. */
    private static String cacheKey(SimulationSpec spec, ReportOptions report) {
        return ProfileJson.write(spec.profile()) + "|" + spec.n() + "|" + spec.configurations() + "|"
                + spec.trials() + "|" + spec.seed() + "|" + spec.readFanout() + "|" + spec.coordinatorReplica() + "|"
                + java.util.Arrays.toString(spec.visibilityGridMillis()) + "|" + report;
    }
}
