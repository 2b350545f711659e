package dev.pbs.montecarlo.tuning;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.SimulationSpec;
import java.util.List;
import java.util.Objects;

/**
 * A tuning question: which (N, R, W, speculative retry), N from {@code smallestN} to {@code
 * largestN} and the setting among the read path's, meet every requirement at the lowest latency by
 * the objective.
 *
 * @param cassandraLevels only the R and W that Cassandra's ONE, TWO, THREE, QUORUM and ALL give,
 *     rather than every value in 1..N
 * @param trials Monte Carlo trials per N and speculative retry setting
 * @param readPath the read path every candidate is simulated with, and the settings searched
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
        int threads,
        TuningReadPath readPath) {

    /** The widest N range one question may span. */
    public static final int MAX_N = 16;

    public TuningSpec {
        Objects.requireNonNull(profile, "profile is missing");
        Objects.requireNonNull(objective, "objective is missing");
        Objects.requireNonNull(readPath, "read path is missing");
        requirements = List.copyOf(requirements);
        if (smallestN < 1 || largestN < smallestN || largestN > MAX_N) {
            throw new IllegalArgumentException(
                    "N must be a range within 1.." + MAX_N + ", was " + smallestN + ".." + largestN);
        }
        int times = Tuner.grid(requirements).length;
        if (readPath.readRepair().readsAgainOnMismatch() && times > SimulationSpec.MAX_REPAIR_GRID_POINTS) {
            throw new IllegalArgumentException(
                    "with read repair " + readPath.readRepair().text()
                            + ", the requirements may read at most "
                            + (SimulationSpec.MAX_REPAIR_GRID_POINTS - 1) + " times after commit besides 0, read "
                            + (times - 1));
        }
    }

    /** A question simulated with the paper's read path ({@link TuningReadPath#PAPER}). */
    public TuningSpec(
            LatencyProfile profile,
            int smallestN,
            int largestN,
            List<Requirement> requirements,
            Objective objective,
            boolean cassandraLevels,
            long trials,
            long seed,
            int threads) {
        this(
                profile,
                smallestN,
                largestN,
                requirements,
                objective,
                cassandraLevels,
                trials,
                seed,
                threads,
                TuningReadPath.PAPER);
    }
}
