package dev.pbs.model.distribution;

import org.apache.commons.statistics.distribution.ContinuousDistribution;

/**
 * A parametric distribution whose CDF, survival function and inverse are Commons Statistics'
 * (accurate in both tails); sampled through a {@link QuantileTable}.
 */
abstract class CommonsStatisticsDistribution extends TabulatedDistribution {

    private final ContinuousDistribution distribution;

    CommonsStatisticsDistribution(ContinuousDistribution distribution) {
        this.distribution = distribution;
    }

    public double cumulativeProbability(double millis) {
        return distribution.cumulativeProbability(millis);
    }

    public double survivalProbability(double millis) {
        return distribution.survivalProbability(millis);
    }

    @Override
    public double inverseSurvivalProbability(double probability) {
        LatencyDistribution.requireProbability(probability);
        return distribution.inverseSurvivalProbability(probability);
    }

    /** One-line description for people. */
    public abstract String describe();

    @Override
    public String toString() {
        return describe();
    }
}
