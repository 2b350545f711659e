package dev.pbs.model.distribution;

import org.apache.commons.statistics.distribution.LogNormalDistribution;

/**
 * Log-normal delays: {@code ln X} is normal with mean mu and standard deviation sigma, X in
 * milliseconds (so mu is the log of a number of milliseconds). Median {@code e^mu}, mean
 * {@code e^(mu + sigma^2/2)}.
 */
public final class LogNormal extends TabulatedDistribution implements LatencyDistribution {

    private final double mu;
    private final double sigma;
    private final LogNormalDistribution distribution;

    private LogNormal(double mu, double sigma) {
        if (!Double.isFinite(mu)) {
            throw new IllegalArgumentException("lognormal mu must be finite, was " + mu);
        }
        this.mu = mu;
        this.sigma = LatencyDistribution.requirePositiveFinite("lognormal sigma", sigma);
        this.distribution = LogNormalDistribution.of(mu, sigma);
    }

    /**
     * @param mu mean of {@code ln X}, X in milliseconds; finite
     * @param sigma standard deviation of {@code ln X}, finite and {@code > 0}
     */
    public static LogNormal of(double mu, double sigma) {
        return new LogNormal(mu, sigma);
    }

    public double mu() {
        return mu;
    }

    public double sigma() {
        return sigma;
    }

    @Override
    public double meanMillis() {
        return distribution.getMean();
    }

    @Override
    public double cumulativeProbability(double millis) {
        return distribution.cumulativeProbability(millis);
    }

    @Override
    public double survivalProbability(double millis) {
        return distribution.survivalProbability(millis);
    }

    @Override
    public double inverseSurvivalProbability(double probability) {
        LatencyDistribution.requireProbability(probability);
        return distribution.inverseSurvivalProbability(probability);
    }

    @Override
    public String describe() {
        return "LogNormal(mu=" + mu + ", sigma=" + sigma + ")";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LogNormal that && Double.compare(mu, that.mu) == 0
                && Double.compare(sigma, that.sigma) == 0;
    }

    @Override
    public int hashCode() {
        return 31 * Double.hashCode(mu) + Double.hashCode(sigma);
    }

    @Override
    public String toString() {
        return describe();
    }
}
