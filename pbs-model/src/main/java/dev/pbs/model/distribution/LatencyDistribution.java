package dev.pbs.model.distribution;

import java.util.random.RandomGenerator;

/**
 * A distribution of one-way message delays, in milliseconds, on {@code [0, infinity)}.
 *
 * <p>Instances are immutable and thread-safe. Randomness belongs to the caller: {@link
 * #sampler(RandomGenerator)} hands out a sampler bound to the caller's generator, so a run is
 * reproducible from its seeds whatever the threads.
 *
 * <p>Sampling is by inversion: a sample is {@code inverseSurvivalProbability(V)} with V uniform on
 * (0, 1], read from a precomputed {@link QuantileTable} (relative error below 1e-5) except for
 * constants.
 */
public sealed interface LatencyDistribution
        permits Constant, Exponential, Pareto, LogNormal, Mixture, Shifted, Empirical {

    /** P(X <= x), x in milliseconds. */
    double cumulativeProbability(double millis);

    /** P(X > x), x in milliseconds; accurate in the far tail. */
    double survivalProbability(double millis);

    /**
     * The smallest x with P(X > x) <= v, in milliseconds.
     *
     * @param probability v in [0, 1]
     */
    double inverseSurvivalProbability(double probability);

    /**
     * {@code Q(v)}, the smallest x with P(X > x) <= v, in milliseconds, as fast as the samplers
     * compute it: from the distribution's {@link QuantileTable}s where it has them (relative error
     * below 1e-5 down to {@code v = 2^-64}, exact below), from {@link #inverseSurvivalProbability}
     * otherwise. For callers that choose the survival probability of each delay themselves, as
     * importance sampling does; the samplers' own draws do not use it.
     *
     * @param probability v in (0, 1]
     */
    default double tabulatedInverseSurvival(double probability) {
        return inverseSurvivalProbability(probability);
    }

    /** The mean delay in milliseconds; {@code +infinity} when it does not exist. */
    double meanMillis();

    /** A sampler drawing from this distribution with the given generator. Not thread-safe. */
    LatencySampler sampler(RandomGenerator random);

    /** One-line description for people, e.g. {@code "Pareto(xm=1.05 ms, alpha=1.51)"}. */
    String describe();

    static void requireProbability(double probability) {
        if (!(probability >= 0 && probability <= 1)) {
            throw new IllegalArgumentException("probability must be in [0, 1], was " + probability);
        }
    }

    static double requirePositiveFinite(String name, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be finite and > 0, was " + value);
        }
        return value;
    }

    static double requireNonNegativeFinite(String name, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be finite and >= 0, was " + value);
        }
        return value;
    }
}
