package dev.pbs.montecarlo.tuning;

import dev.pbs.model.profile.LatencyProfile;
import java.util.List;
import java.util.Objects;

/**
 * A tuning question: which (N, R, W), N from {@code smallestN} to {@code largestN}, meet every
 * requirement at the lowest latency by the objective.
 *
 * @param cassandraLevels only the R and W that Cassandra's ONE, TWO, THREE, QUORUM and ALL give,
 *     rather than every value in 1..N
 */
public record TuningSpec(
        LatencyProfile profile,
        int smallestN,
        int largestN,
        List<Requirement> requirements,
        Objective objective,
        boolean cassandraLevels,
        long trials,
        long seed,
        int threads) {

    /** The widest N range one question may span. */
    public static final int MAX_N = 16;

    public TuningSpec {
        Objects.requireNonNull(profile, "profile is missing");
        Objects.requireNonNull(objective, "objective is missing");
        requirements = List.copyOf(requirements);
        if (smallestN < 1 || largestN < smallestN || largestN > MAX_N) {
            throw new IllegalArgumentException(
                    "N must be a range within 1.." + MAX_N + ", was " + smallestN + ".." + largestN);
        }
    }
}
