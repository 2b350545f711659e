package dev.pbs.model.distribution;

import org.apache.commons.statistics.distribution.ExponentialDistribution;

/**
 * Exponential delays: density {@code lambda e^(-lambda x)}, mean {@code 1/lambda} milliseconds.
 * The paper's fits give the rate lambda (per millisecond); the profile files give the mean.
 */
public final class Exponential extends CommonsStatisticsDistribution implements LatencyDistribution {

    private final double meanMillis;

    private Exponential(double meanMillis) {
        super(ExponentialDistribution.of(meanMillis));
        this.meanMillis = meanMillis;
    }

    /** @param meanMillis the mean delay {@code 1/lambda}, finite and {@code > 0} */
    public static Exponential ofMean(double meanMillis) {
        return new Exponential(LatencyDistribution.requirePositiveFinite("exponential mean_ms", meanMillis));
    }

    /** @param ratePerMillisecond lambda, finite and {@code > 0} */
    public static Exponential ofRate(double ratePerMillisecond) {
        LatencyDistribution.requirePositiveFinite("exponential rate lambda", ratePerMillisecond);
        return ofMean(1.0 / ratePerMillisecond);
    }

    @Override
    public double meanMillis() {
        return meanMillis;
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
}
