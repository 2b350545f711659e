package dev.pbs.model.distribution;

import org.apache.commons.statistics.distribution.ExponentialDistribution;

/**
 * Exponential delays: density {@code lambda e^(-lambda x)}, mean {@code 1/lambda} milliseconds.
 * The paper's fits give the rate lambda (per millisecond); the profile files give the mean.
 */
public final class Exponential extends TabulatedDistribution implements LatencyDistribution {

    private final double meanMillis;
    private final ExponentialDistribution distribution;

    private Exponential(double meanMillis) {
        this.meanMillis = LatencyDistribution.requirePositiveFinite("exponential mean_ms", meanMillis);
        this.distribution = ExponentialDistribution.of(meanMillis);
    }

    /** @param meanMillis the mean delay {@code 1/lambda}, finite and {@code > 0} */
    public static Exponential ofMean(double meanMillis) {
        return new Exponential(meanMillis);
    }

    /** @param ratePerMillisecond lambda, finite and {@code > 0} */
    public static Exponential ofRate(double ratePerMillisecond) {
        LatencyDistribution.requirePositiveFinite("exponential rate lambda", ratePerMillisecond);
        return new Exponential(1.0 / ratePerMillisecond);
    }

    @Override
    public double meanMillis() {
        return meanMillis;
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
        return "Exponential(mean=" + meanMillis + " ms)";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Exponential that && Double.compare(meanMillis, that.meanMillis) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(meanMillis);
    }

    @Override
    public String toString() {
        return describe();
    }
}
