package dev.pbs.montecarlo.tuning;

import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.montecarlo.LevelSimulationResult;
import dev.pbs.montecarlo.ProgressListener;
import dev.pbs.montecarlo.WarsEngine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Answers a {@link LevelTuningSpec}: one simulation evaluates every (write level, read level) pair
 * in every read datacenter on the same draws; a pair is feasible when every requirement holds in
 * every read datacenter; the feasible ones are ranked by the objective at their worst read
 * datacenter (ties: write level, then read level, in {@link dev.pbs.model.quorum.ConsistencyLevel}
 * order).
 */
public final class LevelTuner {

    private static final Comparator<LevelCandidate> BEST = Comparator.comparingDouble(LevelCandidate::score)
            .thenComparing(candidate -> candidate.levels().writeLevel())
            .thenComparing(candidate -> candidate.levels().readLevel());

    private final WarsEngine engine = new WarsEngine();

    public LevelTuningResult tune(LevelTuningSpec spec) {
        return tune(spec, ProgressListener.NONE);
    }

    /** As {@link #tune(LevelTuningSpec)}, telling {@code listener} how many trials are done. */
    public LevelTuningResult tune(LevelTuningSpec spec, ProgressListener listener) {
        LevelSimulationResult simulated = engine.run(spec.simulation(), listener);
        List<LevelCandidate> all = new ArrayList<>();
        for (LevelPair pair : spec.candidates()) {
            all.add(candidate(spec, pair, simulated));
        }
        List<LevelCandidate> feasible =
                all.stream().filter(LevelCandidate::isFeasible).sorted(BEST).toList();
        List<LevelCandidate> rejected = all.stream()
                .filter(candidate -> !candidate.isFeasible())
                .sorted(BEST)
                .toList();
        double probability = Tuner.windowProbability(spec.requirements());
        List<LevelCandidate> frontier = ParetoFrontier.of(
                all.stream().filter(LevelCandidate::isPossibleEverywhere).toList(),
                candidate -> new double[] {
                    candidate.worstReadLatencyMillis(Objective.PERCENTILE),
                    candidate.writeLatencyMillis(Objective.PERCENTILE),
                    candidate.worstWindowMillis(probability)
                },
                BEST);
        return new LevelTuningResult(spec, feasible, rejected, frontier);
    }

    private static LevelCandidate candidate(LevelTuningSpec spec, LevelPair pair, LevelSimulationResult simulated) {
        List<ReadDatacenterResult> reads = new ArrayList<>();
        double worstScore = Double.NEGATIVE_INFINITY;
        for (int datacenter : spec.readDatacenters()) {
            LevelConfiguration configuration = spec.configuration(pair, datacenter);
            Optional<String> impossible = spec.impossibility(configuration);
            if (impossible.isPresent()) {
                reads.add(ReadDatacenterResult.impossible(datacenter, impossible.get()));
                continue;
            }
            CandidateMetrics metrics =
                    new CandidateMetrics(simulated.configuration(configuration).orElseThrow());
            List<String> violations = new ArrayList<>();
            for (Requirement requirement : spec.requirements()) {
                requirement.violation(metrics).ifPresent(violations::add);
            }
            double score = spec.objective().score(metrics);
            worstScore = Math.max(worstScore, score);
            reads.add(ReadDatacenterResult.simulated(datacenter, metrics, score, violations));
        }
        return new LevelCandidate(pair, reads, worstScore, violations(reads, spec.replicas()));
    }

    /**
     * Each distinct violation once, after the read datacenters where it occurs: {@code reads from
     * dc2: window@0.999=45.1ms > 20ms}.
     */
    private static List<String> violations(List<ReadDatacenterResult> reads, DatacenterReplicas replicas) {
        Map<String, List<String>> where = new LinkedHashMap<>();
        for (ReadDatacenterResult read : reads) {
            for (String violation : read.violations()) {
                where.computeIfAbsent(violation, text -> new ArrayList<>()).add(replicas.name(read.readDatacenter()));
            }
        }
        List<String> violations = new ArrayList<>();
        where.forEach((violation, datacenters) ->
                violations.add("reads from " + String.join(", ", datacenters) + ": " + violation));
        return violations;
    }
}
