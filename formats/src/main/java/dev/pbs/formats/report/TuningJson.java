package dev.pbs.formats.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.wire.Recommendation;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.tuning.CandidateMetrics;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.tuning.Tuner;
import dev.pbs.montecarlo.tuning.TuningResult;
import dev.pbs.montecarlo.tuning.TuningSpec;
import java.util.List;

/**
 * The JSON answer of {@code ./pbs tune --format json} and of the recommendations endpoint: the
 * {@link Recommendation} record built from the tuner's result.
 * <pre>
 * {"profile": {"name", "provenance"}, "n_min", "n_max", "requirements": [...], "objective",
 *  "levels": "numeric"|"cassandra", "trials", "seed", "window_p",
 *  "feasible": [{"n", "r", "w", "strict", "score", "metrics": {...}}, ...],   best first
 *  "rejected": [{"n", "r", "w", "strict", "score", "violations": [...], "metrics": {...}}, ...],
 *  "frontier": [{"n", "r", "w", "strict", "score", "metrics": {...}}, ...]}
 * metrics: {"read_p999_ms", "write_p999_ms", "window_ms" (at window_p; null beyond range),
 *           "p_consistent_at_commit"}
 * </pre>
 */
public final class TuningJson {

    private TuningJson() {}

    /** The record of a tuning result. */
    public static Recommendation answer(TuningResult result) {
        TuningSpec spec = result.spec();
        double windowProbability = windowProbability(spec);
        return new Recommendation(
                new Recommendation.Profile(spec.profile().name(), spec.profile().provenance()),
                spec.smallestN(),
                spec.largestN(),
                spec.requirements().stream().map(Requirement::text).toList(),
                spec.objective().text(),
                spec.cassandraLevels() ? "cassandra" : "numeric",
                spec.trials(),
                spec.seed(),
                windowProbability,
                result.feasible().stream()
                        .map(candidate -> candidate(candidate, windowProbability))
                        .toList(),
                result.rejected().stream()
                        .map(candidate -> rejected(candidate, windowProbability))
                        .toList(),
                result.frontier().stream()
                        .map(candidate -> candidate(candidate, windowProbability))
                        .toList());
    }

    public static ObjectNode toJson(TuningResult result) {
        return JsonMapping.tree(answer(result));
    }

    public static String toText(TuningResult result) {
        return JsonMapping.text(answer(result));
    }

    /** The probability of the first window requirement, else 0.999. */
    static double windowProbability(TuningSpec spec) {
        return Tuner.windowProbability(spec.requirements());
    }

    private static Recommendation.Candidate candidate(TuningResult.Candidate candidate, double windowProbability) {
        QuorumConfiguration configuration = candidate.configuration();
        return new Recommendation.Candidate(
                configuration.n(),
                configuration.r(),
                configuration.w(),
                configuration.isStrict(),
                candidate.score(),
                metrics(candidate.metrics(), windowProbability));
    }

    private static Recommendation.RejectedCandidate rejected(
            TuningResult.Candidate candidate, double windowProbability) {
        QuorumConfiguration configuration = candidate.configuration();
        return new Recommendation.RejectedCandidate(
                configuration.n(),
                configuration.r(),
                configuration.w(),
                configuration.isStrict(),
                candidate.score(),
                List.copyOf(candidate.violations()),
                metrics(candidate.metrics(), windowProbability));
    }

    /** The figures of one simulated configuration, the window at {@code windowProbability} (null beyond range). */
    static Recommendation.Metrics metrics(CandidateMetrics metrics, double windowProbability) {
        double window = metrics.windowMillis(windowProbability);
        return new Recommendation.Metrics(
                metrics.readLatencyMillis(Objective.PERCENTILE),
                metrics.writeLatencyMillis(Objective.PERCENTILE),
                Double.isFinite(window) ? window : null,
                metrics.consistentAt(0));
    }
}
