package dev.pbs.formats.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.wire.Recommendation;
import dev.pbs.formats.wire.RecommendationMetrics;
import dev.pbs.formats.wire.RecommendationReadDatacenter;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.montecarlo.tuning.CandidateMetrics;
import dev.pbs.montecarlo.tuning.LevelCandidate;
import dev.pbs.montecarlo.tuning.LevelTuningResult;
import dev.pbs.montecarlo.tuning.LevelTuningSpec;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.ReadDatacenterResult;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.tuning.Tuner;
import java.util.List;

/**
 * The JSON answer of {@code ./pbs tune --format json} and of the recommendations endpoint for
 * consistency levels across datacenters: the {@link Recommendation} record with {@code "levels":
 * "datacenters"}.
 * <pre>
 * {"profile", "n_min" = "n_max" = N, "requirements", "objective", "levels": "datacenters",
 *  "datacenters": [names], "write_dc", "read_dcs": [names], "trials", "seed", "window_p",
 *  "feasible": [{"write_level", "read_level", "write_dc", "n", "w", "strict", "score", "feasible",
 *                "metrics": {worst over read_dcs}, "read_dcs": [{"read_dc", "possible", "r", "strict",
 *                "score", "violations", "metrics"}, ...]}, ...],   best first
 *  "rejected": [... the same with "violations": ["reads from dc2: window@0.999=45ms > 20ms", ...]],
 *  "frontier": [...]}
 * </pre>
 * A candidate's {@code metrics} are its worst over the read datacenters where its read level can
 * be used: the largest read p99.9 and window, the smallest P(consistent) at commit.
 */
public final class LevelTuningJson {

    /** The value of {@code levels} for consistency levels across datacenters. */
    public static final String LEVELS = "datacenters";

    private LevelTuningJson() {}

    /** The record of a level tuning result. */
    public static Recommendation answer(LevelTuningResult result) {
        LevelTuningSpec spec = result.spec();
        DatacenterReplicas replicas = spec.replicas();
        double windowProbability = Tuner.windowProbability(spec.requirements());
        return new Recommendation(
                new Recommendation.Profile(spec.profile().name(), spec.profile().provenance()),
                replicas.replicaCount(),
                replicas.replicaCount(),
                spec.requirements().stream().map(Requirement::text).toList(),
                spec.objective().text(),
                LEVELS,
                replicas.names(),
                replicas.name(spec.writeDatacenter()),
                spec.readDatacenters().stream().map(replicas::name).toList(),
                spec.trials(),
                spec.seed(),
                windowProbability,
                null,
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

    public static ObjectNode toJson(LevelTuningResult result) {
        return JsonMapping.tree(answer(result));
    }

    public static String toText(LevelTuningResult result) {
        return JsonMapping.text(answer(result));
    }

    private static Recommendation.Candidate candidate(
            LevelCandidate candidate, LevelTuningSpec spec, double windowProbability) {
        return new Recommendation.Candidate(
                candidate.levels().writeLevel().name(),
                candidate.levels().readLevel().name(),
                spec.replicas().name(spec.writeDatacenter()),
                spec.replicas().replicaCount(),
                null,
                candidate.writeAcknowledgements(),
                null,
                candidate.isStrict(),
                candidate.score(),
                candidate.isFeasible(),
                worst(candidate, windowProbability),
                readDatacenters(candidate, spec, windowProbability));
    }

    private static Recommendation.RejectedCandidate rejected(
            LevelCandidate candidate, LevelTuningSpec spec, double windowProbability) {
        return new Recommendation.RejectedCandidate(
                candidate.levels().writeLevel().name(),
                candidate.levels().readLevel().name(),
                spec.replicas().name(spec.writeDatacenter()),
                spec.replicas().replicaCount(),
                null,
                candidate.writeAcknowledgements(),
                null,
                candidate.isStrict(),
                candidate.score(),
                candidate.isFeasible(),
                candidate.violations(),
                worst(candidate, windowProbability),
                readDatacenters(candidate, spec, windowProbability));
    }

    private static List<RecommendationReadDatacenter> readDatacenters(
            LevelCandidate candidate, LevelTuningSpec spec, double windowProbability) {
        return candidate.readDatacenters().stream()
                .map(read -> readDatacenter(read, spec, windowProbability))
                .toList();
    }

    private static RecommendationReadDatacenter readDatacenter(
            ReadDatacenterResult read, LevelTuningSpec spec, double windowProbability) {
        String name = spec.replicas().name(read.readDatacenter());
        if (!read.isPossible()) {
            return new RecommendationReadDatacenter(name, false, null, null, null, read.violations(), null);
        }
        CandidateMetrics metrics = read.metrics();
        return new RecommendationReadDatacenter(
                name,
                true,
                metrics.configuration().r(),
                metrics.isStrict(),
                read.score(),
                read.violations(),
                TuningJson.metrics(metrics, windowProbability));
    }

    private static RecommendationMetrics worst(LevelCandidate candidate, double windowProbability) {
        double window = candidate.worstWindowMillis(windowProbability);
        return new RecommendationMetrics(
                candidate.worstReadLatencyMillis(Objective.PERCENTILE),
                candidate.writeLatencyMillis(Objective.PERCENTILE),
                Double.isFinite(window) ? window : null,
                candidate.lowestConsistentAt(0));
    }
}
