package dev.pbs.model.distribution;

import org.apache.commons.statistics.distribution.LogNormalDistribution;

/**
 * Log-normal delays: {@code ln X} is normal with mean mu and standard deviation sigma, X in
 * milliseconds (so mu is the log of a number of milliseconds). Median {@code e^mu}, mean
 * {@code e^(mu + sigma^2/2)}.
 */
public final class LogNormal extends CommonsStatisticsDistribution implements LatencyDistribution {

    private final double mu;
    private final double sigma;

    private LogNormal(double mu, double sigma) {
        super(LogNormalDistribution.of(mu, sigma));
        this.mu = mu;
        this.sigma = sigma;
    }

    /**
     * @param mu mean of {@code ln X}, X in milliseconds; finite
     * @param sigma standard deviation of {@code ln X}, finite and {@code > 0}
     */
    public static LogNormal of(double mu, double sigma) {
        if (!Double.isFinite(mu)) {
            throw new IllegalArgumentException("lognormal mu must be finite, was " + mu);
        }
        LatencyDistribution.requirePositiveFinite("lognormal sigma", sigma);
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
        return Math.exp(mu + sigma * sigma / 2);
    }

    @Override
    public String describe() {
        return "LogNormal(mu=" + mu + ", sigma=" + sigma + ")";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LogNormal that
                && Double.compare(mu, that.mu) == 0
                && Double.compare(sigma, that.sigma) == 0;
    }

    @Override
    public int hashCode() {
        return 31 * Double.hashCode(mu) + Double.hashCode(sigma);
    }
}
