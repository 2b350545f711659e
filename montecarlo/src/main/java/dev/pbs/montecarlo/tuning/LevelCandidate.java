package dev.pbs.montecarlo.tuning;

import java.util.List;
import java.util.stream.Stream;

/**
 * One evaluated (write level, read level) pair: its figures in every read datacenter, and the
 * worst of them, which rank it. Latencies and windows in ms.
 *
 * @param levels the write's and the read's levels
 * @param readDatacenters one result per read datacenter, in the spec's order
 * @param score the objective at the worst read datacenter, ms (lower is better)
 * @param violations what the candidate fails, each naming the read datacenters where it does;
 *     empty when feasible
 */
public record LevelCandidate(
        LevelPair levels, List<ReadDatacenterResult> readDatacenters, double score, List<String> violations) {

    public LevelCandidate {
        readDatacenters = List.copyOf(readDatacenters);
        violations = List.copyOf(violations);
    }

    /** Every requirement holds in every read datacenter. */
    public boolean isFeasible() {
        return violations.isEmpty();
    }

    /** The read level can be used in every read datacenter. */
    public boolean isPossibleEverywhere() {
        return readDatacenters.stream().allMatch(ReadDatacenterResult::isPossible);
    }

    /** No read after commit can be stale, in any read datacenter. */
    public boolean isStrict() {
        return isPossibleEverywhere() && simulated().allMatch(CandidateMetrics::isStrict);
    }

    /** The acknowledgements the write waits for (the same whatever the read datacenter). */
    public int writeAcknowledgements() {
        return simulated().findFirst().orElseThrow().configuration().w();
    }

    /** The largest read latency at {@code percentile} (0 to 100] among the read datacenters. */
    public double worstReadLatencyMillis(double percentile) {
        return simulated()
                .mapToDouble(metrics -> metrics.readLatencyMillis(percentile))
                .max()
                .orElseThrow();
    }

    /** The write latency at {@code percentile} (0 to 100]: the write does not depend on where reads are. */
    public double writeLatencyMillis(double percentile) {
        return simulated().findFirst().orElseThrow().writeLatencyMillis(percentile);
    }

    /** The longest window at {@code probability} among the read datacenters; {@code +infinity} beyond range. */
    public double worstWindowMillis(double probability) {
        return simulated()
                .mapToDouble(metrics -> metrics.windowMillis(probability))
                .max()
                .orElseThrow();
    }

    /** The smallest P(consistent) at {@code tMillis} after commit among the read datacenters. */
    public double lowestConsistentAt(double tMillis) {
        return simulated()
                .mapToDouble(metrics -> metrics.consistentAt(tMillis))
                .min()
                .orElseThrow();
    }

    private Stream<CandidateMetrics> simulated() {
        return readDatacenters.stream().filter(ReadDatacenterResult::isPossible).map(ReadDatacenterResult::metrics);
    }
}
