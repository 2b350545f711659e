package dev.pbs.model.faults;

import dev.pbs.model.distribution.LatencyDistribution;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Draws the interval of a renewal process that holds a random instant: its length L has the
 * length-biased density {@code x f(x) / E[X]} (a random instant falls in long intervals more
 * often), and the instant lies uniformly within it, so the time since the interval began (its age)
 * is {@code U L} and the time until it ends (its residual) is {@code (1 - U) L}, U uniform. This is
 * the state at a random instant of a process that has run for long, the stationary one.
 *
 * <p>Method: with the quantile function {@code x(u)}, the length-biased law of L is that of
 * {@code x(V)} with V of density {@code x(v) / E[X]} on [0, 1]. The quantile function is tabulated
 * at levels uniform on [0, 1/2] (2,048 steps) and geometric in {@code 1 - u} beyond (64 per halving,
 * down to {@code 1 - u = 2^-50}), taken as linear between them, and V is drawn by inverting its
 * cumulative integral exactly for that piecewise-linear x. The tail beyond the last level is left
 * out (for a Pareto tail of index 1.5 that is 1e-4 of the mean); a constant is drawn exactly.
 * Immutable and thread-safe; the randomness is the caller's.
 */
public final class EquilibriumSampler {

    private static final int UNIFORM_STEPS = 2048;
    private static final int STEPS_PER_HALVING = 64;
    private static final int HALVINGS = 49;

    private final double[] levels;
    private final double[] lengths;
    /** cumulative[k]: the integral of x(u) from 0 to levels[k], piecewise linear x. */
    private final double[] cumulative;

    private final double constant;

    /**
     * @param distribution the lengths of the process's intervals, ms; a finite mean above 0
     * @throws IllegalArgumentException when the mean is infinite or 0
     */
    public EquilibriumSampler(LatencyDistribution distribution) {
        FaultParameters.requirePositiveMean("an interval of a renewal process", distribution);
        double low = distribution.inverseSurvivalProbability(1.0);
        double high = distribution.inverseSurvivalProbability(0.0);
        if (low == high) {
            constant = low;
            levels = null;
            lengths = null;
            cumulative = null;
            return;
        }
        constant = Double.NaN;
        int count = UNIFORM_STEPS + HALVINGS * STEPS_PER_HALVING + 1;
        levels = new double[count];
        for (int k = 0; k <= UNIFORM_STEPS; k++) {
            levels[k] = 0.5 * k / UNIFORM_STEPS;
        }
        for (int k = 1; k <= HALVINGS * STEPS_PER_HALVING; k++) {
            levels[UNIFORM_STEPS + k] = 1 - 0.5 * Math.pow(2, -(double) k / STEPS_PER_HALVING);
        }
        lengths = new double[count];
        for (int k = 0; k < count; k++) {
            lengths[k] = distribution.inverseSurvivalProbability(1 - levels[k]);
        }
        cumulative = new double[count];
        for (int k = 1; k < count; k++) {
            cumulative[k] = cumulative[k - 1] + (levels[k] - levels[k - 1]) * (lengths[k - 1] + lengths[k]) / 2;
        }
    }

    /** A length-biased interval length, ms. */
    public double length(RandomGenerator random) {
        if (levels == null) {
            return constant;
        }
        double target = random.nextDouble() * cumulative[cumulative.length - 1];
        int found = Arrays.binarySearch(cumulative, target);
        int k = found >= 0 ? found : Math.max(0, -found - 2);
        if (k >= cumulative.length - 1) {
            return lengths[lengths.length - 1];
        }
        double width = levels[k + 1] - levels[k];
        double start = lengths[k];
        double slope = lengths[k + 1] - lengths[k];
        double wanted = (target - cumulative[k]) / width;
        // Solve start * d + slope * d^2 / 2 = wanted for d in [0, 1].
        double fraction;
        if (Math.abs(slope) < 1e-12 * Math.max(1, Math.abs(start))) {
            fraction = start > 0 ? wanted / start : 0;
        } else {
            double discriminant = Math.max(0, start * start + 2 * slope * wanted);
            fraction = wanted > 0 ? 2 * wanted / (start + Math.sqrt(discriminant)) : 0;
        }
        fraction = Math.min(1, Math.max(0, fraction));
        return start + fraction * slope;
    }
}
