package dev.pbs.montecarlo.tuning;

import java.util.List;

/**
 * The answer to a level tuning question: the feasible (write level, read level) pairs best first,
 * the rejected ones with what each violates and where, and the Pareto frontier of the worst read
 * p99.9, the write p99.9 and the worst window over the pairs usable in every read datacenter.
 */
public record LevelTuningResult(
        LevelTuningSpec spec,
        List<LevelCandidate> feasible,
        List<LevelCandidate> rejected,
        List<LevelCandidate> frontier) {

    public LevelTuningResult {
        feasible = List.copyOf(feasible);
        rejected = List.copyOf(rejected);
        frontier = List.copyOf(frontier);
    }
}
