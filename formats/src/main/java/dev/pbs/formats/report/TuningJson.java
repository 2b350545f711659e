package dev.pbs.formats.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.wire.Recommendation;
import dev.pbs.formats.wire.RecommendationMetrics;
import dev.pbs.formats.wire.RecommendationReadPath;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.tuning.CandidateMetrics;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.tuning.Tuner;
import dev.pbs.montecarlo.tuning.TuningReadPath;
import dev.pbs.montecarlo.tuning.TuningResult;
import dev.pbs.montecarlo.tuning.TuningSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON answer of {@code ./pbs tune --format json} and of the recommendations endpoint: the
 * {@link Recommendation} record built from the tuner's result.
 * <pre>
 * {"profile": {"name", "provenance"}, "n_min", "n_max", "requirements": [...], "objective",
 *  "levels": "numeric"|"cassandra", "trials", "seed", "window_p",
 *  "read_path": {"read_fanout", "speculative_retry": [settings], "read_repair", "replica_choice",
 *                "snitch_badness_threshold"},      (only for a read path other than the paper's)
 *  "feasible": [{"n", "r", "w", "speculative_retry", "strict", "score", "metrics": {...}}, ...],   best first
 *  "rejected": [{"n", "r", "w", "speculative_retry", "strict", "score", "violations": [...], "metrics": {...}}, ...],
 *  "frontier": [{"n", "r", "w", "speculative_retry", "strict", "score", "metrics": {...}}, ...]}
 * speculative_retry: the candidate's setting, when several are searched or it speculates
 * metrics: {"read_p999_ms", "write_p999_ms", "window_ms" (at window_p; null beyond range),
 *           "p_consistent_at_commit",
 *           "p_speculated"                          (when the read path speculates)
 *           "read_repair": [{"t_ms", "p_repair"}]}  (with read repair blocking or none)
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
                readPath(spec.readPath()),
                result.feasible().stream()
                        .map(candidate -> candidate(candidate, spec, windowProbability))
                        .toList(),
                result.rejected().stream()
                        .map(candidate -> rejected(candidate, spec, windowProbability))
                        .toList(),
                result.frontier().stream()
                        .map(candidate -> candidate(candidate, spec, windowProbability))
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

    /**
     * Whether the answer names each candidate's speculative retry setting: when several are
     * searched or one speculates.
     */
    static boolean namesSettings(TuningReadPath readPath) {
        return readPath.searchesSpeculativeRetries() || readPath.speculates();
    }

    private static RecommendationReadPath readPath(TuningReadPath readPath) {
        if (readPath.isPaper()) {
            return null;
        }
        return new RecommendationReadPath(
                readPath.readFanout().text(),
                readPath.speculativeRetries().stream()
                        .map(SpeculativeRetry::text)
                        .toList(),
                readPath.readRepair().text(),
                readPath.replicaChoice().text(),
                readPath.replicaChoice().snitch() ? readPath.replicaChoice().badnessThreshold() : null);
    }

    private static Recommendation.Candidate candidate(
            TuningResult.Candidate candidate, TuningSpec spec, double windowProbability) {
        QuorumConfiguration configuration = candidate.configuration();
        return new Recommendation.Candidate(
                configuration.n(),
                configuration.r(),
                configuration.w(),
                setting(candidate, spec),
                configuration.isStrict(),
                candidate.score(),
                metrics(candidate.metrics(), spec, windowProbability));
    }

    private static Recommendation.RejectedCandidate rejected(
            TuningResult.Candidate candidate, TuningSpec spec, double windowProbability) {
        QuorumConfiguration configuration = candidate.configuration();
        return new Recommendation.RejectedCandidate(
                configuration.n(),
                configuration.r(),
                configuration.w(),
                setting(candidate, spec),
                configuration.isStrict(),
                candidate.score(),
                List.copyOf(candidate.violations()),
                metrics(candidate.metrics(), spec, windowProbability));
    }

    private static String setting(TuningResult.Candidate candidate, TuningSpec spec) {
        return namesSettings(spec.readPath()) ? candidate.speculativeRetry().text() : null;
    }

    /** The figures of one (N, R, W) candidate, with its read path's when it has one. */
    private static RecommendationMetrics metrics(CandidateMetrics metrics, TuningSpec spec, double windowProbability) {
        RecommendationMetrics plain = metrics(metrics, windowProbability);
        List<RecommendationMetrics.RepairFraction> repair = null;
        if (spec.readPath().readRepair().readsAgainOnMismatch()) {
            repair = new ArrayList<>();
            for (double t : Tuner.grid(spec.requirements())) {
                repair.add(new RecommendationMetrics.RepairFraction(t, metrics.repairedAt(t)));
            }
        }
        return new RecommendationMetrics(
                plain.readP999Millis(),
                plain.writeP999Millis(),
                plain.windowMillis(),
                plain.pConsistentAtCommit(),
                spec.readPath().speculates() ? metrics.speculatedFraction() : null,
                repair);
    }

    /** The figures of one simulated configuration, the window at {@code windowProbability} (null beyond range). */
    static RecommendationMetrics metrics(CandidateMetrics metrics, double windowProbability) {
        double window = metrics.windowMillis(windowProbability);
        return new RecommendationMetrics(
                metrics.readLatencyMillis(Objective.PERCENTILE),
                metrics.writeLatencyMillis(Objective.PERCENTILE),
                Double.isFinite(window) ? window : null,
                metrics.consistentAt(0));
    }
}
