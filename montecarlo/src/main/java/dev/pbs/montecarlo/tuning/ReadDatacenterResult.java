package dev.pbs.montecarlo.tuning;

import java.util.List;

/**
 * How one level candidate fares for reads coordinated in one datacenter.
 *
 * @param readDatacenter the datacenter of the read's coordinator, an index into the replicas' names
 * @param metrics the simulated figures; null when the read level cannot be used there
 * @param impossibility why the read level cannot be used there; null when it can
 * @param score the objective here, ms (lower is better); NaN when the read level cannot be used
 * @param violations what the candidate fails here, empty when it meets every requirement; the
 *     impossibility when the read level cannot be used
 */
public record ReadDatacenterResult(
        int readDatacenter, CandidateMetrics metrics, String impossibility, double score, List<String> violations) {

    public ReadDatacenterResult {
        violations = List.copyOf(violations);
        if ((metrics == null) == (impossibility == null)) {
            throw new IllegalArgumentException("a read datacenter has either figures or a reason it has none");
        }
    }

    static ReadDatacenterResult simulated(
            int readDatacenter, CandidateMetrics metrics, double score, List<String> violations) {
        return new ReadDatacenterResult(readDatacenter, metrics, null, score, violations);
    }

    static ReadDatacenterResult impossible(int readDatacenter, String reason) {
        return new ReadDatacenterResult(readDatacenter, null, reason, Double.NaN, List.of(reason));
    }

    /** Whether the read level can be used in this datacenter (then there are figures). */
    public boolean isPossible() {
        return metrics != null;
    }

    public boolean isFeasible() {
        return violations.isEmpty();
    }
}
