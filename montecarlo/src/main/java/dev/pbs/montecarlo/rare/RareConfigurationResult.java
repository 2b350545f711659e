package dev.pbs.montecarlo.rare;

import dev.pbs.model.quorum.QuorumConfiguration;
import java.util.Arrays;

/**
 * The rare-event estimates of one (R, W): P(stale at t) and windows, each with its 95% interval
 * and effective sample size.
 */
public final class RareConfigurationResult {

    private final QuorumConfiguration configuration;
    private final WeightedThresholds thresholds;
    private final double[] grid;
    private final long trials;
    private final double relativeHalfWidth;

    RareConfigurationResult(
            QuorumConfiguration configuration,
            WeightedThresholds thresholds,
            double[] grid,
            long trials,
            double relativeHalfWidth) {
        this.configuration = configuration;
        this.thresholds = thresholds;
        this.grid = grid;
        this.trials = trials;
        this.relativeHalfWidth = relativeHalfWidth;
    }

    public QuorumConfiguration configuration() {
        return configuration;
    }

    /**
     * P(stale at t) = P(t* > t): exact at the times of the run's grid (the simulation's grid and the
     * targets' times), to the histogram's resolution (0.1% of t) elsewhere.
     *
     * @param tMillis t, finite and {@code >= 0}
     */
    public ImportanceEstimate staleAt(double tMillis) {
        if (!(tMillis >= 0) || Double.isInfinite(tMillis)) {
            throw new IllegalArgumentException("time after commit must be finite and >= 0 ms, was " + tMillis);
        }
        int index = Arrays.binarySearch(grid, tMillis);
        return index >= 0 ? thresholds.staleAtGridTime(index, trials) : thresholds.staleAt(tMillis, trials);
    }

    /** Whether {@link #staleAt} is exact at t (t is a time of the run's grid). */
    public boolean isExactAt(double tMillis) {
        return Arrays.binarySearch(grid, tMillis) >= 0;
    }

    /**
     * The window at level p, with its precision ({@link ImportanceWindow}).
     *
     * @param level p in (0, 1)
     */
    public ImportanceWindow window(double level) {
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("a window's level must be in (0, 1), was " + level);
        }
        return thresholds.window(level, trials, relativeHalfWidth);
    }
}
