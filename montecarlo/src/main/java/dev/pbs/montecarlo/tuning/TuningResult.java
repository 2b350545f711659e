package dev.pbs.montecarlo.tuning;

import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.util.List;

/**
 * The answer to a tuning question: the feasible candidates best first, the rejected ones with
 * what each violates, and the Pareto frontier of read latency, write latency and window.
 */
public record TuningResult(
        TuningSpec spec, List<Candidate> feasible, List<Candidate> rejected, List<Candidate> frontier) {

    /**
     * One evaluated candidate: an (N, R, W) read with one speculative retry setting.
     *
     * @param speculativeRetry the setting its reads were simulated with
     * @param score the objective, ms (lower is better)
     * @param violations what it fails, empty when feasible
     */
    public record Candidate(
            QuorumConfiguration configuration,
            SpeculativeRetry speculativeRetry,
            CandidateMetrics metrics,
            double score,
            List<String> violations) {

        public boolean isFeasible() {
            return violations.isEmpty();
        }
    }
}
